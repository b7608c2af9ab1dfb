package tune

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"strings"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/search"
	"github.com/boardlab/boardlab/pipeline"
)

// ParseCandidate reads a candidate NAME=VALUE,... into search settings (from the
// defaults) and, with weights=v1 or weights=FILE, a linear evaluation (nil: the default).
func ParseCandidate(spec string) (search.Tuning, *search.Linear, error) {
	o := search.DefaultTuning()
	ints := map[string]*int{"lmr-depth": &o.LMRDepth, "lmr-moves": &o.LMRMoves, "lmr-grow": &o.LMRGrow,
		"rfp-depth": &o.RFPDepth, "rfp-margin": &o.RFPMargin, "se-depth": &o.SEDepth, "se-margin": &o.SEMargin}
	bools := map[string]*bool{"reductions": &o.Reductions, "frontier-order": &o.FrontierOrder, "outlook": &o.Outlook}
	var lin *search.Linear
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
			w := search.V1Weights
			if v != "v1" {
				data, err := readLimited(v, 1<<20)
				if err != nil {
					return o, nil, err
				}
				if w, err = search.ParseWeights(string(data)); err != nil {
					return o, nil, fmt.Errorf("%s: %v", v, err)
				}
			}
			lin = search.NewLinear(w, nil)
		default:
			return o, nil, fmt.Errorf("unknown setting %q", k)
		}
	}
	return o, lin, nil
}

// Candidate is a setting measured against the defaults: search settings and, if not
// nil, a linear evaluation.
type Candidate struct {
	Tuning search.Tuning
	Linear *search.Linear
}

// options returns the engine options of c with a table of tableMB MiB and evaluation
// eval.
func (c *Candidate) options(tableMB int64, eval string) search.Options {
	return search.Options{TableBytes: tableMB << 20, Eval: eval, Linear: c.Linear, Tuning: &c.Tuning}
}

// Match plays games/2 openings of 2 random plies, each with both colours, between an
// engine with candidate c and one with the defaults, both evaluating with eval, at
// nodes nodes a move on up to jobs goroutines, and returns c's points (win 1, draw
// 1/2). Opening k depends only on seed and k, so the result does not depend on jobs.
func Match(ctx context.Context, c Candidate, eval string, games int, nodes, seed uint64, jobs int) (float64, error) {
	if err := search.CheckEval(eval); err != nil {
		return 0, err
	}
	pairs := games / 2
	pts := make([]float64, pairs)
	err := pipeline.Items(ctx, pairs, jobs, func(k int) float64 {
		rng := rand.New(rand.NewPCG(seed, uint64(k)))
		open := uttt.Start()
		for range 2 {
			var buf [81]uttt.Move
			open = open.Play(buf[rng.IntN(open.Moves(&buf))])
		}
		v := 0.0
		for colour := range 2 {
			a, _ := search.NewEngine(c.options(4, eval)) // checked above
			b, _ := search.NewEngine(search.Options{TableBytes: 4 << 20, Eval: eval})
			aSide := uttt.Side(colour)
			p := open
			for p.Status() == uttt.Ongoing && ctx.Err() == nil {
				e := b
				if p.Side() == aSide {
					e = a
				}
				p = p.Play(e.Search(ctx, p, search.Limits{Nodes: nodes}).Move)
			}
			switch p.Status() {
			case uttt.Draw:
				v += 0.5
			case uttt.XWon + uttt.Status(aSide):
				v++
			}
		}
		return v
	}, func(k int, v float64) { pts[k] = v })
	if err != nil {
		return 0, err
	}
	var sum float64
	for _, v := range pts {
		sum += v
	}
	return sum, nil
}

// CheckMatchMemory returns an error saying how much when Match's workers for games
// games on jobs goroutines (two engines each) would take more than half the memory this
// process may use.
func CheckMatchMemory(games, jobs int) error {
	return checkWorkers("playing the match", games/2, jobs, 2*playWorkerMemory)
}

// treeWorkerMemory is the memory one of TreeSize's workers holds: its engine's 16 MiB
// table, the engine's state and the search's stack.
const treeWorkerMemory = 17 << 20

// CheckTreeMemory returns an error saying how much when TreeSize's workers for
// positions positions on jobs goroutines would take more than half the memory this
// process may use.
func CheckTreeMemory(positions, jobs int) error {
	return checkWorkers("searching", positions, jobs, treeWorkerMemory)
}

// TreeSize searches each position of ps to depth with a cleared 16 MB table, with
// candidate c and the embedded network, on up to jobs goroutines, and returns the nodes
// and the number of results proven exact.
func TreeSize(ctx context.Context, ps []uttt.Position, c Candidate, depth, jobs int) (uint64, int, error) {
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	jobs = max(1, min(jobs, len(ps)))
	pool := make(chan *search.Engine, jobs)
	for range jobs {
		e, err := search.NewEngine(c.options(16, ""))
		if err != nil {
			return 0, 0, err
		}
		pool <- e
	}
	var nodes uint64
	proven := 0
	err := pipeline.Items(ctx, len(ps), jobs, func(i int) search.Result {
		e := <-pool
		defer func() { pool <- e }()
		e.Clear()
		return e.Search(ctx, ps[i], search.Limits{Depth: depth})
	}, func(i int, r search.Result) {
		nodes += r.Nodes
		if r.Exact {
			proven++
		}
	})
	return nodes, proven, err
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
