package machine

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// MemoryBound is one limit on how much more memory this process can allocate.
type MemoryBound struct {
	Name  string // what imposes it, e.g. "RLIMIT_AS (ulimit -v)" or "available memory"
	Limit int64  // the limit itself in bytes
	Free  int64  // what is left of it for this process, in bytes
}

// allocSlack is what CheckAlloc keeps back beyond the requested bytes for the Go
// runtime, buffers and the rest of the process.
const allocSlack = 64 << 20

// CheckAlloc returns nil when this process can allocate bytes more without running
// into the machine's available memory, the process limits RLIMIT_AS and RLIMIT_DATA or
// the cgroup's memory limit, and otherwise an error naming the tightest limit, what it
// leaves free and what was asked for. Call it before a large allocation and refuse the
// work (rather than let the runtime die) when it fails. Where a limit cannot be read
// it is not checked.
func CheckAlloc(bytes int64) error {
	return CheckAllocWithin(bytes, MemoryBounds())
}

// CheckAllocWithin is CheckAlloc against the given bounds instead of this machine's:
// tests use it to stand for a small machine.
func CheckAllocWithin(bytes int64, bounds []MemoryBound) error {
	need := bytes + bytes/16 + allocSlack
	if bytes < 0 || need < bytes {
		return fmt.Errorf("needs %s of memory, more than any machine has", FormatBytes(bytes))
	}
	for _, b := range bounds {
		if b.Free < need {
			return fmt.Errorf("needs about %s of memory but %s leaves %s free (limit %s)",
				FormatBytes(need), b.Name, FormatBytes(max(b.Free, 0)), FormatBytes(b.Limit))
		}
	}
	return nil
}

// MemoryLimit returns the tightest limit on this process's memory in bytes: the
// smallest Limit of MemoryBounds (the machine's memory, RLIMIT_AS, RLIMIT_DATA, the
// cgroup's limit), or math.MaxInt64 when none can be read.
func MemoryLimit() int64 {
	limit := int64(math.MaxInt64)
	for _, b := range MemoryBounds() {
		if b.Limit > 0 && b.Limit < limit {
			limit = b.Limit
		}
	}
	return limit
}

// FormatBytes writes n in the largest binary unit that keeps it at least 1, with three
// significant digits and no trailing zeros: "512 B", "1.5 KiB", "4.88 KiB", "64 MiB".
func FormatBytes(n int64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	v, i := float64(n), 0
	for v >= 1024 && i < len(units)-1 {
		v /= 1024
		i++
	}
	if i == 0 {
		return fmt.Sprintf("%d B", n)
	}
	digits := 2
	switch {
	case v >= 100:
		digits = 0
	case v >= 10:
		digits = 1
	}
	s := strconv.FormatFloat(v, 'f', digits, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s + " " + units[i]
}

// parseKB reads the value of a "Key:   123 kB" line of /proc/self/status or
// /proc/meminfo, in bytes.
func parseKB(text, key string) (int64, bool) {
	for _, line := range strings.Split(text, "\n") {
		rest, ok := strings.CutPrefix(line, key+":")
		if !ok {
			continue
		}
		var v int64
		if _, err := fmt.Sscanf(strings.TrimSpace(rest), "%d", &v); err != nil {
			return 0, false
		}
		return v * 1024, true
	}
	return 0, false
}
