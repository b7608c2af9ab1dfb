package search

import (
	"fmt"
	"math/bits"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
)

// internal/gentables computes tables.go the plain way and its TestCheckedIn checks the
// checked-in file is its output; the tests here check the search's tables against
// their definitions.

// TestLateTables checks the network's and search's tables in tables.go
// against their definitions.
func TestLateTables(t *testing.T) {
	for b := range 9 {
		var want []lineSlot
		for l, m := range uttt.Lines() {
			if m>>b&1 != 0 {
				i := bits.OnesCount16(m & (1<<b - 1))
				want = append(want, lineSlot{uint8(l), uint8(i)})
				if lineBoards[l][i] != uint8(b) {
					t.Fatalf("lineBoards[%d][%d] = %d, want %d", l, i, lineBoards[l][i], b)
				}
			}
		}
		if fmt.Sprint(lineSlots[b]) != fmt.Sprint(want) {
			t.Fatalf("lineSlots[%d] = %v, want %v", b, lineSlots[b], want)
		}
	}
	for m := range 512 {
		var sp uint32
		free := false
		for b := range 9 {
			sp |= uint32(m>>b&1) << (2 * b)
		}
		for _, l := range uttt.Lines() {
			free = free || l&uint16(m) == 0
		}
		if spread2[m] != sp || freeLine[m] != free {
			t.Fatalf("spread2/freeLine[%d] = %#x/%v, want %#x/%v", m, spread2[m], freeLine[m], sp, free)
		}
	}
	for m := range 512 {
		near := !freeLine[m]
		for b := range 9 {
			near = near || !freeLine[m|1<<b]
		}
		if nearDead[m] != near {
			t.Fatalf("nearDead[%d] = %v, want %v", m, nearDead[m], near)
		}
	}
}
