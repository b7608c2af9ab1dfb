package machine

import (
	"syscall"
	"time"
)

const rusageThread = 1 // RUSAGE_THREAD

// ProcessCPU returns the user and system CPU time this process has used. On a shared
// machine it measures work done better than the wall clock; ok is false where the
// system does not say.
func ProcessCPU() (d time.Duration, ok bool) { return rusage(syscall.RUSAGE_SELF) }

// ThreadCPU returns the user and system CPU time of the calling OS thread; lock the
// goroutine to its thread (runtime.LockOSThread) around the measured work.
func ThreadCPU() (d time.Duration, ok bool) { return rusage(rusageThread) }

func rusage(who int) (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(who, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
