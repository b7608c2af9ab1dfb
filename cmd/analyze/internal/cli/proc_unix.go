//go:build unix

package cli

import (
	"errors"
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
