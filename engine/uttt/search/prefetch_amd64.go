//go:build amd64 && !purego

package search

import "unsafe"

// prefetch asks the CPU to bring the cache line at addr in (PREFETCHT0): the search
// calls it for the table bucket a child will probe, so the cache miss overlaps with
// the child's other work. It never faults, whatever addr is.
//
//go:noescape
func prefetch(addr unsafe.Pointer)
