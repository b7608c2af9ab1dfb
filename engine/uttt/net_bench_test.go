package uttt

import (
	"context"
	"testing"

	"github.com/boardlab/boardlab/internal/machine"
)

// benchSearchEval is BenchmarkSearch with the given evaluation.
func benchSearchEval(b *testing.B, eval string) {
	machine.LogOnce(b.Logf)
	b.ReportAllocs()
	e := NewEngine(16)
	if err := e.SetEval(eval); err != nil {
		b.Fatal(err)
	}
	ps := benchPositions()
	var nodes uint64
	cpu := cpuSeconds()
	for b.Loop() {
		for _, p := range ps {
			e.Clear()
			nodes += e.Search(context.Background(), p, Limits{Depth: 13}).Nodes
		}
	}
	reportRate(b, float64(nodes), cpu, "nodes")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// BenchmarkSearchLinear and BenchmarkSearchNet compare the two evaluations' search
// speed (nodes per CPU second); their node counts differ as their scores do.
func BenchmarkSearchLinear(b *testing.B) { benchSearchEval(b, EvalLinear) }
func BenchmarkSearchNet(b *testing.B)    { benchSearchEval(b, EvalNet) }

// BenchmarkEvaluateNet is the plain (not incremental) network evaluation.
func BenchmarkEvaluateNet(b *testing.B) {
	b.ReportAllocs()
	ps := randomPositions(9, 64, 10)
	EvaluateNet(&ps[0])
	s := 0
	i := 0
	for b.Loop() {
		s += EvaluateNet(&ps[i&63])
		i++
	}
	_ = s
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "evals/s")
}
