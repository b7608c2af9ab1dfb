package qtttcmd

import (
	"fmt"

	"github.com/boardlab/boardlab/cmd/analyze/internal/bytesize"
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

// bareEntries is --tt's bare meaning, N for 2^N entries of entry bytes. An N out of any
// range (negative, too large) becomes a size of -1 bytes, which the command's own range
// check refuses with the one message that says what --tt takes.
func bareEntries(entry int64) func(n int64) (bytesize.Size, error) {
	power := bytesize.Power(entry)
	return func(n int64) (bytesize.Size, error) {
		if s, err := power(n); err == nil {
			return s, nil
		}
		return -1, nil
	}
}
