package uttt_test

import (
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/internal/utttest"
	"github.com/boardlab/boardlab/internal/machine"
)

// BenchmarkPerft counts perft(7) from the start (33,782,544 leaves) per iteration.
func BenchmarkPerft(b *testing.B) {
	machine.LogOnce(b.Logf)
	b.ReportAllocs()
	p := uttt.Start()
	var leaves uint64
	cpu, _ := machine.ProcessCPU()
	for b.Loop() {
		leaves += uttt.Perft(&p, 7)
	}
	b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
	if c, ok := machine.ProcessCPU(); ok && c > cpu {
		b.ReportMetric(float64(leaves)/(c-cpu).Seconds(), "leaves/cpu-s")
	}
}

func BenchmarkPlay(b *testing.B) {
	b.ReportAllocs()
	ps := utttest.RandomPositions(9, 64, 0)
	var ms []uttt.Move
	var buf [81]uttt.Move
	for i := range ps {
		ps[i].Moves(&buf)
		ms = append(ms, buf[0])
	}
	var sink uint64
	i := 0
	for b.Loop() {
		q := ps[i&63].Play(ms[i&63])
		sink += q.Hash()
		i++
	}
	_ = sink
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}

// BenchmarkChildren makes every child of 64 random positions three ways: Play (by
// value, as engine-v1 and the API do), PlayInto (the search's interior nodes) and
// ChildOf on one scratch position (the frontier, no hash).
func BenchmarkChildren(b *testing.B) {
	ps := utttest.RandomPositions(9, 64, 0)
	var moves [][]uttt.Move
	kids := 0
	for i := range ps {
		var buf [81]uttt.Move
		n := ps[i].Moves(&buf)
		moves = append(moves, append([]uttt.Move(nil), buf[:n]...))
		kids += n
	}
	run := func(b *testing.B, f func(p *uttt.Position, ms []uttt.Move) uint64) {
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
		run(b, func(p *uttt.Position, ms []uttt.Move) (s uint64) {
			for _, m := range ms {
				q := p.Play(m)
				s += uint64(q.Status()) + uint64(q.Forced()+1)
			}
			return s
		})
	})
	b.Run("PlayInto", func(b *testing.B) {
		var q uttt.Position
		run(b, func(p *uttt.Position, ms []uttt.Move) (s uint64) {
			for _, m := range ms {
				p.PlayInto(&q, m)
				s += uint64(q.Status()) + uint64(q.Forced()+1)
			}
			return s
		})
	})
	b.Run("ChildOf", func(b *testing.B) {
		run(b, func(p *uttt.Position, ms []uttt.Move) (s uint64) {
			q := *p
			for _, m := range ms {
				q.ChildOf(p, m)
				s += uint64(q.Status()) + uint64(q.Forced()+1)
			}
			return s
		})
	})
}
