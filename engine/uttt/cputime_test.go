//go:build unix

package uttt

import "syscall"

// cpuSeconds returns the process's user+system CPU time. On the shared benchmark
// machine, work per CPU second is steadier than work per wall second.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return float64(ru.Utime.Sec+ru.Stime.Sec) + float64(ru.Utime.Usec+ru.Stime.Usec)/1e6
}
