package search

import (
	"context"
	"testing"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/internal/machine"
)

// benchPositions returns fixed search positions: the start and two middle games.
func benchPositions() []uttt.Position {
	var out []uttt.Position
	for _, ms := range [][]string{
		nil,
		{"44", "40", "04", "43", "34", "41", "14", "46", "64"},
		{"38", "84", "40", "00", "08", "80", "03", "33", "34", "47", "74", "44", "42", "22", "24", "48", "88"},
	} {
		p, err := uttt.ParseMoves(ms)
		if err != nil {
			panic(err)
		}
		out = append(out, p)
	}
	return out
}

// BenchmarkSearch searches the bench positions to depth 13 with a cleared table.
func BenchmarkSearch(b *testing.B) {
	machine.LogOnce(b.Logf)
	b.ReportAllocs()
	benchSearchPositions(b, NewEngine(16), benchPositions(), 13)
}

// benchSearchPositions searches each of ps to depth with a cleared table per position
// and iteration, and reports nodes per second and per op.
func benchSearchPositions(b *testing.B, e *Engine, ps []uttt.Position, depth int) {
	var nodes uint64
	proven := 0
	cpu, _ := machine.ProcessCPU()
	for b.Loop() {
		for _, p := range ps {
			e.Clear()
			r := e.Search(context.Background(), p, Limits{Depth: depth})
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

func BenchmarkEvaluate(b *testing.B) {
	b.ReportAllocs()
	ps := randomPositions(9, 64, 10)
	s := 0
	i := 0
	for b.Loop() {
		s += Evaluate(&ps[i&63])
		i++
	}
	_ = s
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "evals/s")
}
