package goban

import "syscall"

// threadCPU returns the CPU time of the calling OS thread in nanoseconds (the caller
// locks its goroutine to the thread): unlike wall time, other processes' load does not
// inflate it, so benchmarks report it beside ns/op on a shared machine.
func threadCPU() (int64, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		return 0, false
	}
	return ru.Utime.Nano() + ru.Stime.Nano(), true
}
