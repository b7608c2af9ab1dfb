//go:build !linux

package search

import "unsafe"

// hugePages does nothing outside Linux.
func hugePages(ptr unsafe.Pointer, size uintptr) {}
