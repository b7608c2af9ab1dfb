package qttt

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/boardlab/boardlab/internal/machine"
	"github.com/boardlab/boardlab/internal/qtttref"
)

// benchRecords returns n random complete game records (seeded, so every run scores the
// same games).
func benchRecords(n int) [][]byte {
	rng := rand.New(rand.NewPCG(3, 4))
	recs := make([][]byte, n)
	for i := range recs {
		recs[i], _ = RandomGame(rng, nil)
	}
	return recs
}

// BenchmarkScore parses and scores random complete game records (records/s).
func BenchmarkScore(b *testing.B) {
	machine.LogOnce(b.Logf)
	recs := benchRecords(4096)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, err := ScoreRecord(recs[i&4095]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "records/s")
}

// BenchmarkRefScore is BenchmarkScore with the reference scorer, the baseline.
func BenchmarkRefScore(b *testing.B) {
	machine.LogOnce(b.Logf)
	recs := benchRecords(4096)
	strs := make([]string, len(recs))
	for i, r := range recs {
		strs[i] = string(r)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, err := qtttref.ScoreRecord(strs[i&4095]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "records/s")
}

func BenchmarkRandomGame(b *testing.B) {
	machine.LogOnce(b.Logf)
	rng := rand.New(rand.NewPCG(5, 6))
	buf := make([]byte, 0, 64)
	b.ReportAllocs()
	for b.Loop() {
		buf, _ = RandomGame(rng, buf[:0])
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkPerft counts perft(5) from the start one sequence at a time (sequences/s).
func BenchmarkPerft(b *testing.B) {
	machine.LogOnce(b.Logf)
	var p Position
	var n uint64
	b.ReportAllocs()
	for b.Loop() {
		n, _ = Perft(context.Background(), &p, 5)
	}
	if n != 66588480 {
		b.Fatalf("perft(5) = %d", n)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "sequences/s")
}

// BenchmarkSolve solves the whole game from the start with a fresh table each time.
func BenchmarkSolve(b *testing.B) {
	machine.LogOnce(b.Logf)
	var nodes uint64
	for b.Loop() {
		s := NewSolver(20)
		var p Position
		if v := s.value(&p); v != 1 {
			b.Fatalf("value %d", v)
		}
		nodes += s.Nodes()
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkCanon(b *testing.B) {
	rec := []byte("AB CD EF GH AC")
	p, _ := Replay(rec, nil)
	b.ReportAllocs()
	var k key
	for b.Loop() {
		k, _, _ = canon(&p)
	}
	_ = k
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "positions/s")
}
