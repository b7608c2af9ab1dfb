package uttt

import (
	"context"
	"testing"

	"github.com/boardlab/boardlab/internal/machine"
)

// BenchmarkPerft counts perft(7) from the start (33,782,544 leaves) per iteration.
func BenchmarkPerft(b *testing.B) {
	machine.LogOnce(b.Logf)
	b.ReportAllocs()
	p := Start()
	var leaves uint64
	cpu := cpuSeconds()
	for b.Loop() {
		leaves += Perft(&p, 7)
	}
	reportRate(b, float64(leaves), cpu, "leaves")
}

// benchPositions returns fixed search positions: the start and two middle games.
func benchPositions() []Position {
	var out []Position
	for _, ms := range [][]string{
		nil,
		{"44", "40", "04", "43", "34", "41", "14", "46", "64"},
		{"38", "84", "40", "00", "08", "80", "03", "33", "34", "47", "74", "44", "42", "22", "24", "48", "88"},
	} {
		p, err := ParseMoves(ms)
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
func benchSearchPositions(b *testing.B, e *Engine, ps []Position, depth int) {
	var nodes uint64
	proven := 0
	cpu := cpuSeconds()
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
func reportRate(b *testing.B, work, cpu0 float64, unit string) {
	b.ReportMetric(work/b.Elapsed().Seconds(), unit+"/s")
	if cpu := cpuSeconds() - cpu0; cpu > 0 {
		b.ReportMetric(work/cpu, unit+"/cpu-s")
	}
}

func BenchmarkPlay(b *testing.B) {
	b.ReportAllocs()
	ps := randomPositions(9, 64, 0)
	var ms []Move
	var buf [81]Move
	for i := range ps {
		ps[i].Moves(&buf)
		ms = append(ms, buf[0])
	}
	var sink uint64
	i := 0
	for b.Loop() {
		q := ps[i&63].Play(ms[i&63])
		sink += q.hash
		i++
	}
	_ = sink
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
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

// BenchmarkChildren makes every child of 64 random positions three ways: Play (by
// value, as engine-v1 and the API do), PlayInto (the search's interior nodes) and
// ChildOf on one scratch position (the frontier, no hash).
func BenchmarkChildren(b *testing.B) {
	ps := randomPositions(9, 64, 0)
	var moves [][]Move
	kids := 0
	for i := range ps {
		var buf [81]Move
		n := ps[i].Moves(&buf)
		moves = append(moves, append([]Move(nil), buf[:n]...))
		kids += n
	}
	run := func(b *testing.B, f func(p *Position, ms []Move) uint64) {
		b.ReportAllocs()
		var sink uint64
		for b.Loop() {
			for i := range ps {
				sink += f(&ps[i], moves[i])
			}
		}
		_ = sink
		b.ReportMetric(b.Elapsed().Seconds()*1e9/float64(b.N)/float64(kids), "ns/child")
	}
	b.Run("Play", func(b *testing.B) {
		run(b, func(p *Position, ms []Move) (s uint64) {
			for _, m := range ms {
				q := p.Play(m)
				s += uint64(q.status) + uint64(q.forced)
			}
			return s
		})
	})
	b.Run("PlayInto", func(b *testing.B) {
		var q Position
		run(b, func(p *Position, ms []Move) (s uint64) {
			for _, m := range ms {
				p.PlayInto(&q, m)
				s += uint64(q.status) + uint64(q.forced)
			}
			return s
		})
	})
	b.Run("ChildOf", func(b *testing.B) {
		run(b, func(p *Position, ms []Move) (s uint64) {
			q := *p
			for _, m := range ms {
				q.ChildOf(p, m)
				s += uint64(q.status) + uint64(q.forced)
			}
			return s
		})
	})
}
