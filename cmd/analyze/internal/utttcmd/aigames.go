package utttcmd

import (
	"context"
	"errors"
	"flag"
	"io"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/uttt/bot"
	"github.com/boardlab/boardlab/engine/uttt/search"
	"github.com/boardlab/boardlab/internal/machine"
)

const engineUsage = "analyze uttt engine [--protocol aigames|codingame] [--hash SIZE] [--threads N] [--max-time DURATION] [--first-time DURATION] [--turn-time DURATION] [--message] [--verbose]"

const engineDescription = `A persistent bot speaking the AI Games (riddles.io) Ultimate Tic Tac Toe protocol on
stdin and stdout: it reads "settings ...", "update game ..." and "action move T" lines
and answers each "action move" with "place_move X Y" (column and row of the 9x9 grid,
0..8). Both field encodings are read. The table is kept between moves; the time per
move comes from the time bank and time_per_move, never more than half the bank, and
counts from the arrival of the "action move" line. Bad
lines are reported on stderr with their line number and skipped; it never answers an
illegal move. See docs/uttt.md.

With --protocol codingame it speaks CodinGame's Tic-Tac-Toe (ultimate) protocol: each
turn it reads the opponent's move ("row col", -1 -1 for none), the count of valid
actions and the actions, and answers "row col" (with --message, followed by the
search's depth and score). It keeps the game and its table between turns and thinks
--first-time on its first turn and --turn-time on the others, each counted from the
arrival of the turn's first line, less a margin of 15 ms (and 5% of --first-time on
the first turn). A malformed line is reported on stderr with its line number and still
gets an answer. See docs/uttt-bots.md.

Input is read, and each line's arrival noted, from the start: the engine is made while
the first lines come in, and the time it takes counts against the first move.

It ends at the end of input (exit 0, or 1 if any line was bad) or on Ctrl-C (130).`

func runEngine(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	const name = "uttt engine"
	fs := cli.NewFlagSet(name, engineUsage, engineDescription, stderr)
	protocol := fs.String("protocol", "aigames", "`PROTOCOL` spoken: aigames or codingame")
	hash := hashFlag(fs, 64<<20)
	threads := fs.Int("threads", 1, "search threads")
	maxTime := fs.Duration("max-time", 0, "aigames: never think longer than this per move (0: only the time bank limits)")
	first := fs.Duration("first-time", 1000*time.Millisecond, "codingame: thinking time of the first turn, the margin included")
	turn := fs.Duration("turn-time", 100*time.Millisecond, "codingame: thinking time of every other turn, the margin included")
	message := fs.Bool("message", false, "codingame: append the search's depth and score to each answer (CodinGame shows it)")
	verbose := fs.Bool("verbose", false, "report each search (depth, score, nodes, time) on stderr")
	pos, code := cli.Parse(fs, args)
	if code >= 0 {
		return code
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	cg := *protocol == "codingame"
	switch {
	case !cg && *protocol != "aigames":
		return cli.Usagef(stderr, name, "--protocol %q: want aigames or codingame", *protocol)
	case len(pos) > 0:
		return cli.Usagef(stderr, name, "unexpected argument %q", pos[0])
	case cg && given["max-time"]:
		return cli.Usagef(stderr, name, "--max-time is for --protocol aigames")
	case !cg && (given["first-time"] || given["turn-time"] || given["message"]):
		return cli.Usagef(stderr, name, "--first-time, --turn-time and --message are for --protocol codingame")
	case cg && *first <= bot.CGMargin:
		return cli.RangeError(stderr, name, "--first-time", *first, "more than the margin of %v", bot.CGMargin)
	case cg && *turn <= bot.CGMargin:
		return cli.RangeError(stderr, name, "--turn-time", *turn, "more than the margin of %v", bot.CGMargin)
	case *threads < 1 || *threads > 256:
		return cli.Usagef(stderr, name, "--threads %d: want 1..256", *threads)
	case *maxTime < 0:
		return cli.Usagef(stderr, name, "--max-time %v: want a positive duration", *maxTime)
	}
	if err := machine.CheckAlloc(int64(hash.Bytes)); err != nil {
		return cli.Usagef(stderr, name, "--hash %s: the transposition table %v; give a smaller --hash", hash.Text, err)
	}
	opts, prefix := search.Options{TableBytes: int64(hash.Bytes), Threads: *threads}, "analyze "+name+": "
	var err error
	if cg {
		err = bot.CodinGame{Options: opts, FirstTime: *first, TurnTime: *turn,
			Message: *message, Verbose: *verbose, Prefix: prefix}.Run(ctx, stdin, stdout, stderr)
	} else {
		err = bot.AIGames{Options: opts, MaxTime: *maxTime, Verbose: *verbose, Prefix: prefix}.Run(ctx, stdin, stdout, stderr)
	}
	return sessionExit(ctx, name, err, stderr)
}

// sessionExit reports how a bot session ended and returns the command's exit code.
func sessionExit(ctx context.Context, name string, err error, stderr io.Writer) int {
	switch {
	case err == nil:
		return cli.ExitOK
	case ctx.Err() != nil && errors.Is(err, ctx.Err()):
		return stopf(stderr, name, "interrupted")
	case errors.Is(err, bot.ErrBadInput):
		return cli.ExitFail
	}
	return failf(stderr, name, "%v", err)
}
