package search_test

import (
	"context"
	"testing"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/search"
	"github.com/boardlab/boardlab/engine/uttt/tune"
	"github.com/boardlab/boardlab/internal/machine"
)

// BenchmarkSearch searches the bench positions to depth 13 with a cleared table.
func BenchmarkSearch(b *testing.B) {
	machine.LogOnce(b.Logf)
	b.ReportAllocs()
	benchSearchPositions(b, newEngine(b, search.Options{TableBytes: 16 << 20}), search.BenchPositions(), 13)
}

// newEngine returns the engine of opts, failing tb if NewEngine refuses them.
func newEngine(tb testing.TB, opts search.Options) *search.Engine {
	e, err := search.NewEngine(opts)
	if err != nil {
		tb.Fatal(err)
	}
	return e
}

// benchSearchPositions searches each of ps to depth with a cleared table per position
// and iteration, and reports nodes per second and per op.
func benchSearchPositions(b *testing.B, e *search.Engine, ps []uttt.Position, depth int) {
	var nodes uint64
	proven := 0
	cpu, _ := machine.ProcessCPU()
	for b.Loop() {
		for _, p := range ps {
			e.Clear()
			r := e.Search(context.Background(), p, search.Limits{Depth: depth})
			nodes += r.Nodes
			if r.Exact {
				proven++
			}
		}
	}
	reportRate(b, float64(nodes), cpu, "nodes")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	b.ReportMetric(float64(proven)/float64(b.N), "proven/op")
}

// reportRate reports work per wall second and per CPU second of the process (the
// machine is shared, so the second is the steadier figure for one thread).
func reportRate(b *testing.B, work float64, cpu0 time.Duration, unit string) {
	b.ReportMetric(work/b.Elapsed().Seconds(), unit+"/s")
	if cpu, ok := machine.ProcessCPU(); ok && cpu > cpu0 {
		b.ReportMetric(work/(cpu-cpu0).Seconds(), unit+"/cpu-s")
	}
}

// benchSearchEval is BenchmarkSearch with the given evaluation.
func benchSearchEval(b *testing.B, eval string) {
	machine.LogOnce(b.Logf)
	b.ReportAllocs()
	benchSearchPositions(b, newEngine(b, search.Options{TableBytes: 16 << 20, Eval: eval}), search.BenchPositions(), 13)
}

// BenchmarkSearchLinear and BenchmarkSearchNet compare the two evaluations' search
// speed (nodes per CPU second); their node counts differ as their scores do.
func BenchmarkSearchLinear(b *testing.B) { benchSearchEval(b, search.EvalLinear) }
func BenchmarkSearchNet(b *testing.B)    { benchSearchEval(b, search.EvalNet) }

// BenchmarkTreeGames measures the tree on positions from real games: the positions 12,
// 24 and 36 plies into the first 20 games of "analyze uttt tune --eval net --seed 26
// --nodes 4000" (played here, as that command plays them), each searched to depth 14
// with a cleared 16 MB table. nodes/op is the tree's size; "analyze uttt tune tree"
// compares other settings on the same positions.
func BenchmarkTreeGames(b *testing.B) { benchTreeGames(b, 20, []int{12, 24, 36}, 14) }

// BenchmarkTreeEndgames is BenchmarkTreeGames on the positions 40 and 46 plies into the
// first 60 games, searched to depth 18; proven/op counts the results proven exact.
func BenchmarkTreeEndgames(b *testing.B) { benchTreeGames(b, 60, []int{40, 46}, 18) }

func benchTreeGames(b *testing.B, games int, plies []int, depth int) {
	var gs []tune.TrainingGame
	e := newEngine(b, search.Options{TableBytes: 4 << 20})
	for i := range games {
		g, err := tune.PlayTrainingGame(context.Background(), e, 26*1_000_003+uint64(i), 8, 4000)
		if err != nil {
			b.Fatal(err)
		}
		gs = append(gs, g)
	}
	machine.LogOnce(b.Logf)
	benchSearchPositions(b, newEngine(b, search.Options{TableBytes: 16 << 20}), tune.TreePositions(gs, plies), depth)
}
