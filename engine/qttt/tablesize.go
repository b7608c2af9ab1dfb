package qttt

import "math/bits"

// Entry sizes of the solver's and perft's tables, in bytes.
const (
	SolverEntryBytes = 16
	PerftEntryBytes  = 24
)

// TableBits returns the largest n such that a table of 2^n entries of entry bytes
// fits in size bytes; 0 when not even one does.
func TableBits(size, entry int64) int {
	n := size / entry
	if n < 1 {
		return 0
	}
	return bits.Len64(uint64(n)) - 1
}
