// Package wythoffcmd implements "analyze wythoff": Wythoff's Nim: perfect play for any pile sizes, cold-position and Grundy tables.
package wythoffcmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/fileio"
)

// Summary is the group's one-line description in "analyze help".
const Summary = "Wythoff's Nim: perfect play for any pile sizes, cold-position and Grundy tables."

// BatchJobs are this group's lines in the default "analyze batch" plan. $WORK names a
// scratch directory that batch creates and removes.
var BatchJobs = []string{
	"wythoff move --all 13 9",
	"wythoff move 123456789012345678901234567890 987654321098765432109876543210",
	"wythoff table --out $WORK/wythoff-pairs.txt 2000000",
	"wythoff table --format binary --out $WORK/wythoff-pairs.bin 4000000",
	"wythoff grundy --format csv --out $WORK/wythoff-grundy.csv 2048",
}

// Commands lists the group's subcommands.
var Commands = []cli.Command{
	{Name: "move", Summary: "a winning move (or all of them) for piles of any size, or batch from stdin", Run: runMove},
	{Name: "table", Summary: "the first N cold positions (k, a_k, b_k) as text, CSV, OEIS b-file or binary", Run: runTable},
	{Name: "grundy", Summary: "the N x N Sprague-Grundy table as a grid, CSV, binary or OEIS A004481 b-file", Run: runGrundy},
}

// Run runs "analyze wythoff ARGS...".
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return cli.Dispatch(ctx, "wythoff", Summary, Commands, args, stdin, stdout, stderr)
}

// choice is a flag.Value restricted to a fixed set of words.
type choice struct {
	val     string
	allowed []string
}

func (c *choice) String() string { return c.val }

func (c *choice) Set(s string) error {
	for _, a := range c.allowed {
		if s == a {
			c.val = s
			return nil
		}
	}
	return fmt.Errorf("must be one of %v", c.allowed)
}

func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// output runs work on stdout or on an atomic --out file and finishes it; binary output
// is refused on a terminal.
func output(cmd, outPath string, binary bool, stdout, stderr io.Writer, work func(out io.Writer) error) int {
	if binary {
		if code := refuseTerminal(outPath, stdout, stderr, "wythoff "+cmd); code >= 0 {
			return code
		}
	}
	if code := checkOutPath(cmd, outPath, stderr); code >= 0 {
		return code
	}
	out, err := fileio.CreateOutput(outPath, stdout)
	if err != nil {
		return finish(nil, err, cmd, stderr)
	}
	return finish(out, work(out), cmd, stderr)
}

// checkOutPath refuses, before any work is done, an --out path that names a directory
// (the rename at the end would fail after the whole computation): it returns
// ExitUsage after saying why, and -1 when the path is usable or stdout.
func checkOutPath(cmd, outPath string, stderr io.Writer) int {
	if outPath == "" || outPath == "-" {
		return -1
	}
	if fi, err := os.Stat(outPath); err == nil && fi.IsDir() {
		return cli.Usagef(stderr, "wythoff "+cmd, "--out %s is a directory; give a file name", outPath)
	}
	return -1
}

// finish commits or aborts an output after the work returned err, reports what went
// wrong and returns the exit status: 130 after an interruption (a file output is
// removed, stdout keeps what was written), 1 after any other error.
func finish(out *fileio.Output, err error, cmd string, stderr io.Writer) int {
	if err == nil {
		if err = out.Commit(); err == nil {
			return cli.ExitOK
		}
		fmt.Fprintf(stderr, "analyze wythoff %s: %v\n", cmd, err)
		return cli.ExitFail
	}
	if out != nil {
		out.Abort()
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		fmt.Fprintf(stderr, "analyze wythoff %s: interrupted\n", cmd)
		return cli.ExitInterrupted
	}
	fmt.Fprintf(stderr, "analyze wythoff %s: %v\n", cmd, err)
	return cli.ExitFail
}
