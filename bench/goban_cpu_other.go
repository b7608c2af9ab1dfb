//go:build !linux

package bench

// gobanThreadCPU is not available here: the comparison reports wall time only.
func gobanThreadCPU() (ns int64, ok bool) { return 0, false }
