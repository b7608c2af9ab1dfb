package utttcmd

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/uttt"
)

const perftUsage = "analyze uttt perft [--divide] [-j N] D [POSITION]"

func runPerft(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("uttt perft", perftUsage, `Counts the move sequences of length D (a finished game has no moves) from the
start or from POSITION (the 12 protocol arguments, or two-digit moves from the
start). It prints "d COUNT" for d = 1..D, so the last line is "D COUNT"; with
--divide it first prints "MOVE COUNT" for every first move. The time and leaves/s
go to stderr. From the start: 81, 720, 6336, 55080, 473256 for D = 1..5.`, stderr)
	divide := fs.Bool("divide", false, "print the count under each first move")
	jobs := fs.Int("j", 1, "worker goroutines, splitting the work by first move")
	pos, code := parseArgs(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) == 0 {
		return cli.Usagef(stderr, "uttt perft", "missing depth D")
	}
	d, err := strconv.Atoi(pos[0])
	if err != nil || d < 0 || d > uttt.MaxDepth {
		return cli.Usagef(stderr, "uttt perft", "depth %q: want an integer 0..%d", pos[0], uttt.MaxDepth)
	}
	p, err := parsePosition(pos[1:])
	if err != nil {
		return cli.Usagef(stderr, "uttt perft", "position: %v", err)
	}
	if d == 0 {
		fmt.Fprintln(stdout, "0 1")
		return cli.ExitOK
	}
	if !*divide {
		for i := 1; i < d; i++ {
			fmt.Fprintf(stdout, "%d %d\n", i, uttt.Perft(&p, i))
		}
	}
	var buf [81]uttt.Move
	moves := buf[:p.Moves(&buf)]
	start := time.Now()
	var total uint64
	err = cli.Ordered(ctx, len(moves), *jobs, func(i int) uint64 {
		q := p.Play(moves[i])
		return uttt.Perft(&q, d-1)
	}, func(i int, n uint64) {
		total += n
		if *divide {
			fmt.Fprintf(stdout, "%s %d\n", moves[i], n)
		}
	})
	if err != nil {
		fmt.Fprintf(stderr, "analyze uttt perft: interrupted\n")
		return cli.ExitInterrupted
	}
	el := time.Since(start)
	fmt.Fprintf(stdout, "%d %d\n", d, total)
	fmt.Fprintf(stderr, "perft %d: %d leaves in %v (%.1f M leaves/s, %d workers)\n", d, total, el.Round(time.Microsecond), float64(total)/el.Seconds()/1e6, max(*jobs, 1))
	return cli.ExitOK
}
