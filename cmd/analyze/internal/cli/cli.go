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
// a "--". After the first positional argument only the names of fs's flags count as
// flags: "-5" or "---------" there is a positional argument. It returns the positional arguments and an exit status: -1 to go on,
// ExitOK after -h, ExitUsage after a bad flag (the message is already printed).
func Parse(fs *flag.FlagSet, args []string) ([]string, int) {
	status := func(err error) int {
		if errors.Is(err, flag.ErrHelp) {
			return ExitOK
		}
		return ExitUsage
	}
	if err := fs.Parse(args); err != nil {
		return nil, status(err)
	}
	rest := fs.Args()
	if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
		return rest, -1
	}
	var pos []string
	for i := 0; i < len(rest); {
		a := rest[i]
		if a == "--" {
			return append(pos, rest[i+1:]...), -1
		}
		if !isFlag(fs, a) {
			pos = append(pos, a)
			i++
			continue
		}
		n := 1 // the flag alone, or with its value in the next argument
		if !strings.Contains(a, "=") && !isBoolFlag(fs, a) && i+1 < len(rest) {
			n = 2
		}
		if err := fs.Parse(rest[i : i+n]); err != nil {
			return nil, status(err)
		}
		i += n
	}
	return pos, -1
}

func isBoolFlag(fs *flag.FlagSet, a string) bool {
	f := fs.Lookup(strings.TrimLeft(a, "-"))
	if f == nil {
		return false
	}
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// isFlag reports whether a, met after a positional argument, names one of fs's flags
// (-name, --name, -name=value). Anything else starting with a dash, such as a negative
// number or a board written "-0-------", stays a positional argument.
func isFlag(fs *flag.FlagSet, a string) bool {
	if len(a) < 2 || a[0] != '-' {
		return false
	}
	name := strings.TrimPrefix(a[1:], "-")
	if i := strings.IndexByte(name, '='); i >= 0 {
		name = name[:i]
	}
	if name == "" {
		return false
	}
	if name == "h" || name == "help" {
		return true
	}
	return fs.Lookup(name) != nil
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
