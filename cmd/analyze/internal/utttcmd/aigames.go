package utttcmd

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/uttt/bot"
	"github.com/boardlab/boardlab/engine/uttt/search"
	"github.com/boardlab/boardlab/internal/machine"
)

const aigamesUsage = "analyze uttt engine [--protocol aigames|codingame] [--hash SIZE] [--threads N] [--max-time DURATION] [--verbose]"

const aigamesDescription = `A persistent bot speaking the AI Games (theaigames.com, riddles.io) Ultimate Tic
Tac Toe protocol on stdin and stdout. It reads lines

  settings timebank T | time_per_move T | player_names A,B | your_bot A | your_botid ID
  update game round R | move M | field F | macroboard M
  action move T

and answers each "action move" with "place_move X Y" (X the column, Y the row of the
9x9 grid, 0..8). F is 81 comma-separated cells row by row, in either encoding: the
old one (0 empty, 1 and 2 the players' ids) or the newer one (. empty, 0 and 1); a
field holding '.' is the newer one. M lists the 9 boards: -1 where the mover may play.
The bot moving first is X. The transposition table is kept between moves. The time
per move comes from the time bank of "action move" (ms) and time_per_move: about
time_per_move plus the bank over the moves likely left, never more than half the bank,
less a safety margin; when the best move changes or the score falls between
iterations the search may go on up to three times that (within a third of the bank). Bad lines are reported on stderr with their line number and
skipped; the engine never answers an illegal move. It ends at the end of input (exit
0, or 1 if any line was bad) or on Ctrl-C (130).`

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
	err := bot.AIGames{Engine: search.NewEngine(int(hash.Bytes >> 20)), Threads: *threads, MaxTime: *maxTime,
		Verbose: *verbose, Prefix: "analyze " + name + ": "}.Run(ctx, stdin, stdout, stderr)
	return sessionExit(ctx, name, err, stderr)
}

// sessionExit reports how a bot session ended and returns the command's exit code.
func sessionExit(ctx context.Context, name string, err error, stderr io.Writer) int {
	switch {
	case err == nil:
		return cli.ExitOK
	case ctx.Err() != nil && errors.Is(err, ctx.Err()):
		fmt.Fprintf(stderr, "analyze %s: interrupted\n", name)
		return cli.ExitInterrupted
	case errors.Is(err, bot.ErrBadInput):
		return cli.ExitFail
	}
	fmt.Fprintf(stderr, "analyze %s: %v\n", name, err)
	return cli.ExitFail
}
