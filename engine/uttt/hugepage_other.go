//go:build !linux

package uttt

import "unsafe"

// hugePages does nothing outside Linux.
func hugePages(ptr unsafe.Pointer, size uintptr) {}
