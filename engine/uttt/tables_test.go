package uttt

import "testing"

// TestTables checks the rules' tables in tables.go (written by internal/gentables)
// against their definitions; internal/gentables checks the file is up to date.
func TestTables(t *testing.T) {
	for m := range 512 {
		win := false
		for _, l := range lines {
			win = win || uint16(m)&l == l
		}
		if winTab[m] != win {
			t.Fatalf("winTab[%#o] = %v, want %v", m, winTab[m], win)
		}
	}
	for m := range 256 {
		b, tile := uint8(9), uint8(9)
		if m < 81 {
			b, tile = uint8(m/9), uint8(m%9)
		}
		if moveBoard[m] != b || moveTile[m] != tile {
			t.Fatalf("moveBoard, moveTile[%d] = %d, %d, want %d, %d", m, moveBoard[m], moveTile[m], b, tile)
		}
	}
	seen := map[uint64]bool{zobSide: true}
	for _, k := range append(append(zobCell[0][:], zobCell[1][:]...), zobForced[:]...) {
		if seen[k] {
			t.Fatalf("Zobrist key %#x appears twice", k)
		}
		seen[k] = true
	}
}
