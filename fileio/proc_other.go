//go:build !unix

package fileio

import "os"

// processAlive cannot tell on this system: every process counts as alive, so no
// temporary file is removed.
func processAlive(pid int) bool { return true }

// writable is not checked on this system.
func writable(dir string) error { return nil }

// nonBlocking cannot tell on this system: reads are stopped by a goroutine instead.
func nonBlocking(f *os.File) bool { return false }
