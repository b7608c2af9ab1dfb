package qttt

import (
	"fmt"
	"math/bits"

	"github.com/boardlab/boardlab/internal/machine"
)

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

// CheckTable returns an error saying what a table of 2^bits entries of entry bytes
// needs and what limits it when it does not fit in the memory that bounds leave
// (machine.MemoryBounds for this process), and nil when it does.
func CheckTable(bits int, entry int64, bounds []machine.MemoryBound) error {
	need := entry << bits
	if err := machine.CheckAllocWithin(need, bounds); err != nil {
		return fmt.Errorf("a table of %s %v", machine.FormatBytes(need), err)
	}
	return nil
}
