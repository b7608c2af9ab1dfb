//go:build !linux

package sandbox

import "os"

// processAlive reports whether a process with this pid exists.
func processAlive(pid int) bool {
	p, err := os.FindProcess(pid)
	return err == nil && p != nil
}

// killPid kills one process.
func killPid(pid int) {
	if p, err := os.FindProcess(pid); err == nil {
		p.Kill()
	}
}

// fileOwner is not known off Linux.
func fileOwner(string) (uid, gid int, ok bool) { return 0, 0, false }
