package qttt

import "testing"

// plainTables computes lineCount and byteClass the obvious way; tables.go holds them
// as literals so that no process pays for them at start-up.
func plainTables() (lc [1 << NumCells]uint8, bc [256]uint8) {
	for b := range lc {
		for _, l := range lineMasks {
			if uint16(b)&l == l {
				lc[b]++
			}
		}
	}
	for c := range bc {
		bc[c] = classOther
		if i := cellIndex(byte(c)); i >= 0 {
			bc[c] = uint8(i)
		}
	}
	for _, c := range " \t\r\n" {
		bc[c] = classSpace
	}
	for c := '0'; c <= '9'; c++ {
		bc[c] = classDigit
	}
	return
}

// TestTables checks tables.go (written by internal/gentables) against plainTables, the
// computation from this package's own definitions.
func TestTables(t *testing.T) {
	lc, bc := plainTables()
	if lineCount != lc || byteClass != bc {
		t.Fatal("tables.go differs from the plain computation: fix internal/gentables, then go generate")
	}
}
