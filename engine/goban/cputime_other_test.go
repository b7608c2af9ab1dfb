//go:build !linux

package goban

// threadCPU is not available here; benchmarks report wall time only.
func threadCPU() (int64, bool) { return 0, false }
