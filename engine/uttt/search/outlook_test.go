package search

import (
	"context"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/internal/utttest"
)

// canStillWin is the plain reference for blocked: side s can still complete a master
// line when some line has only boards that s won or open boards where some small line
// holds no tile of the other side.
func canStillWin(p *uttt.Position, s uttt.Side) bool {
	boardOpen := func(b int) bool {
		for _, l := range uttt.Lines() {
			if l&p.Tiles(s^1, b) == 0 {
				return true
			}
		}
		return false
	}
	for _, l := range uttt.Lines() {
		ok := true
		for b := range 9 {
			if l>>b&1 == 0 {
				continue
			}
			switch {
			case p.WonBoards(s)>>b&1 != 0:
			case p.ClosedBoards()>>b&1 != 0 || !boardOpen(b):
				ok = false
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// TestBlocked checks blocked against the plain reference on random positions of every
// length, and blockChild (the search's update) against blocked on all their children.
func TestBlocked(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 600
	}
	var cannot [2]int
	for _, p := range utttest.RandomPositions(61, n, 20) {
		bk := blocked(&p)
		for s := range uttt.Side(2) {
			if got, want := freeLine[bk[s]], canStillWin(&p, s); got != want {
				t.Fatalf("%s: side %v can still win: blocked %v, reference %v", &p, s, got, want)
			}
			if !freeLine[bk[s]] {
				cannot[s]++
			}
		}
		var buf [81]uttt.Move
		for _, m := range buf[:p.Moves(&buf)] {
			q := p.Play(m)
			if got, want := blockChild(&bk, &q, m), blocked(&q); got != want {
				t.Fatalf("%s, move %v: blockChild %09b, blocked %09b", &p, m, got, want)
			}
		}
	}
	if cannot[uttt.X] == 0 || cannot[uttt.O] == 0 {
		t.Fatalf("no position where a side cannot win: %v", cannot)
	}
	t.Logf("positions where X, O can no longer win: %v of %d", cannot, n)
}

// TestOutlookSound checks that the bounds are proven: on random endgames, a side that
// blocked says cannot win scores at most a draw under perfect play (the plain solver),
// and a position where neither can is searched as an exact draw at once.
func TestOutlookSound(t *testing.T) {
	sign := func(v int) int { return min(max(v, -1), 1) }
	var bounded, dead int
	for _, p := range utttest.RandomPositions(62, 1500, 40) {
		if openEmpty(&p) > 14 {
			continue
		}
		bk := blocked(&p)
		own, opp := freeLine[bk[p.Side()]], freeLine[bk[p.Side()^1]]
		if own && opp {
			continue
		}
		v := sign(solve(&p, -scoreInf, scoreInf, 0))
		if !own && v > 0 || !opp && v < 0 {
			t.Fatalf("%s: value %d, but the side to move can win %v, the other %v", &p, v, own, opp)
		}
		bounded++
		if own || opp {
			continue
		}
		dead++
		r := newEngine(Options{TableBytes: 1 << 20}).Search(context.Background(), p, Limits{Depth: 1})
		if !r.Exact || r.Score != 0 || !p.IsLegal(r.Move) {
			t.Fatalf("%s: nobody can win, but depth 1 gives %+v", &p, r)
		}
	}
	if bounded < 10 || dead < 3 {
		t.Fatalf("only %d bounded endgames, %d where nobody can win", bounded, dead)
	}
	t.Logf("%d bounded endgames, %d where nobody can win", bounded, dead)
}
