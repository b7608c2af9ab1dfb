package utttcmd

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/bytesize"
	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/search"
	"github.com/boardlab/boardlab/internal/machine"
)

const searchUsage = "analyze uttt search [--time DURATION] [--depth N] [--threads N] [--hash SIZE] [--json] [--board=false] [POSITION]"

// hashFlag defines --hash, the size of the transposition table, for search and engine.
func hashFlag(fs *flag.FlagSet, value bytesize.Size) *bytesize.Compat {
	return cli.SizeVar(fs, "hash", value,
		"transposition table `SIZE` such as 64MiB or 1GiB, from 1MiB to 64GiB (a bare number is MiB)").
		Within(1<<20, 1<<36, "want 1MiB to 64GiB (a bare number is MiB: 1 to 65536)")
}

func runSearch(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("uttt search", searchUsage, `Searches POSITION (the 12 protocol arguments SIDE B0..B8 MASTER LAST, or
two-digit moves from the start; none: the start) with iterative deepening and
prints one line per completed depth, then the best move, score (side to move's
view; proven wins and losses say in how many plies), depth, nodes, nodes/s, time
and principal variation; in text the position is drawn first. Without --depth and
--time it searches for 1s. It stops at the limit, on Ctrl-C, or on a proven value.`, stderr)
	budget := fs.Duration("time", 0, "time budget (default 1s when --depth is not given)")
	depth := fs.Int("depth", 0, "maximum depth in plies")
	threads := fs.Int("threads", 1, "search threads (lazy SMP, shared table)")
	hash := hashFlag(fs, search.DefaultTableBytes)
	asJSON := fs.Bool("json", false, "write JSON lines instead of text")
	board := fs.Bool("board", true, "in text, draw the position first (as 'uttt show' does)")
	pos, code := parseArgs(fs, args)
	if code >= 0 {
		return code
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	switch {
	case given["depth"] && (*depth < 1 || *depth > search.MaxDepth):
		return cli.Usagef(stderr, "uttt search", "--depth %d: want 1..%d", *depth, search.MaxDepth)
	case *threads < 1 || *threads > 256:
		return cli.Usagef(stderr, "uttt search", "--threads %d: want 1..256", *threads)
	case given["time"] && *budget <= 0:
		return cli.Usagef(stderr, "uttt search", "--time %v: want a positive duration", *budget)
	}
	p, err := uttt.ParsePosition(pos)
	if err != nil {
		return cli.Usagef(stderr, "uttt search", "position: %v", err)
	}
	if err := machine.CheckAlloc(int64(hash.Bytes)); err != nil {
		return cli.Usagef(stderr, "uttt search", "--hash %s: the transposition table %v; give a smaller --hash", hash.Text, err)
	}
	if *depth == 0 && *budget == 0 {
		*budget = time.Second
	}
	if p.Status() != uttt.Ongoing {
		return failf(stderr, "uttt search", "the game is over (%v): no move to search", p.Status())
	}
	if *board && !*asJSON {
		fmt.Fprint(stdout, uttt.Display(&p, useColour(stdout)))
	}
	enc := json.NewEncoder(stdout)
	info := func(r search.Result) {
		if *asJSON {
			enc.Encode(r.JSON(false))
			return
		}
		fmt.Fprint(stdout, r.DepthText())
	}
	e, err := search.NewEngine(search.Options{TableBytes: int64(hash.Bytes), Threads: *threads})
	if err != nil {
		return failf(stderr, "uttt search", "%v", err)
	}
	r := e.Search(ctx, p, search.Limits{Depth: *depth, Time: *budget, Info: info})
	if *asJSON {
		l := r.JSON(true)
		if ctx.Err() != nil {
			l.Stopped = "interrupted"
		}
		enc.Encode(l)
	} else {
		fmt.Fprint(stdout, r.Text())
	}
	if ctx.Err() != nil {
		fmt.Fprintln(stderr, "analyze uttt search: interrupted")
		return cli.ExitInterrupted
	}
	return cli.ExitOK
}
