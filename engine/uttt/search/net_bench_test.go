package search

import (
	"context"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
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
	benchSearchPositions(b, e, benchPositions(), 13)
}

// BenchmarkSearchLinear and BenchmarkSearchNet compare the two evaluations' search
// speed (nodes per CPU second); their node counts differ as their scores do.
func BenchmarkSearchLinear(b *testing.B) { benchSearchEval(b, EvalLinear) }
func BenchmarkSearchNet(b *testing.B)    { benchSearchEval(b, EvalNet) }

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
	var gs []TrainingGame
	e := NewEngine(4)
	for i := range games {
		g, err := PlayTrainingGame(context.Background(), e, 26*1_000_003+uint64(i), 8, 4000)
		if err != nil {
			b.Fatal(err)
		}
		gs = append(gs, g)
	}
	machine.LogOnce(b.Logf)
	benchSearchPositions(b, NewEngine(16), TreePositions(gs, plies), depth)
}

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

// BenchmarkNetQuantize builds the integer network from a float one with weights on
// every feature: what a process's first network search waits for.
func BenchmarkNetQuantize(b *testing.B) {
	b.ReportAllocs()
	n := testNet(3)
	for b.Loop() {
		n.quantize()
	}
}

// benchChildren evaluates every child of 64 random positions the way the search's
// frontier does (evalState.child after init), with the network when net is set (its
// sums in int16 when the network allows, as the search keeps them).
func benchChildren(b *testing.B, net bool) {
	b.ReportAllocs()
	l, q := DefaultLinear(), loadNet().nw
	type node struct {
		p      uttt.Position
		kids   []uttt.Position
		sums   [NetHidden]int32
		sums16 [NetHidden]int16
	}
	var ns []node
	kids := 0
	for _, p := range randomPositions(31, 64, 4) {
		n := node{p: p}
		var buf [81]uttt.Move
		for _, m := range buf[:p.Moves(&buf)] {
			if c := p.Play(m); c.Status() == uttt.Ongoing {
				n.kids = append(n.kids, c)
			}
		}
		q.accumulate(&p, p.Side()^1, &n.sums)
		for j, v := range n.sums {
			n.sums16[j] = int16(v)
		}
		kids += len(n.kids)
		ns = append(ns, n)
	}
	s := 0
	for b.Loop() {
		for i := range ns {
			n := &ns[i]
			e := evalState{lin: l}
			e.init(l, &n.p)
			if net {
				if q.fits16 {
					e.initNet16(&n.p, q, &n.sums16)
				} else {
					e.initNet(&n.p, q, &n.sums)
				}
			}
			for k := range n.kids {
				s += e.child(&n.kids[k], int(n.kids[k].Last().Board()))
			}
		}
	}
	_ = s
	b.ReportMetric(b.Elapsed().Seconds()*1e9/float64(b.N)/float64(kids), "ns/child")
}

// BenchmarkChildrenLinear and BenchmarkChildrenNet compare the cost of a frontier
// child's evaluation.
func BenchmarkChildrenLinear(b *testing.B) { benchChildren(b, false) }
func BenchmarkChildrenNet(b *testing.B)    { benchChildren(b, true) }
