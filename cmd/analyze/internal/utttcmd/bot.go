package utttcmd

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/uttt"
)

// BotEngine picks a move for an ongoing position before the deadline. Returning
// NoMove, an illegal move or panicking makes the bot fall back to a legal move.
type BotEngine func(ctx context.Context, pos uttt.Position, deadline time.Time) uttt.Move

// botEngines are the values of "bot --engine NAME": the main engine and the zoo's
// bots, made when zooOnce runs addZooBots (nil before).
var (
	botEngines map[string]BotEngine
	zooOnce    sync.Once
)

// botHashMB and botThreads configure the main engine in the bot.
var (
	botHashMB  = 16
	botThreads = 1
)

// mainBot is the main engine: iterative deepening until the deadline.
func mainBot(ctx context.Context, pos uttt.Position, deadline time.Time) uttt.Move {
	return uttt.NewEngine(botHashMB).Search(ctx, pos, uttt.Limits{Deadline: deadline, Threads: botThreads}).Move
}

const botUsage = "analyze uttt bot [--time DURATION] [--engine NAME] [--threads N] SIDE B0 B1 B2 B3 B4 B5 B6 B7 B8 MASTER LAST"

// botMargin is kept back from the budget for printing and exiting.
const botMargin = 5 * time.Millisecond

func runBot(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	start := time.Now()
	zooOnce.Do(addZooBots)
	names := make([]string, 0, len(botEngines))
	for n := range botEngines {
		names = append(names, n)
	}
	sort.Strings(names)
	fs := cli.NewFlagSet("uttt bot", botUsage, `Plays one turn in the seed's protocol: SIDE is X or O (O may be written 0), B0..B8
are the nine boards (9 characters each of -, X, O or 0), MASTER the won boards (its
form is checked, the boards themselves decide), LAST the previous move or xx for a
free move. It prints the chosen move as two digits (board, tile) and exits within
--time. It never prints an illegal move.`, stderr)
	budget := fs.Duration("time", 700*time.Millisecond, "thinking time, from the start of the command")
	engine := fs.String("engine", "main", "move chooser `NAME`: "+strings.Join(names, ", "))
	threads := fs.Int("threads", 1, "search threads for the main engine")
	pos, code := parseArgs(fs, args)
	if code >= 0 {
		return code
	}
	choose, ok := botEngines[*engine]
	switch {
	case !ok:
		return cli.Usagef(stderr, "uttt bot", "--engine %q: want one of %s", *engine, strings.Join(names, ", "))
	case *budget <= 0:
		return cli.Usagef(stderr, "uttt bot", "--time %v: want a positive duration", *budget)
	case *threads < 1 || *threads > 256:
		return cli.Usagef(stderr, "uttt bot", "--threads %d: want 1..256", *threads)
	}
	p, err := uttt.ParseProtocol(pos)
	if err != nil {
		return cli.Usagef(stderr, "uttt bot", "%v", err)
	}
	var buf [81]uttt.Move
	n := p.Moves(&buf)
	if n == 0 {
		fmt.Fprintf(stderr, "analyze uttt bot: the game is over (%v): there is no legal move\n", p.Status())
		return cli.ExitFail
	}
	m := buf[0]
	if n > 1 {
		botThreads = *threads
		if c := safeChoose(ctx, choose, p, start.Add(*budget-botMargin), stderr); p.IsLegal(c) {
			m = c
		}
	}
	fmt.Fprintln(stdout, m)
	return cli.ExitOK
}

// safeChoose runs an engine, turning a panic into NoMove.
func safeChoose(ctx context.Context, choose BotEngine, p uttt.Position, deadline time.Time, stderr io.Writer) (m uttt.Move) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "analyze uttt bot: engine failed (%v); playing a legal fallback move\n", r)
			m = uttt.NoMove
		}
	}()
	ctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	return choose(ctx, p, deadline)
}
