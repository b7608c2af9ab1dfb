// Package memlimit says how much memory this process may use, so that a large
// allocation can be refused with a clear error instead of killing the process.
package memlimit

import (
	"fmt"
	"math"
	"runtime/debug"
	"sync"

	"github.com/boardlab/boardlab/internal/machine"
)

// systemLimit returns machine.MemoryLimit, read on the first call only: the machine's
// memory and the limits set at start.
func systemLimit() int64 {
	systemOnce.Do(func() { system = machine.MemoryLimit() })
	return system
}

var (
	systemOnce sync.Once
	system     int64
)

// MemoryLimit returns the number of bytes this process may use: the smallest of
// machine.MemoryLimit (the machine's memory, ulimit -v and -d, the cgroup's limit) and
// GOMEMLIMIT, or math.MaxInt64 when none is known. Commands check a large allocation
// against it before making it and refuse with a clear error instead of dying.
func MemoryLimit() int64 {
	limit := systemLimit()
	if l := debug.SetMemoryLimit(-1); l > 0 && l < limit {
		limit = l
	}
	return limit
}

// CheckAlloc returns an error saying what and how much when allocating bytes for what
// would exceed share (0 < share <= 1) of MemoryLimit, or the memory this process can
// still allocate (machine.CheckAlloc).
func CheckAlloc(what string, bytes int64, share float64) error {
	limit := MemoryLimit()
	if limit != math.MaxInt64 && float64(bytes) > share*float64(limit) {
		return fmt.Errorf("%s needs %s, more than %s this process may use (%s)", what, machine.FormatBytes(bytes), shareText(share), machine.FormatBytes(limit))
	}
	if err := machine.CheckAlloc(bytes); err != nil {
		return fmt.Errorf("%s %w", what, err)
	}
	return nil
}

func shareText(share float64) string {
	switch share {
	case 1:
		return "the memory"
	case 0.5:
		return "half the memory"
	case 0.25:
		return "a quarter of the memory"
	}
	return fmt.Sprintf("%.0f%% of the memory", 100*share)
}
