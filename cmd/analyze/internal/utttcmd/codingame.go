package utttcmd

import (
	"context"
	"io"
	"strings"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/uttt/bot"
	"github.com/boardlab/boardlab/engine/uttt/search"
)

const codingameUsage = "analyze uttt engine --protocol codingame [--first-time DURATION] [--turn-time DURATION] [--hash SIZE] [--threads N] [--message] [--verbose]"

const codingameDescription = `A persistent bot speaking CodinGame's Tic-Tac-Toe (ultimate) protocol on stdin and
stdout. Each turn it reads

  opponentRow opponentCol      (-1 -1 when it moves first, or when the opponent passed)
  validActionCount
  row col                      (validActionCount lines)

and answers "row col" (rows and columns of the 9x9 grid, 0..8), with --message
followed by the search's depth and score as CodinGame's message. It keeps the game
and its transposition table between turns. It thinks --first-time on its first turn
and --turn-time on the others, less a margin of 15 ms (and a twentieth of
--first-time on the first turn), counted from the turn's first line, and on the
first turn from the process's start, since a referee's clock runs from there. A
malformed line is reported on stderr with its line number: a bad opponent move or
count still gets an answer (one of the given actions, or a legal move of its own); a
bad action line is skipped. When the given actions disagree with its own
move generation it says so on stderr and plays one of the given actions. It ends at
the end of input (exit 0, or 1 if any line was bad) or on Ctrl-C (130).`

// codingameHelp ends the engine's help: the codingame mode, which "engine -h" shows
// too (the dispatcher asks a command for its help without its other arguments).
const codingameHelp = `

With --protocol codingame:

  ` + codingameUsage + `

` + codingameDescription + `

  --first-time DURATION   thinking time of the first turn, the margin included (default 1s)
  --turn-time DURATION    thinking time of every other turn, the margin included (default 100ms)
  --message               append the search's depth and score to each answer
  --hash, --threads, --verbose as below; --max-time does not apply`

// usesCodinGame reports whether args ask for --protocol codingame (or =codingame).
func usesCodinGame(args []string) bool {
	for i, a := range args {
		if a == "--" {
			return false
		}
		switch strings.TrimLeft(a, "-") {
		case "protocol=codingame":
			return true
		case "protocol":
			if strings.HasPrefix(a, "-") && i+1 < len(args) && args[i+1] == "codingame" {
				return true
			}
		}
	}
	return false
}

func runCodinGame(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	const name = "uttt engine"
	procStart := time.Now() // the first turn's clock runs from here: start-up counts
	fs := cli.NewFlagSet(name, codingameUsage, codingameDescription, stderr)
	protocol := fs.String("protocol", "codingame", "`PROTOCOL` spoken: aigames or codingame")
	first := fs.Duration("first-time", 1000*time.Millisecond, "thinking time of the first turn, the margin included")
	turn := fs.Duration("turn-time", 100*time.Millisecond, "thinking time of every other turn, the margin included")
	hash := hashFlag(fs, 64<<20)
	threads := fs.Int("threads", 1, "search threads")
	message := fs.Bool("message", false, "append the search's depth and score to each answer (CodinGame shows it)")
	verbose := fs.Bool("verbose", false, "report each search (depth, score, nodes, time) on stderr")
	pos, code := cli.Parse(fs, args)
	if code >= 0 {
		return code
	}
	switch {
	case *protocol != "codingame":
		return cli.Usagef(stderr, name, "--protocol %q: want aigames or codingame", *protocol)
	case len(pos) > 0:
		return cli.Usagef(stderr, name, "unexpected argument %q", pos[0])
	case *first <= bot.CGMargin || *turn <= bot.CGMargin:
		return cli.Usagef(stderr, name, "--first-time and --turn-time must exceed the margin of %v", bot.CGMargin)
	case *threads < 1 || *threads > 256:
		return cli.Usagef(stderr, name, "--threads %d: want 1..256", *threads)
	}
	err := bot.CodinGame{Engine: search.NewEngine(int(hash.Bytes >> 20)), Threads: *threads, FirstTime: *first, TurnTime: *turn,
		Start: procStart, Message: *message, Verbose: *verbose, Prefix: "analyze " + name + ": "}.Run(ctx, stdin, stdout, stderr)
	return sessionExit(ctx, name, err, stderr)
}
