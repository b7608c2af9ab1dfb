//go:build unix

package fileio

import (
	"errors"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// processAlive reports whether a process with this pid exists (signal 0 reaches it or
// is refused for lack of permission).
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// writable reports why the directory dir does not accept new files, or nil.
func writable(dir string) error {
	return unix.Access(dir, unix.W_OK|unix.X_OK)
}

// nonBlocking reports whether f's descriptor is in non-blocking mode, so that a read
// deadline can stop a read in progress. It is not after f.Fd() was called (by a
// terminal check, say): the runtime then reads in a blocking system call.
func nonBlocking(f *os.File) bool {
	rc, err := f.SyscallConn()
	if err != nil {
		return false
	}
	nb := false
	rc.Control(func(fd uintptr) {
		fl, err := unix.FcntlInt(fd, unix.F_GETFL, 0)
		nb = err == nil && fl&unix.O_NONBLOCK != 0
	})
	return nb
}
