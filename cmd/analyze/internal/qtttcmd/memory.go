package qtttcmd

import "github.com/boardlab/boardlab/internal/machine"

// memoryBounds are the limits the --tt tables are checked against; tests replace them.
var memoryBounds = machine.MemoryBounds
