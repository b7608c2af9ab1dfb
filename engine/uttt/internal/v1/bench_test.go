package v1

import (
	"context"
	"syscall"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/search"
)

// The benchmarks put the frozen v1 engine and the current one side by side on the same
// positions, so their ratio is measured in one run (the machine is shared).

func benchPositions() []Position {
	var out []Position
	for _, ms := range [][]string{nil, {"44", "40", "04", "43", "34", "41", "14", "46", "64"},
		{"38", "84", "40", "00", "08", "80", "03", "33", "34", "47", "74", "44", "42", "22", "24", "48", "88"}} {
		p, err := uttt.ParseMoves(ms)
		if err != nil {
			panic(err)
		}
		out = append(out, p)
	}
	return out
}

func cpuSeconds() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return float64(ru.Utime.Sec+ru.Stime.Sec) + float64(ru.Utime.Usec+ru.Stime.Usec)/1e6
}

func benchSearch(b *testing.B, search func(p Position) uint64) {
	b.ReportAllocs()
	ps := benchPositions()
	var nodes uint64
	cpu := cpuSeconds()
	for b.Loop() {
		for _, p := range ps {
			nodes += search(p)
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	if c := cpuSeconds() - cpu; c > 0 {
		b.ReportMetric(float64(nodes)/c, "nodes/cpu-s")
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// BenchmarkSearchV1 and BenchmarkSearchCurrent search the positions to depth 12 with a
// cleared 16 MB table.
func BenchmarkSearchV1(b *testing.B) {
	e := NewEngine(16)
	benchSearch(b, func(p Position) uint64 {
		e.Clear()
		return e.Search(context.Background(), p, Limits{Depth: 12}).Nodes
	})
}

func BenchmarkSearchCurrent(b *testing.B) {
	e, err := search.NewEngine(search.Options{TableBytes: 16 << 20})
	if err != nil {
		b.Fatal(err)
	}
	benchSearch(b, func(p Position) uint64 {
		e.Clear()
		return e.Search(context.Background(), p, search.Limits{Depth: 12}).Nodes
	})
}
