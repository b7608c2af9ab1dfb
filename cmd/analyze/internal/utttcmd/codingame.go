package utttcmd

import (
	"context"
	"io"
	"strings"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/bot"
)

const codingameUsage = "analyze uttt engine --protocol codingame [--first-time DURATION] [--turn-time DURATION] [--hash SIZE] [--threads N] [--message] [--verbose]"

const codingameDescription = `A persistent bot speaking CodinGame's Tic-Tac-Toe (ultimate) protocol on stdin and
stdout: each turn it reads the opponent's move ("row col", -1 -1 for none), the count
of valid actions and the actions, and answers "row col" (with --message, followed by
the search's depth and score). It keeps the game and its table between turns and thinks
--first-time on its first turn (counted from the process's start) and --turn-time on
the others, less a margin of 15 ms. A malformed line is reported on stderr with its line
number and still gets an answer. It ends at the end of input (exit 0, or 1 if any line
was bad) or on Ctrl-C (130). See docs/uttt-bots.md.`

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
	err := bot.CodinGame{Engine: uttt.NewEngine(int(hash.Bytes >> 20)), Threads: *threads, FirstTime: *first, TurnTime: *turn,
		Start: procStart, Message: *message, Verbose: *verbose, Prefix: "analyze " + name + ": "}.Run(ctx, stdin, stdout, stderr)
	return sessionExit(ctx, name, err, stderr)
}
