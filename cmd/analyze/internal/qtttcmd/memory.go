package qtttcmd

import (
	"fmt"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/internal/bytesize"
	"github.com/boardlab/boardlab/internal/machine"
)

// memoryBounds are the limits checkTable checks against; tests replace them.
var memoryBounds = machine.MemoryBounds

// checkTable returns an error when a table of 2^bits entries of entry bytes each does
// not fit in the memory this process can still allocate (machine.CheckAlloc).
func checkTable(flag, text string, bits int, entry int64) error {
	need := entry << bits
	if err := machine.CheckAllocWithin(need, memoryBounds()); err != nil {
		return fmt.Errorf("%s %s: a table of %s %v; give a smaller %s", flag, text, machine.FormatBytes(need), err, flag)
	}
	return nil
}

// bareEntries is --tt's bare meaning, N for 2^N entries of entry bytes. An N out of any
// range (negative, too large) becomes a size of -1 bytes, which the command's own range
// check refuses with the one message that says what --tt takes.
func bareEntries(entry int64) func(n int64) (cli.Size, error) {
	power := bytesize.Power(entry)
	return func(n int64) (cli.Size, error) {
		if s, err := power(n); err == nil {
			return s, nil
		}
		return -1, nil
	}
}
