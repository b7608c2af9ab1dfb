package qtttcmd

import "fmt"

// memoryFree returns how many bytes this process can still allocate and what limits
// it (the machine's available memory or a process limit); ok is false when that
// cannot be read. Tests replace it.
var memoryFree = readMemoryFree

// checkTable returns an error when a table of 2^bits entries of size bytes each does
// not fit in the memory this process can still allocate, keeping 64 MiB for the rest.
func checkTable(flag string, bits int, size int64) error {
	need := size << bits
	free, what, ok := memoryFree()
	if !ok || need+64<<20 <= free {
		return nil
	}
	return fmt.Errorf("%s %d: a table of %s, but %s leaves %s; give a smaller %s", flag, bits, mib(need), what, mib(max(free, 0)), flag)
}

func mib(n int64) string {
	if n >= 1<<30 {
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	}
	return fmt.Sprintf("%d MiB", n>>20)
}
