package utttcmd

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/cmd/analyze/internal/term"
	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/search"
	"github.com/boardlab/boardlab/internal/plural"
	sharding "github.com/boardlab/boardlab/shard"
)

const perftUsage = "analyze uttt perft [--divide [--shard K/N]] [-j N] D [POSITION]"

func runPerft(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("uttt perft", perftUsage, fmt.Sprintf(`Counts the move sequences of length D, a depth from 0 to %d (a finished game has no
moves), from the start or from POSITION (the 12 protocol arguments, or two-digit
moves from the start) and prints "d COUNT" for d = 1..D, or "0 1" for D = 0 (the one
empty sequence); with --divide it first prints "MOVE COUNT" for every first move.
Time and leaves/s go to stderr, progress too on a terminal.
--divide --shard K/N counts part K of N of the first moves after a header line;
'analyze merge' of the shards' outputs prints the unsharded output. See docs/uttt.md.`, search.MaxDepth), stderr)
	const name = "uttt perft"
	divide := fs.Bool("divide", false, "print the count under each first move")
	jobs := cli.JobsFlag(fs, "worker goroutines, splitting the work by first move")
	shardSpec := cli.ShardFlag(fs)
	pos, code := parseArgs(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) == 0 {
		return cli.Usagef(stderr, name, "missing depth D")
	}
	d, err := strconv.Atoi(pos[0])
	if err != nil || d < 0 || d > search.MaxDepth {
		return cli.Usagef(stderr, name, "depth %q: want an integer 0..%d", pos[0], search.MaxDepth)
	}
	p, err := uttt.ParsePosition(pos[1:])
	if err != nil {
		return cli.Usagef(stderr, name, "position: %v", err)
	}
	shard, err := shardSpec.Resolve(name, nil, stderr)
	if err != nil {
		return cli.Usagef(stderr, name, "%v", err)
	}
	if shard.Enabled() && (!*divide || d == 0) {
		return cli.Usagef(stderr, name, "--shard splits the first moves: it needs --divide and a depth of at least 1")
	}
	workers := *jobs
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	interrupted := func() int {
		w.Flush()
		return stopf(stderr, name, "interrupted")
	}
	if d == 0 {
		fmt.Fprintln(w, "0 1")
		return cli.ExitOK
	}
	var buf [81]uttt.Move
	moves := buf[:p.Moves(&buf)]
	lo, hi := shard.Range(int64(len(moves)))
	mine := moves[lo:hi]
	// count returns the sequences of length depth under the first moves mine, splitting
	// the work by first move, with progress on a terminal.
	count := func(depth int, each func(m uttt.Move, n uint64)) (uint64, error) {
		prog := term.NewProgress(stderr, "perft "+strconv.Itoa(depth), "first moves")
		defer prog.Done()
		done := int64(0)
		return perftDivide(ctx, &p, mine, depth, *jobs, func(m uttt.Move, n uint64) {
			if each != nil {
				each(m, n)
			}
			done++
			prog.Update(done, int64(len(mine)))
		})
	}
	if !*divide {
		for i := 1; i < d; i++ {
			n, err := count(i, nil)
			if err != nil {
				return interrupted()
			}
			fmt.Fprintf(w, "%d %d\n", i, n)
			w.Flush()
		}
	}
	if shard.Enabled() {
		sharding.WriteDivideHeader(w, shard, sharding.Divide{Depth: d, Moves: len(moves), First: int(lo), End: int(hi), Position: strings.Join(p.ProtocolArgs(), " ")})
	}
	start := time.Now()
	var each func(uttt.Move, uint64)
	if *divide {
		each = func(m uttt.Move, n uint64) { fmt.Fprintf(w, "%s %d\n", m, n) }
	}
	total, err := count(d, each)
	if err != nil {
		return interrupted()
	}
	el := time.Since(start)
	fmt.Fprintf(w, "%d %d\n", d, total)
	fmt.Fprintf(stderr, "perft %d: %d leaves in %v (%.1f M leaves/s, %s)\n", d, total, el.Round(time.Microsecond), float64(total)/el.Seconds()/1e6, plural.Of(workers, "worker"))
	return cli.ExitOK
}
