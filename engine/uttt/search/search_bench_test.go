package search

import (
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/internal/utttest"
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

// BenchmarkEvaluate is the linear evaluation of random positions.
func BenchmarkEvaluate(b *testing.B) {
	b.ReportAllocs()
	ps := utttest.RandomPositions(9, 64, 10)
	s := 0
	i := 0
	for b.Loop() {
		s += Evaluate(&ps[i&63])
		i++
	}
	_ = s
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "evals/s")
}
