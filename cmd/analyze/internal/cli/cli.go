// Package cli holds what every analyze subcommand shares on the command line: flag sets
// that print their own help, exit statuses, the --jobs, --out, --shard and size flags,
// and atomic outputs.
package cli

import (
	"flag"
	"fmt"
	"io"
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
// prints usage (a "usage: ..." line and a description) followed by the flags, each
// listed once with its aliases (see Parse).
func NewFlagSet(name, usage, description string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	if Observe != nil {
		Observe(fs)
	}
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

// Observe, when not nil, is called with every flag set NewFlagSet makes, before its
// flags are defined: tests walk the commands' flags with it.
var Observe func(*flag.FlagSet)

// Usagef prints a usage error in the go command's style and returns ExitUsage.
func Usagef(stderr io.Writer, cmd, format string, args ...any) int {
	fmt.Fprintf(stderr, "analyze %s: %s\n", cmd, fmt.Sprintf(format, args...))
	fmt.Fprintf(stderr, "run 'analyze %s -h' for usage\n", cmd)
	return ExitUsage
}

// RangeError prints the one wording of a value outside its flag's range, "analyze CMD:
// --FLAG VALUE: want RANGE" (flag written with its dashes, RANGE formatted from format
// and args), with the usage hint, and returns ExitUsage.
func RangeError(stderr io.Writer, cmd, flag string, value any, format string, args ...any) int {
	return Usagef(stderr, cmd, "%s %v: want %s", flag, value, fmt.Sprintf(format, args...))
}
