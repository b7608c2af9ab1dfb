package search

import (
	"syscall"
	"unsafe"
)

// hugePages asks the kernel to back the 2 MB-aligned part of the size bytes at ptr
// with transparent huge pages (madvise MADV_HUGEPAGE) before they are first touched:
// the transposition table and the network's rows are read at random, and with 4 KB
// pages most of those reads also miss the TLB. Where the kernel says no (huge pages
// off, or "never"), nothing changes.
func hugePages(ptr unsafe.Pointer, size uintptr) {
	const huge = 2 << 20
	start := (uintptr(ptr) + huge - 1) &^ (huge - 1)
	end := (uintptr(ptr) + size) &^ (huge - 1)
	if end <= start {
		return
	}
	syscall.Syscall(syscall.SYS_MADVISE, start, end-start, syscall.MADV_HUGEPAGE) // an error changes nothing
}
