package bench

import "syscall"

// qtttThreadCPU returns the CPU time of the calling OS thread in nanoseconds (callers
// lock their goroutine to the thread): unlike wall time, other processes' load on the
// shared machine hardly inflates it. ok is false where it is not available.
func qtttThreadCPU() (ns int64, ok bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		return 0, false
	}
	return ru.Utime.Nano() + ru.Stime.Nano(), true
}
