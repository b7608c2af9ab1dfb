// Package cli holds what every analyze subcommand shares on the command line: flag sets
// that print their own help, exit statuses, the --jobs, --out, --shard and size flags,
// atomic outputs, and the names commands use for internal/term's progress meter and
// internal/batch's command splitting.
package cli

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/boardlab/boardlab/internal/batch"
	"github.com/boardlab/boardlab/internal/term"
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
// prints usage (a "usage: ..." line and a description) followed by the flags, each
// listed once with its aliases (see Parse).
func NewFlagSet(name, usage, description string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "usage: %s\n", usage)
		if description != "" {
			fmt.Fprintf(w, "\n%s\n", strings.TrimRight(description, "\n"))
		}
		has := false
		fs.VisitAll(func(*flag.Flag) { has = true })
		if has {
			fmt.Fprintf(w, "\nflags:\n")
			PrintFlags(w, fs)
		}
	}
	return fs
}

// Usagef prints a usage error in the go command's style and returns ExitUsage.
func Usagef(stderr io.Writer, cmd, format string, args ...any) int {
	fmt.Fprintf(stderr, "analyze %s: %s\n", cmd, fmt.Sprintf(format, args...))
	fmt.Fprintf(stderr, "run 'analyze %s -h' for usage\n", cmd)
	return ExitUsage
}

// IsTerminal reports whether w (or the writer it wraps, see Stdout) is a terminal, the
// condition for showing progress and for refusing binary output.
func IsTerminal(w io.Writer) bool { return term.IsTerminal(w) }

// Progress is the terminal progress meter of package term.
type Progress = term.Progress

// NewProgress returns a progress line on stderr labelled label counting unit (e.g.
// "pairs"), drawn only when stderr is a terminal.
func NewProgress(stderr io.Writer, label, unit string) *Progress {
	return term.NewProgress(stderr, label, unit)
}

// SplitCommand splits a command line into arguments as a POSIX shell would for plain
// words (see batch.Split).
func SplitCommand(s string) ([]string, error) { return batch.Split(s) }
