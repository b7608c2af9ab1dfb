package search

import (
	"math/bits"
	"sync/atomic"
	"unsafe"

	"github.com/boardlab/boardlab/engine/uttt"
)

// Bound kinds of a stored score.
const (
	boundNone  = 0
	boundUpper = 1 // score <= stored (fail low)
	boundLower = 2 // score >= stored (fail high)
	boundExact = 3
)

// ttEntry is one slot: data and the key xor data, so a torn write between threads is
// detected as a miss (lockless hashing). Both words are read and written atomically,
// which costs nothing on amd64.
type ttEntry struct {
	check atomic.Uint64 // key ^ data
	data  atomic.Uint64
}

// data layout: move 8 | score 16 | depth 8 | bound 2 | age 6.
func packTT(m uttt.Move, score, depth, bound int, age uint8) uint64 {
	return uint64(m) | uint64(uint16(int16(score)))<<8 | uint64(uint8(depth))<<24 |
		uint64(bound)<<32 | uint64(age&63)<<34
}

func ttMove(d uint64) uttt.Move { return uttt.Move(d) }
func ttScore(d uint64) int      { return int(int16(uint16(d >> 8))) }
func ttDepth(d uint64) int      { return int(uint8(d >> 24)) }
func ttBound(d uint64) int      { return int(d>>32) & 3 }
func ttAge(d uint64) uint8      { return uint8(d>>34) & 63 }

// table is a power-of-two transposition table of two-slot buckets: slot 0 keeps the
// deepest entry (depth-preferred), slot 1 always takes the newest.
type table struct {
	slots []ttEntry
	mask  uint64 // bucket index mask
	age   uint8
}

const ttEntryBytes = 16

func newTable(mb int) *table {
	if mb < 1 {
		mb = 1
	}
	n := uint64(mb) << 20 / ttEntryBytes
	n = 1 << (bits.Len64(n) - 1) // round down to a power of two
	slots := make([]ttEntry, n)
	// The pages are mapped as the searches first touch them, not here: a bot's clock
	// runs from the arrival of its request, and mapping them all up front costs more of
	// it than the pages a short first search touches (notes/2026-12-06-uttt-engine-cold-start.md).
	hugePages(unsafe.Pointer(&slots[0]), uintptr(n)*ttEntryBytes)
	return &table{slots: slots, mask: n/2 - 1}
}

func (t *table) clear() {
	clear(t.slots) // no search is running: plain zeroing is safe
	t.age = 0
}

// prefetch starts loading key's bucket into the cache.
func (t *table) prefetch(key uint64) {
	prefetch(unsafe.Pointer(&t.slots[(key&t.mask)*2]))
}

// probe returns the data stored for key, or 0.
func (t *table) probe(key uint64) uint64 {
	i := (key & t.mask) * 2
	for j := i; j < i+2; j++ {
		d := t.slots[j].data.Load()
		if t.slots[j].check.Load()^d == key && d != 0 {
			return d
		}
	}
	return 0
}

// store saves an entry: into the depth-preferred slot when it is as deep as what is
// there (or that entry is stale or the same position), else into the always slot.
func (t *table) store(key uint64, m uttt.Move, score, depth, bound int) {
	i := (key & t.mask) * 2
	d := packTT(m, score, depth, bound, t.age)
	e := &t.slots[i]
	old := e.data.Load()
	if e.check.Load()^old == key || ttDepth(old) <= depth || ttAge(old) != t.age&63 {
		if m == uttt.NoMove && e.check.Load()^old == key {
			d = d&^0xff | old&0xff // keep the known best move
		}
		e.check.Store(key ^ d)
		e.data.Store(d)
		return
	}
	e = &t.slots[i+1]
	e.check.Store(key ^ d)
	e.data.Store(d)
}

// scoreToTT converts a score at ply into one relative to the stored node, so mate
// distances stay right wherever the position is reached again.
func scoreToTT(s, ply int) int {
	switch {
	case s >= ScoreWinMin:
		return s + ply
	case s <= -ScoreWinMin:
		return s - ply
	}
	return s
}

func scoreFromTT(s, ply int) int {
	switch {
	case s >= ScoreWinMin:
		return s - ply
	case s <= -ScoreWinMin:
		return s + ply
	}
	return s
}
