//go:build unix

package review

import (
	"context"
	"strings"
	"syscall"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt/selfplay"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
)

// processCPU returns the process's user+system CPU time in seconds.
func processCPU() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return float64(ru.Utime.Sec+ru.Stime.Sec) + float64(ru.Utime.Usec+ru.Stime.Usec)/1e6
}

// BenchmarkReview reviews 16 self-play games (depth:2 against naive, 4 random opening
// plies, seed 1) one after the other at the default budgets (20,000 nodes a position,
// 100,000 for the solver) and reports reviews per CPU-second.
func BenchmarkReview(b *testing.B) {
	m := &selfplay.Match{A: zoo.Depth{N: 2}, B: zoo.Naive{}, Seed: 1, Openings: 4}
	var recs []Record
	plies := 0
	for i := 0; i < 16; i++ {
		g, err := m.Play(context.Background(), i)
		if err != nil {
			b.Fatal(err)
		}
		ev, err := ParseMoveList(g.Moves)
		if err != nil {
			b.Fatal(err)
		}
		plies += len(strings.Fields(g.Moves))
		recs = append(recs, Record{ID: "bench", X: "a", O: "b", Events: ev})
	}
	rv := New(Options{Nodes: 20000, SolveNodes: 100000})
	cpu0 := processCPU()
	reviews := 0
	for b.Loop() {
		for k := range recs {
			rv.Game(context.Background(), &recs[k])
			reviews++
		}
	}
	if cpu := processCPU() - cpu0; cpu > 0 {
		b.ReportMetric(float64(reviews)/cpu, "reviews/CPU-s")
		b.ReportMetric(float64(plies)/16, "plies/game")
	}
}
