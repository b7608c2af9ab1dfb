//go:build !linux

package bench

// qtttThreadCPU is not available here.
func qtttThreadCPU() (ns int64, ok bool) { return 0, false }
