package utttcmd

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/bot"
)

const botUsage = "analyze uttt bot [--time DURATION] [--engine BOT] [--threads N] SIDE B0 B1 B2 B3 B4 B5 B6 B7 B8 MASTER LAST"

// botMargin is kept back from the budget for printing and exiting; botHashMB is the
// main engine's table size.
const (
	botMargin = 5 * time.Millisecond
	botHashMB = 16
)

func runBot(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	start := time.Now()
	fs := cli.NewFlagSet("uttt bot", botUsage, `Plays one turn of the tournament protocol: SIDE is X or O (O may be written 0), B0..B8
are the nine boards (9 characters each of -, X, O or 0), MASTER the won boards (its
form is checked, the boards themselves decide), LAST the previous move or xx for a
free move. It prints the chosen move as two digits (board, tile) and exits within
--time. It never prints an illegal move.

`+botHelp, stderr)
	budget := fs.Duration("time", 700*time.Millisecond, "thinking time, from the start of the command")
	engine := fs.String("engine", "engine", "the `BOT` choosing the move (see above)")
	threads := fs.Int("threads", 1, "search threads of engine without a budget")
	pos, code := parseArgs(fs, args)
	if code >= 0 {
		return code
	}
	switch {
	case *budget <= 0:
		return cli.Usagef(stderr, "uttt bot", "--time %v: want a positive duration", *budget)
	case *threads < 1 || *threads > 256:
		return cli.Usagef(stderr, "uttt bot", "--threads %d: want 1..256", *threads)
	}
	// The bare engine searches until the turn's deadline; it is not made as a zoo bot,
	// which would allocate a table of its own.
	choose := bot.Main(botHashMB, *threads)
	if *engine != "engine" {
		b, err := parseBot("--engine", *engine, false)
		if err != nil {
			return cli.Usagef(stderr, "uttt bot", "%v", err)
		}
		choose = b
	}
	p, err := uttt.ParseProtocol(pos)
	if err != nil {
		return cli.Usagef(stderr, "uttt bot", "%v", err)
	}
	m, err := bot.Turn(ctx, p, choose, start.Add(*budget-botMargin), func(s string) { fmt.Fprintf(stderr, "analyze uttt bot: %s\n", s) })
	if err != nil {
		return failf(stderr, "uttt bot", "%v", err)
	}
	fmt.Fprintln(stdout, m)
	return cli.ExitOK
}
