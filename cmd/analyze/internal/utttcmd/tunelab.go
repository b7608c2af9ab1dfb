package utttcmd

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/uttt"
)

// The experiments of "analyze uttt tune match" and "analyze uttt tune tree": search
// settings (uttt.Options) and weights measured against the defaults, each engine with
// its own, so the games and searches run in parallel.

const tuneLabDescription = `
Two experiments on the search's settings run as subcommands, each candidate given by
--set 'NAME=VALUE,...' (repeatable) over the fields of uttt.Options: reductions,
lmr-depth, lmr-moves, lmr-grow, rfp-depth, rfp-margin, frontier-order, outlook,
se-depth, se-margin (booleans as true or false), and weights=v1 or weights=FILE (a
weights.txt file) for the linear evaluation:

analyze uttt tune match [--games N] [--nodes N] [--seed S] [--jobs J] [--eval linear|net] --set SPEC...
  plays each candidate against the defaults at --nodes nodes a move (table cleared per
  game) from 2-ply random openings drawn from --seed, each opening with both colours,
  and prints the candidate's points (win 1, draw 1/2) out of --games.
analyze uttt tune tree [--seed S] [--games N] [--plies P,...] [--depth D] [--load-games FILE] [--jobs J] [--set SPEC]...
  searches the positions --plies plies into the first --games games (those of
  "analyze uttt tune --eval net --seed S --nodes 4000", or of --load-games) to --depth
  with a cleared 16 MB table each, with the defaults and with each candidate, and
  prints the nodes and the results proven.`

// runTuneLab runs "analyze uttt tune match|tree ARGS".
func runTuneLab(ctx context.Context, sub string, args []string, stdout, stderr io.Writer) int {
	name := "uttt tune " + sub
	usage := "analyze uttt tune " + sub + " [flags] --set SPEC..."
	fs := cli.NewFlagSet(name, usage, strings.TrimSpace(tuneLabDescription), stderr)
	var specs []string
	fs.Func("set", "a candidate: `NAME=VALUE,...` (repeatable)", func(v string) error {
		specs = append(specs, v)
		return nil
	})
	jobs := cli.JobsFlag(fs, 0, 0, "games or searches at once (0: one per core)")
	seed := fs.Uint64("seed", 0, "seed of the openings (match: default 5) or of the games (tree: default 26)")
	games := fs.Int("games", 0, "games (match: default 400, even; tree: default 20)")
	nodes := fs.Uint64("nodes", 50000, "match: nodes per move")
	eval := fs.String("eval", uttt.EvalNet, "match: evaluation of both sides, net or linear")
	plies := fs.String("plies", "12,24,36", "tree: plies into each game")
	depth := fs.Int("depth", 14, "tree: search depth")
	load := fs.String("load-games", "", "tree: read the games from `FILE` (analyze uttt tune --save-games)")
	pos, code := cli.Parse(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) > 0 {
		return cli.Usagef(stderr, name, "unexpected argument %q", pos[0])
	}
	type candidate struct {
		name string
		o    uttt.Options
		lin  *uttt.Linear
	}
	var cands []candidate
	for _, s := range specs {
		o, lin, err := parseCandidate(s)
		if err != nil {
			return cli.Usagef(stderr, name, "--set %q: %v", s, err)
		}
		cands = append(cands, candidate{s, o, lin})
	}
	if *jobs < 0 {
		return cli.Usagef(stderr, name, "--jobs must not be negative")
	}
	if *jobs == 0 {
		*jobs = runtime.GOMAXPROCS(0)
	}
	switch sub {
	case "match":
		if len(cands) == 0 {
			return cli.Usagef(stderr, name, "no candidate: give --set")
		}
		if *games == 0 {
			*games = 400
		}
		if *seed == 0 {
			*seed = 5
		}
		switch {
		case *games < 2 || *games%2 != 0:
			return cli.Usagef(stderr, name, "--games %d: want an even number, at least 2", *games)
		case *nodes < 1:
			return cli.Usagef(stderr, name, "--nodes must be positive")
		}
		if err := uttt.CheckEval(*eval); err != nil {
			return cli.Usagef(stderr, name, "--eval: %v", err)
		}
		for _, c := range cands {
			pts, err := tuneMatch(ctx, c.o, c.lin, *eval, *games, *nodes, *seed, *jobs)
			if err != nil {
				fmt.Fprintf(stderr, "analyze %s: interrupted\n", name)
				return cli.ExitInterrupted
			}
			fmt.Fprintf(stdout, "%-30s %.1f / %d (%.1f%%)\n", c.name, pts, *games, 100*pts/float64(*games))
		}
		return cli.ExitOK
	default: // tree
		if *games == 0 {
			*games = 20
		}
		if *seed == 0 {
			*seed = 26
		}
		var ps []int
		for _, f := range strings.Split(*plies, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n < 0 || n > 80 {
				return cli.Usagef(stderr, name, "--plies %q: want plies 0..80, comma-separated", *plies)
			}
			ps = append(ps, n)
		}
		switch {
		case *games < 1:
			return cli.Usagef(stderr, name, "--games must be positive")
		case *depth < 1 || *depth > uttt.MaxDepth:
			return cli.Usagef(stderr, name, "--depth %d: want 1..%d", *depth, uttt.MaxDepth)
		}
		var gs []uttt.TrainingGame
		var err error
		if *load != "" {
			gs, err = loadGames(*load)
		} else {
			gs, err = playGames(ctx, *games, 4000, 8, *seed, *jobs, uttt.EvalNet, uttt.DefaultLinear(), nil, stderr)
		}
		if err != nil {
			fmt.Fprintf(stderr, "analyze %s: %v\n", name, err)
			return cli.ExitFail
		}
		positions := uttt.TreePositions(gs[:min(*games, len(gs))], ps)
		cands = append([]candidate{{"default", uttt.DefaultOptions(), nil}}, cands...)
		var base uint64
		for i, c := range cands {
			n, proven, err := treeSize(ctx, positions, c.o, c.lin, *depth, *jobs)
			if err != nil {
				fmt.Fprintf(stderr, "analyze %s: interrupted\n", name)
				return cli.ExitInterrupted
			}
			if i == 0 {
				base = n
				fmt.Fprintf(stdout, "%d positions to depth %d\n%-30s %d nodes, %d proven\n", len(positions), *depth, c.name, n, proven)
				continue
			}
			fmt.Fprintf(stdout, "%-30s %d nodes (%+.1f%%), %d proven\n", c.name, n, 100*(float64(n)/float64(max(base, 1))-1), proven)
		}
		return cli.ExitOK
	}
}

// parseCandidate reads NAME=VALUE,... into options (from the defaults) and, with
// weights=, a linear evaluation (nil: the default).
func parseCandidate(spec string) (uttt.Options, *uttt.Linear, error) {
	o := uttt.DefaultOptions()
	ints := map[string]*int{"lmr-depth": &o.LMRDepth, "lmr-moves": &o.LMRMoves, "lmr-grow": &o.LMRGrow,
		"rfp-depth": &o.RFPDepth, "rfp-margin": &o.RFPMargin, "se-depth": &o.SEDepth, "se-margin": &o.SEMargin}
	bools := map[string]*bool{"reductions": &o.Reductions, "frontier-order": &o.FrontierOrder, "outlook": &o.Outlook}
	var lin *uttt.Linear
	for _, kv := range strings.Split(spec, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		switch {
		case !ok:
			return o, nil, fmt.Errorf("%q: want NAME=VALUE", kv)
		case ints[k] != nil:
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > 1000 {
				return o, nil, fmt.Errorf("%s=%q: want a number 0..1000", k, v)
			}
			*ints[k] = n
		case bools[k] != nil:
			b, err := strconv.ParseBool(v)
			if err != nil {
				return o, nil, fmt.Errorf("%s=%q: want true or false", k, v)
			}
			*bools[k] = b
		case k == "weights":
			w := uttt.V1Weights
			if v != "v1" {
				data, err := readLimited(v, 1<<20)
				if err != nil {
					return o, nil, err
				}
				if w, err = uttt.ParseWeights(string(data)); err != nil {
					return o, nil, fmt.Errorf("%s: %v", v, err)
				}
			}
			lin = uttt.NewLinear(w, nil)
		default:
			return o, nil, fmt.Errorf("unknown setting %q", k)
		}
	}
	return o, lin, nil
}

// tuneMatch plays games/2 openings, each with both colours, between an engine with
// options o (and linear evaluation lin, if set) and one with the defaults, at nodes
// nodes a move on jobs goroutines, and returns the first engine's points. Opening k
// depends only on seed and k, so the result does not depend on jobs.
func tuneMatch(ctx context.Context, o uttt.Options, lin *uttt.Linear, eval string, games int, nodes, seed uint64, jobs int) (float64, error) {
	pairs := games / 2
	pts := make([]float64, pairs)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(jobs, pairs) {
		wg.Go(func() {
			for {
				k := int(next.Add(1) - 1)
				if k >= pairs || ctx.Err() != nil {
					return
				}
				rng := rand.New(rand.NewPCG(seed, uint64(k)))
				open := uttt.Start()
				for range 2 {
					var buf [81]uttt.Move
					open = open.Play(buf[rng.IntN(open.Moves(&buf))])
				}
				for colour := range 2 {
					a, b := uttt.NewEngine(4), uttt.NewEngine(4)
					a.SetEval(eval) // checked by the caller
					b.SetEval(eval)
					a.SetOptions(o)
					a.SetLinear(lin)
					aSide := uttt.Side(colour)
					p := open
					for p.Status() == uttt.Ongoing && ctx.Err() == nil {
						e := b
						if p.Side() == aSide {
							e = a
						}
						p = p.Play(e.Search(ctx, p, uttt.Limits{Nodes: nodes}).Move)
					}
					switch p.Status() {
					case uttt.Draw:
						pts[k] += 0.5
					case uttt.XWon + uttt.Status(aSide):
						pts[k]++
					}
				}
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	var sum float64
	for _, v := range pts {
		sum += v
	}
	return sum, nil
}

// treeSize searches each position to depth with a cleared 16 MB table, with options o
// (and linear evaluation lin, if set) and the embedded network, on jobs goroutines,
// and returns the nodes and the results proven exact.
func treeSize(ctx context.Context, ps []uttt.Position, o uttt.Options, lin *uttt.Linear, depth, jobs int) (uint64, int, error) {
	var nodes atomic.Uint64
	var proven atomic.Int64
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(jobs, len(ps)) {
		wg.Go(func() {
			e := uttt.NewEngine(16)
			e.SetOptions(o)
			e.SetLinear(lin)
			for {
				i := int(next.Add(1) - 1)
				if i >= len(ps) || ctx.Err() != nil {
					return
				}
				e.Clear()
				r := e.Search(ctx, ps[i], uttt.Limits{Depth: depth})
				nodes.Add(r.Nodes)
				if r.Exact {
					proven.Add(1)
				}
			}
		})
	}
	wg.Wait()
	return nodes.Load(), int(proven.Load()), ctx.Err()
}

// readLimited reads the file at path, refusing one of more than limit bytes.
func readLimited(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: more than %d bytes", path, limit)
	}
	return data, nil
}
