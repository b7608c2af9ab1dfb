package bench

import (
	"context"
	"testing"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/search"
)

func TestUtttNaiveBaselineAgrees(t *testing.T) {
	p := uttt.Start()
	for d := 1; d <= 5; d++ {
		if got, want := utttNaivePerft(utttNaiveStart(), d), uttt.Perft(&p, d); got != want {
			t.Errorf("naive perft(%d) = %d, engine %d", d, got, want)
		}
	}
}

// BenchmarkUtttEnginePerft measures perft(7) from the start: the engine (bulk counting
// at the last ply) against the naive copy-make baseline, in one run.
func BenchmarkUtttEnginePerft(b *testing.B) {
	for _, c := range []struct {
		name string
		run  func() uint64
	}{
		{"engine", func() uint64 { p := uttt.Start(); return uttt.Perft(&p, 7) }},
		{"naive", func() uint64 { return utttNaivePerft(utttNaiveStart(), 7) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			var leaves uint64
			for b.Loop() {
				leaves += c.run()
			}
			b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
		})
	}
}

// BenchmarkUtttEngineSearch searches the start to depth 14 on one thread.
func BenchmarkUtttEngineSearch(b *testing.B) {
	b.ReportAllocs()
	e, err := search.NewEngine(search.Options{TableBytes: 64 << 20})
	if err != nil {
		b.Fatal(err)
	}
	var nodes uint64
	for b.Loop() {
		e.Clear()
		nodes += e.Search(context.Background(), uttt.Start(), search.Limits{Depth: 14}).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkUtttEngineDepthIn1s reports the depth completed in one second from the
// start, on one thread and on two (lazy SMP).
func BenchmarkUtttEngineDepthIn1s(b *testing.B) {
	for _, threads := range []int{1, 2} {
		b.Run(map[int]string{1: "threads=1", 2: "threads=2"}[threads], func(b *testing.B) {
			e, err := search.NewEngine(search.Options{TableBytes: 64 << 20, Threads: threads})
			if err != nil {
				b.Fatal(err)
			}
			var depth, nodes float64
			for b.Loop() {
				e.Clear()
				r := e.Search(context.Background(), uttt.Start(), search.Limits{Time: time.Second})
				depth += float64(r.Depth)
				nodes += float64(r.Nodes)
			}
			b.ReportMetric(depth/float64(b.N), "depth")
			b.ReportMetric(nodes/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
