package selfplay

import (
	"math/bits"
	"testing"
)

// TestSelectBitTable checks select_table.go (written by internal/gentables) against
// the plain definition: the k-th entry of a mask's row is the index of its k-th set bit.
func TestSelectBitTable(t *testing.T) {
	for m := range 512 {
		rest := uint16(m)
		for k := range bits.OnesCount16(uint16(m)) {
			if want := bits.TrailingZeros16(rest); int(selectBit[m][k]) != want {
				t.Fatalf("selectBit[%d][%d] = %d, want %d: run go generate in engine/uttt/selfplay", m, k, selectBit[m][k], want)
			}
			rest &= rest - 1
		}
	}
}
