//go:build amd64 && !purego

package uttt

import "unsafe"

// prefetch asks the CPU to bring the cache line at addr in (PREFETCHT0): the search
// calls it for the table slot and network rows it will read next, so their cache
// misses overlap with other work. It never faults, whatever addr is.
//
//go:noescape
func prefetch(addr unsafe.Pointer)
