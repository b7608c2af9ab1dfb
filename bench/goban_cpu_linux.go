package bench

import "syscall"

// gobanThreadCPU returns the CPU time of the calling OS thread in nanoseconds (the
// caller locks its goroutine to the thread), which other processes' load does not
// inflate the way it inflates wall time; ok is false where it is not available.
func gobanThreadCPU() (ns int64, ok bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		return 0, false
	}
	return ru.Utime.Nano() + ru.Stime.Nano(), true
}
