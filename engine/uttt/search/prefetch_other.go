//go:build !amd64 || purego

package search

import "unsafe"

// prefetch does nothing where there is no assembly for it.
func prefetch(addr unsafe.Pointer) {}
