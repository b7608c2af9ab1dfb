package search

import (
	"context"
	"testing"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/internal/utttest"
)

// minimax is plain fixed-depth negamax without pruning, the reference for search.
func minimax(p *uttt.Position, depth, ply int) int {
	if p.Status() != uttt.Ongoing {
		if p.Status() == uttt.Draw {
			return 0
		}
		return -(ScoreWin - ply)
	}
	if depth == 0 {
		return Evaluate(p)
	}
	var buf [81]uttt.Move
	n := p.Moves(&buf)
	best := -scoreInf
	for _, m := range buf[:n] {
		q := p.Play(m)
		best = max(best, -minimax(&q, depth-1, ply+1))
	}
	return best
}

// TestSearchEqualsMinimax checks that alpha-beta with the table (cutoffs only from
// entries of the same depth), without the table, and plain minimax agree exactly.
func TestSearchEqualsMinimax(t *testing.T) {
	n, depth := 40, 4
	if testing.Short() {
		n, depth = 10, 3
	}
	for i, p := range utttest.RandomPositions(1, n, 0) {
		want := minimax(&p, depth, 0)
		for _, e := range []*Engine{{tt: newTable(1), sameDepth: true, opts: DefaultTuning(), linear: DefaultLinear()}, {tt: newTable(1), noTT: true, opts: DefaultTuning(), linear: DefaultLinear()}} {
			r := e.Search(context.Background(), p, Limits{Depth: depth})
			if r.Score != want && !(r.Exact && r.Depth < depth) {
				t.Errorf("position %d %s: noTT=%v score %d at depth %d, minimax %d", i, &p, e.noTT, r.Score, r.Depth, want)
			}
			if !p.IsLegal(r.Move) {
				t.Fatalf("illegal best move %v", r.Move)
			}
		}
	}
}

// TestSearchWithAndWithoutTable compares the full search (depth-preferred table
// cutoffs) with the table-free search on proven results, where both must agree.
func TestSearchWithAndWithoutTable(t *testing.T) {
	compared := 0
	for i, p := range utttest.RandomPositions(2, 60, 45) {
		a := newEngine(Options{TableBytes: 4 << 20}).Search(context.Background(), p, Limits{Depth: 30, Nodes: 1 << 17})
		b := (&Engine{tt: newTable(1), noTT: true, opts: DefaultTuning(), linear: DefaultLinear()}).Search(context.Background(), p, Limits{Depth: 30, Nodes: 1 << 17})
		if !a.Exact || !b.Exact {
			continue
		}
		compared++
		if a.Score != b.Score {
			t.Errorf("position %d %s: with table %d, without %d", i, &p, a.Score, b.Score)
		}
	}
	if compared < 15 {
		t.Errorf("only %d positions solved", compared)
	}
	t.Logf("%d solved positions compared", compared)
}

func TestSearchFindsWin(t *testing.T) {
	// X has boards 0 and 1 and may win board 2 (tiles 0 and 1 taken) by playing 22,
	// sent there by O's last move 72 (board 2 is open).
	args := []string{"X", "XXX-O-O--", "XXX-OO---", "XX-OO----", "---------", "---------", "---------", "---------", "--O------", "---------", "XX-------", "72"}
	p, err := uttt.ParseProtocol(args)
	if err != nil {
		t.Fatal(err)
	}
	r := Search(context.Background(), p, Limits{Depth: 5})
	if r.Move != uttt.NewMove(2, 2) || r.Score != ScoreWin-1 || !r.Exact {
		t.Fatalf("got %v score %d exact %v, want 22 winning at once", r.Move, r.Score, r.Exact)
	}
}

func TestSearchStopsOnCancel(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	p := uttt.Start()
	r := newEngine(Options{Threads: 2}).Search(ctx, p, Limits{})
	if !p.IsLegal(r.Move) || r.Depth < 1 {
		t.Fatalf("move %v depth %d", r.Move, r.Depth)
	}
}

func TestSearchGameOver(t *testing.T) {
	p, _ := uttt.ParseProtocol([]string{"O", "XXX------", "XXX------", "XXX------", "---------", "---------", "---------", "---------", "---------", "---------", "XXX------", "xx"})
	r := Search(context.Background(), p, Limits{Depth: 3})
	if r.Move != uttt.NoMove || r.Score != -ScoreWin || !r.Exact {
		t.Fatalf("finished game: %+v", r)
	}
}

// solve is a plain alpha-beta solver to the end of the game (no evaluation, no table):
// the reference for exact endgame results.
func solve(p *uttt.Position, alpha, beta, ply int) int {
	if p.Status() != uttt.Ongoing {
		if p.Status() == uttt.Draw {
			return 0
		}
		return -(ScoreWin - ply)
	}
	var buf [81]uttt.Move
	n := p.Moves(&buf)
	for _, m := range buf[:n] {
		q := p.Play(m)
		v := -solve(&q, -beta, -alpha, ply+1)
		if v > alpha {
			alpha = v
			if v >= beta {
				break
			}
		}
	}
	return alpha
}

// openEmpty counts the free tiles of the open boards: the most plies left in the game.
func openEmpty(p *uttt.Position) int {
	n := 0
	for b := 0; b < 9; b++ {
		if !p.Closed(b) {
			for t := 0; t < 9; t++ {
				if p.Cell(b, t) == '-' {
					n++
				}
			}
		}
	}
	return n
}

// TestSearchSolvesEndgames checks proven results against the plain solver: the outcome
// always, and the distance too for the search without reductions.
func TestSearchSolvesEndgames(t *testing.T) {
	solved := 0
	for _, p := range utttest.RandomPositions(11, 400, 50) {
		if openEmpty(&p) > 14 {
			continue
		}
		want := solve(&p, -scoreInf, scoreInf, 0)
		sign := func(v int) int { return min(max(v, -1), 1) }
		for _, e := range []*Engine{newEngine(Options{TableBytes: 1 << 20}), {tt: newTable(1), noTT: true, opts: DefaultTuning(), linear: DefaultLinear()}} {
			r := e.Search(context.Background(), p, Limits{})
			if !r.Exact {
				t.Fatalf("%s: not solved (depth %d)", &p, r.Depth)
			}
			if sign(r.Score) != sign(want) || e.noTT && r.Score != want {
				t.Errorf("%s: noTT=%v score %d, solver %d", &p, e.noTT, r.Score, want)
			}
			if !p.IsLegal(r.Move) {
				t.Fatalf("illegal move %v", r.Move)
			}
		}
		solved++
	}
	if solved < 20 {
		t.Errorf("only %d endgames", solved)
	}
	t.Logf("%d endgames solved", solved)
}

// TestSearchMaxTime checks the time rules: a search that is not proven early runs at
// least its Time, and stops (by MaxTime, or at Time when the decision is clear): a
// search left without a stop would run for minutes, far past the 10 s bound. How close
// to MaxTime it stops is the machine's business, not checked here.
func TestSearchMaxTime(t *testing.T) {
	for _, p := range utttest.RandomPositions(5, 4, 4) {
		r := newEngine(Options{TableBytes: 4 << 20}).Search(context.Background(), p, Limits{Time: 20 * time.Millisecond, MaxTime: 60 * time.Millisecond})
		if !p.IsLegal(r.Move) {
			t.Fatalf("illegal move %v", r.Move)
		}
		if !r.Exact && (r.Time < 19*time.Millisecond || r.Time > 10*time.Second) {
			t.Errorf("%s: searched %v with Time 20ms, MaxTime 60ms", &p, r.Time)
		}
	}
}

// TestSearchClockFromStart checks that Limits.Time and MaxTime count from Limits.Start:
// a budget whose clock started an hour before the call, and ran out half an hour
// before it, stops the search after its first iterations with a legal move (were the
// budget counted from the call, the context's 30 s would stop it, many plies deeper).
func TestSearchClockFromStart(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	p := uttt.Start()
	e, err := NewEngine(Options{TableBytes: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	r := e.Search(ctx, p, Limits{Start: time.Now().Add(-time.Hour), Time: 20 * time.Minute, MaxTime: 30 * time.Minute})
	if !p.IsLegal(r.Move) {
		t.Fatalf("illegal move %v", r.Move)
	}
	if ctx.Err() != nil || r.Depth > 3 {
		t.Fatalf("searched to depth %d (context %v): the budget was counted from the call, not from Limits.Start", r.Depth, ctx.Err())
	}
}

// TestContempt checks Options.Contempt on proven draws: a position the search proves
// drawn scores -Contempt for the side to move at the root, exactly, whichever side
// that is, also searched again on the same table after positions of the other side to
// move; and without contempt the search is unchanged (the other tests).
func TestContempt(t *testing.T) {
	var draws []uttt.Position
	for _, p := range utttest.RandomPositions(41, 400, 45) {
		if len(draws) == 6 {
			break
		}
		r := newEngine(Options{TableBytes: 1 << 20}).Search(t.Context(), p, Limits{Nodes: 300000})
		if r.Exact && r.Score == 0 {
			draws = append(draws, p)
		}
	}
	if len(draws) < 3 {
		t.Fatalf("found %d proven draws", len(draws))
	}
	sides := map[uttt.Side]bool{}
	for _, c := range []int{0, 25, -40} {
		e := newEngine(Options{TableBytes: 1 << 20, Contempt: c})
		for range 2 {
			for _, p := range draws {
				sides[p.Side()] = true
				r := e.Search(t.Context(), p, Limits{Nodes: 300000})
				if !r.Exact || r.Score != -c {
					t.Fatalf("%s, contempt %d: score %d exact %v, want -%d exact", &p, c, r.Score, r.Exact, c)
				}
			}
		}
	}
	t.Logf("%d proven draws, sides to move %v", len(draws), sides)
}

// TestSearchOptionsSound sets, one at a time, the fields of Tuning to a value other
// than their default and checks that each changes the tree (the node count of a
// fixed-depth search), that proven results still agree with the plain solver and that
// every move is legal: extensions, pruning and reductions may change the tree, never a
// proof.
func TestSearchOptionsSound(t *testing.T) {
	tree := func(o Tuning) uint64 {
		e := newEngine(Options{TableBytes: 4 << 20, Tuning: &o})
		var n uint64
		for _, p := range append(benchPositions()[1:], utttest.RandomPositions(47, 8, 30)...) {
			e.Clear()
			n += e.Search(context.Background(), p, Limits{Depth: 11}).Nodes
		}
		return n
	}
	base := tree(DefaultTuning())
	switches := []struct {
		name string
		set  func(o *Tuning)
	}{
		{"singular 4/3", func(o *Tuning) { o.SEDepth, o.SEMargin = 4, 3 }},
		{"singular 6/0", func(o *Tuning) { o.SEDepth, o.SEMargin = 6, 0 }},
		{"singular off", func(o *Tuning) { o.SEDepth = 0 }},
		{"reductions off", func(o *Tuning) { o.Reductions = false }},
		{"lmr 1/1", func(o *Tuning) { o.LMRDepth, o.LMRMoves = 1, 1 }},
		{"lmr grow 0", func(o *Tuning) { o.LMRGrow = 0 }},
		{"lmr grow 5", func(o *Tuning) { o.LMRGrow = 5 }},
		{"rfp off", func(o *Tuning) { o.RFPDepth = 0 }},
		{"rfp 5/20", func(o *Tuning) { o.RFPDepth, o.RFPMargin = 5, 20 }},
		{"frontier order off", func(o *Tuning) { o.FrontierOrder = false }},
		{"outlook off", func(o *Tuning) { o.Outlook = false }},
	}
	ps := utttest.RandomPositions(12, 300, 46)
	if testing.Short() {
		ps = ps[:100]
	}
	sign := func(v int) int { return min(max(v, -1), 1) }
	for _, sw := range switches {
		t.Run(sw.name, func(t *testing.T) {
			o := DefaultTuning()
			sw.set(&o)
			if n := tree(o); n == base {
				t.Errorf("%d nodes to depth 11, as with the default options", n)
			}
			proven := 0
			for _, p := range ps {
				if openEmpty(&p) > 16 {
					continue
				}
				e := newEngine(Options{TableBytes: 1 << 20, Tuning: &o})
				r := e.Search(context.Background(), p, Limits{Depth: 30, Nodes: 1 << 17})
				if !p.IsLegal(r.Move) {
					t.Fatalf("%s: illegal move %v", &p, r.Move)
				}
				if !r.Exact {
					continue
				}
				proven++
				if want := solve(&p, -scoreInf, scoreInf, 0); sign(r.Score) != sign(want) {
					t.Errorf("%s: score %d, solver %d", &p, r.Score, want)
				}
			}
			if proven < 10 {
				t.Errorf("only %d positions proven", proven)
			}
		})
	}
}
