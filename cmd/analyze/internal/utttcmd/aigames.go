package utttcmd

import (
	"context"
	"errors"
	"io"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/bot"
	"github.com/boardlab/boardlab/internal/machine"
)

const aigamesUsage = "analyze uttt engine [--protocol aigames|codingame] [--hash SIZE] [--threads N] [--max-time DURATION] [--verbose]"

const aigamesDescription = `A persistent bot speaking the AI Games (riddles.io) Ultimate Tic Tac Toe protocol on
stdin and stdout: it reads "settings ...", "update game ..." and "action move T" lines
and answers each "action move" with "place_move X Y" (column and row of the 9x9 grid,
0..8). Both field encodings are read. The table is kept between moves; the time per
move comes from the time bank and time_per_move, never more than half the bank. Bad
lines are reported on stderr with their line number and skipped; it never answers an
illegal move. It ends at the end of input (exit 0, or 1 if any line was bad) or on
Ctrl-C (130). See docs/uttt.md.`

func runAIGames(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	const name = "uttt engine"
	if usesCodinGame(args) {
		return runCodinGame(ctx, args, stdin, stdout, stderr)
	}
	fs := cli.NewFlagSet(name, aigamesUsage, aigamesDescription+codingameHelp, stderr)
	protocol := fs.String("protocol", "aigames", "`PROTOCOL` spoken: aigames or codingame (see --protocol codingame -h)")
	hash := hashFlag(fs, 64<<20)
	threads := fs.Int("threads", 1, "search threads")
	maxTime := fs.Duration("max-time", 0, "never think longer than this per move (0: only the time bank limits)")
	verbose := fs.Bool("verbose", false, "report each search (depth, score, nodes, time) on stderr")
	pos, code := cli.Parse(fs, args)
	if code >= 0 {
		return code
	}
	switch {
	case *protocol != "aigames":
		return cli.Usagef(stderr, name, "--protocol %q: want aigames or codingame", *protocol)
	case len(pos) > 0:
		return cli.Usagef(stderr, name, "unexpected argument %q", pos[0])
	case *threads < 1 || *threads > 256:
		return cli.Usagef(stderr, name, "--threads %d: want 1..256", *threads)
	case *maxTime < 0:
		return cli.Usagef(stderr, name, "--max-time %v: want a positive duration", *maxTime)
	}
	if err := machine.CheckAlloc(int64(hash.Bytes)); err != nil {
		return cli.Usagef(stderr, name, "--hash %s: the transposition table %v; give a smaller --hash", hash.Text, err)
	}
	err := bot.AIGames{Engine: uttt.NewEngine(int(hash.Bytes >> 20)), Threads: *threads, MaxTime: *maxTime,
		Verbose: *verbose, Prefix: "analyze " + name + ": "}.Run(ctx, stdin, stdout, stderr)
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
