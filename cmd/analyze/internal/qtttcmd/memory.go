package qtttcmd

import (
	"fmt"

	"github.com/boardlab/boardlab/internal/machine"
)

// memoryBounds are the limits the --tt tables are checked against; tests replace them.
var memoryBounds = machine.MemoryBounds

// checkTable returns an error saying what a table of 2^bits entries of entry bytes
// needs and what limits it when it does not fit in the memory that bounds leave, and
// nil when it does.
func checkTable(bits int, entry int64, bounds []machine.MemoryBound) error {
	need := entry << bits
	if err := machine.CheckAllocWithin(need, bounds); err != nil {
		return fmt.Errorf("a table of %s %v", machine.FormatBytes(need), err)
	}
	return nil
}
