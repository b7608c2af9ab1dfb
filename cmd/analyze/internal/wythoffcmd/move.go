package wythoffcmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/cmd/analyze/internal/term"
	"github.com/boardlab/boardlab/engine/wythoff/bulk"
	"github.com/boardlab/boardlab/internal/machine"
	"github.com/boardlab/boardlab/internal/plural"
	"github.com/boardlab/boardlab/shard"
)

const moveDescription = `Prints a winning move of Wythoff's Nim from the position with piles A and B, as the
position after the move ("C D"), or "lose" when the player to move loses against
perfect play. Piles are non-negative decimal integers of any size. With --all, every
winning move (at most three), one per line. With --misere, the player who takes the
last counter loses.

With no A B, reads positions "A B" (also "A,B", "(A,B)" or "[A, B]") from standard
input, one per line (blank lines and lines starting with # are skipped) and answers
each on one line, in input order, on --jobs cores; with --all the moves of one
position are separated by "; ". A bad line is reported on stderr with its line number,
the other lines are still answered, and the exit status is 1; a line longer than
--max-line bytes is reported and skipped without being held in memory. --json prints
one JSON object per position: {"position":[A,B],"cold":bool,"moves":[[C,D],...]}, a
pile above 2^53-1 written as a string.

--shard K/N answers only the input lines i (0-based, blank and comment lines counted)
with i mod N = K, each prefixed with i and a tab after a "#boardlab-shard-lines K/N"
header, for "analyze merge". docs/wythoff.md has the details.`

// defaultMaxLine bounds the length of an input line in batch mode.
const defaultMaxLine = bulk.DefaultMaxLine

func runMove(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("wythoff move", "analyze wythoff move [--all] [--misere] [--json] [--max-line BYTES] [--jobs N] [--shard K/N] [--out FILE] [A B]", moveDescription, stderr)
	all := fs.Bool("all", false, "print every winning move, not just one")
	misere := fs.Bool("misere", false, "misère play: whoever takes the last counter loses")
	asJSON := fs.Bool("json", false, "print one JSON object per position")
	maxLine := fs.Int("max-line", defaultMaxLine, "longest input line in `BYTES`; longer lines are reported and skipped")
	outPath := cli.OutFlag(fs, "write to `FILE` atomically instead of stdout (with --shard: FILE.K-of-N)")
	jobs := cli.JobsFlag(fs, "goroutines answering stdin lines, the output in input order")
	shardSpec := cli.ShardFlag(fs)
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	// only a stream is sharded: a scheduler's index variables do not apply to one
	// position given on the command line
	var sh shard.Shard
	if len(pos) == 0 {
		var err error
		if sh, err = shardSpec.Resolve("wythoff move", nil, stderr); err != nil {
			return cli.Usagef(stderr, "wythoff move", "%v", err)
		}
	}
	if *maxLine < 64 {
		return cli.Usagef(stderr, "wythoff move", "--max-line %d: want 64 or more (bytes)", *maxLine)
	}
	// the default's 2 MiB needs no check (reading the machine's bounds costs 0.1 ms)
	if *maxLine > defaultMaxLine {
		if err := machine.CheckAlloc(2 * int64(*maxLine)); err != nil {
			return cli.Usagef(stderr, "wythoff move", "--max-line %d: holding such a line %v", *maxLine, err)
		}
	}
	a := bulk.Answerer{All: *all, Misere: *misere, JSON: *asJSON, MaxLine: *maxLine, Options: bulk.Options{Workers: *jobs}}
	switch len(pos) {
	case 0:
		if err := a.CheckMemory(); err != nil {
			return cli.Usagef(stderr, "wythoff move", "--jobs %d, --max-line %d: %v", *jobs, *maxLine, err)
		}
		a.Options.Shard = sh
		if f, ok := stdin.(*os.File); ok && term.IsTerminal(f) {
			// typed by hand: answer each line as it is entered
			a.Interactive = true
		}
		a.Options.OnError = func(err error) error {
			fmt.Fprintf(stderr, "analyze wythoff move: %s\n", lineMessage(err.(*bulk.InputError)))
			return nil
		}
		var st bulk.Stats
		in, end := cli.LinesInput(sh, stdin)
		code := cli.Output("wythoff move", sh.Path(*outPath), false, stdout, stderr, func(out io.Writer) error {
			var err error
			if st, err = a.Answer(ctx, in, out); err == nil {
				err = end(out)
			}
			var le *bulk.InputError
			if errors.As(err, &le) {
				err = fmt.Errorf("stdin:%d: %w", le.Line, le.Err) // a read error, or a NUL byte
			}
			return err
		})
		if code == cli.ExitOK && st.Failed > 0 {
			return cli.ExitFail
		}
		return code
	case 2:
		if shardSpec.Enabled() {
			return cli.Usagef(stderr, "wythoff move", "--shard splits the lines of standard input; it does not apply to one position A B")
		}
		answer, err := a.Position(nil, pos[0], pos[1])
		if err != nil {
			return cli.Usagef(stderr, "wythoff move", "%v", err)
		}
		return cli.Output("wythoff move", *outPath, false, stdout, stderr, func(out io.Writer) error {
			out.Write(answer) // a lost stdout is reported once, by the caller
			return nil
		})
	default:
		return cli.Usagef(stderr, "wythoff move", "want two piles A B (or none to read stdin), got %s", plural.Of(len(pos), "argument"))
	}
}

// lineMessage is the diagnostic of a bad input line, or of a read error in it.
func lineMessage(e *bulk.InputError) string {
	var long *bulk.LongLineError
	if errors.As(e.Err, &long) {
		return fmt.Sprintf("stdin:%d: line of %d bytes is longer than --max-line %d (starts %s...)", e.Line, long.Length, long.Max, strconv.Quote(string(long.Prefix)))
	}
	return fmt.Sprintf("stdin:%d: %v", e.Line, e.Err)
}
