//go:build !linux

package machine

import "time"

// ProcessCPU is not measured on this system: ok is false.
func ProcessCPU() (d time.Duration, ok bool) { return 0, false }

// ThreadCPU is not measured on this system: ok is false.
func ThreadCPU() (d time.Duration, ok bool) { return 0, false }
