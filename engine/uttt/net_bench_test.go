package uttt

import (
	"bufio"
	"fmt"
	"os"
	"strings"
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
	benchSearchPositions(b, e, benchPositions(), 13)
}

// BenchmarkSearchLinear and BenchmarkSearchNet compare the two evaluations' search
// speed (nodes per CPU second); their node counts differ as their scores do.
func BenchmarkSearchLinear(b *testing.B) { benchSearchEval(b, EvalLinear) }
func BenchmarkSearchNet(b *testing.B)    { benchSearchEval(b, EvalNet) }

// BenchmarkTreeGames measures a network's tree on positions from real games: the
// positions 12, 24 and 36 plies into the first 20 games of UTTT_TREE_GAMES (a file of
// analyze uttt tune --save-games), each searched to depth 14 with a cleared 16 MB
// table, with the network in UTTT_TREE_NET (analyze uttt train --out) or the embedded
// one, and the search switch UTTT_BENCH_SWITCH flipped (BenchmarkSearchSwitch). nodes/op
// is the comparison between networks or switches; it skips without the games file.
func BenchmarkTreeGames(b *testing.B) { benchTreeGames(b, 20, []int{12, 24, 36}, 14) }

// BenchmarkTreeEndgames is BenchmarkTreeGames on the positions 40 and 46 plies into the
// first 60 games, searched to depth 18; proven/op counts the results proven exact.
func BenchmarkTreeEndgames(b *testing.B) { benchTreeGames(b, 60, []int{40, 46}, 18) }

func benchTreeGames(b *testing.B, games int, plies []int, depth int) {
	path := os.Getenv("UTTT_TREE_GAMES")
	if path == "" {
		b.Skip("set UTTT_TREE_GAMES to a games file (analyze uttt tune --save-games) to run")
	}
	ps, err := treeGamePositions(path, games, plies)
	if err != nil {
		b.Fatal(err)
	}
	e := NewEngine(16)
	if err := e.SetEval(EvalNet); err != nil {
		b.Fatal(err)
	}
	if f := os.Getenv("UTTT_TREE_NET"); f != "" {
		n, err := ReadNet(f)
		if err != nil {
			b.Fatal(err)
		}
		e.SetNetwork(NewNetwork(n))
	}
	machine.LogOnce(b.Logf)
	e.SetOptions(benchSwitch(e.Options()))
	benchSearchPositions(b, e, ps, depth)
}

// treeGamePositions reads the first games of a games file (a result, the moves, then
// "|" and the scores per line) and returns the positions the given plies into each,
// when at least 5 more plies follow.
func treeGamePositions(path string, games int, plies []int) ([]Position, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	var out []Position
	for line := 1; line <= games && sc.Scan(); line++ {
		moves, _, _ := strings.Cut(sc.Text(), "|")
		ms := strings.Fields(moves)
		if len(ms) > 0 {
			ms = ms[1:] // the result
		}
		for _, ply := range plies {
			if ply < len(ms)-4 {
				p, err := ParseMoves(ms[:ply])
				if err != nil {
					return nil, fmt.Errorf("%s:%d: %v", path, line, err)
				}
				out = append(out, p)
			}
		}
	}
	return out, sc.Err()
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
		p      Position
		kids   []Position
		sums   [NetHidden]int32
		sums16 [NetHidden]int16
	}
	var ns []node
	kids := 0
	for _, p := range randomPositions(31, 64, 4) {
		n := node{p: p}
		var buf [81]Move
		for _, m := range buf[:p.Moves(&buf)] {
			if c := p.Play(m); c.Status() == Ongoing {
				n.kids = append(n.kids, c)
			}
		}
		q.accumulate(&p, p.side^1, &n.sums)
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
				s += e.child(&n.kids[k], int(moveBoard[n.kids[k].last]))
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
