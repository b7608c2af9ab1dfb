//go:build !linux

package cli

// systemMemoryLimits is not known on this system.
func systemMemoryLimits() []int64 { return nil }
