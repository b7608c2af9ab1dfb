// Package cli holds what every analyze subcommand shares: flag sets that print their
// own help, input expansion (FILE|DIR|-), ordered parallel work, progress on a terminal,
// atomic output files and shell-like splitting of command lines.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// Exit statuses shared by all subcommands.
const (
	ExitOK    = 0 // everything succeeded
	ExitFail  = 1 // some input was bad or some work failed; the rest was still done
	ExitUsage = 2 // the command line itself was wrong
	// ExitInterrupted is returned after Ctrl-C (SIGINT) or SIGTERM stopped the work;
	// what was finished has been written.
	ExitInterrupted = 130
)

// NewFlagSet returns a flag set that reports errors instead of exiting and whose -h
// prints usage (a "usage: ..." line and a description) followed by the flags.
func NewFlagSet(name, usage, description string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: %s\n", usage)
		if description != "" {
			fmt.Fprintf(stderr, "\n%s\n", strings.TrimRight(description, "\n"))
		}
		has := false
		fs.VisitAll(func(*flag.Flag) { has = true })
		if has {
			fmt.Fprintf(stderr, "\nflags:\n")
			fs.PrintDefaults()
		}
	}
	return fs
}

// Parse parses args with fs. Flags come before positional arguments as in the go
// command; flags written after the positional arguments are accepted too, except after
// a "--". It returns the positional arguments and an exit status: -1 to go on,
// ExitOK after -h, ExitUsage after a bad flag (the message is already printed).
func Parse(fs *flag.FlagSet, args []string) ([]string, int) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, ExitOK
			}
			return nil, ExitUsage
		}
		rest := fs.Args()
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			return append(pos, rest...), -1
		}
		// Find the first later argument that looks like a flag, if any.
		i := 0
		dashdash := false
		for ; i < len(rest); i++ {
			a := rest[i]
			if a == "--" {
				dashdash = true
				break
			}
			if len(a) > 1 && a[0] == '-' && !isNumber(a) {
				break
			}
		}
		pos = append(pos, rest[:i]...)
		if dashdash {
			return append(pos, rest[i+1:]...), -1
		}
		if i == len(rest) {
			return pos, -1
		}
		args = rest[i:]
	}
}

func isNumber(s string) bool {
	s = strings.TrimPrefix(s, "-")
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if (s[i] < '0' || s[i] > '9') && s[i] != '.' {
			return false
		}
	}
	return true
}

// Usagef prints a usage error in the go command's style and returns ExitUsage.
func Usagef(stderr io.Writer, cmd, format string, args ...any) int {
	fmt.Fprintf(stderr, "analyze %s: %s\n", cmd, fmt.Sprintf(format, args...))
	fmt.Fprintf(stderr, "run 'analyze %s -h' for usage\n", cmd)
	return ExitUsage
}

// IsTerminal reports whether w is a terminal, the condition for showing progress and
// for refusing binary output. /dev/null and other character devices are not terminals.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && isTerminal(f)
}
