package term

import (
	"os"

	"golang.org/x/sys/unix"
)

// isTerminal asks the kernel for the terminal attributes, as isatty(3) does.
func isTerminal(f *os.File) bool {
	_, err := unix.IoctlGetTermios(int(f.Fd()), unix.TCGETS)
	return err == nil
}
