//go:build !linux

package term

import "os"

// isTerminal approximates isatty(3) where the termios ioctl is not wired up: a
// character device other than the null device.
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err != nil || !os.SameFile(fi, null)
}
