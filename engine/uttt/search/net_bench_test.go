package search

import (
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/internal/utttest"
)

// BenchmarkEvaluateNet is the plain (not incremental) network evaluation.
func BenchmarkEvaluateNet(b *testing.B) {
	b.ReportAllocs()
	ps := utttest.RandomPositions(9, 64, 10)
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
	for _, p := range utttest.RandomPositions(31, 64, 4) {
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
