package search

import (
	"math/rand/v2"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/internal/utttest"
)

// TestChildEqualsEvaluate checks the incremental evaluation of children against the
// full one, and the children's terms kept by play against init, with the engine's
// weights, the v1 weights and random weights with every term in use.
func TestChildEqualsEvaluate(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	sets := []Weights{DefaultWeights(), V1Weights}
	for range 3 {
		w := DefaultWeights()
		_, ps := w.Params()
		for _, p := range ps {
			*p += int32(rng.IntN(41) - 20)
		}
		w.Table = 0
		w.ChanceMax, w.ChanceDamp = max(w.ChanceMax, 16), max(w.ChanceDamp, 0)
		sets = append(sets, w)
	}
	for _, w := range sets {
		l := NewLinear(w, nil)
		for _, p := range utttest.RandomPositions(6, 200, 0) {
			e := evalState{lin: l}
			e.init(l, &p)
			var buf [81]uttt.Move
			for _, m := range buf[:p.Moves(&buf)] {
				q := p.Play(m)
				var kept, full evalTerms
				kept.play(l, &e.evalTerms, &q, m.Board())
				if full.init(l, &q); kept != full {
					t.Fatalf("weights %+v: %s after %v: play %+v, init %+v", w, &p, m, kept, full)
				}
				if q.Status() != uttt.Ongoing {
					continue
				}
				if got, want := e.child(&q, m.Board()), l.Evaluate(&q); got != want {
					t.Fatalf("weights %+v: %s after %v: child %d, Evaluate %d", w, &p, m, got, want)
				}
			}
		}
	}
}

// evaluateRef is the evaluation written plainly from its definition (Cell, BoardStatus,
// loops over lines), the reference for the table-driven Evaluate, with l's weights.
func evaluateRef(l *Linear, p *uttt.Position) int {
	mask := func(b int, c byte) uint16 {
		var m uint16
		for t := 0; t < 9; t++ {
			if p.Cell(b, t) == c {
				m |= 1 << t
			}
		}
		return m
	}
	canWin := func(own, opp uint16) bool {
		for t := 0; t < 9; t++ {
			if (own|opp)>>t&1 == 0 && uttt.HasLine(own|1<<t) {
				return true
			}
		}
		return false
	}
	var px, po [9]int64
	var board int64
	var won [2]uint16
	var threat [2]uint16
	for b := 0; b < 9; b++ {
		x, o := mask(b, 'X'), mask(b, 'O')
		c := l.LineChance(x, o)
		if l.w.Table == 1 {
			c = l.chance[t3[x]+2*t3[o]]
		}
		px[b], po[b] = int64(c&255), int64(c>>8)
		board += (px[b] - po[b]) * int64(l.boardWeight[b])
		switch p.BoardStatus(b) {
		case uttt.XWon:
			won[0] |= 1 << b
		case uttt.OWon:
			won[1] |= 1 << b
		}
		if canWin(x, o) {
			threat[0] |= 1 << b
		}
		if canWin(o, x) {
			threat[1] |= 1 << b
		}
	}
	var master int64
	for _, l := range masterLines {
		master += (px[l[0]]*px[l[1]]*px[l[2]] - po[l[0]]*po[l[1]]*po[l[2]]) >> 8
	}
	s := master*int64(l.line)>>16 + board*int64(l.board)>>11
	if p.Side() == uttt.O {
		s = -s
	}
	s += int64(l.tempo)
	own, opp := p.Side(), p.Side().Other()
	open := uint16(0)
	for b := 0; b < 9; b++ {
		if !p.Closed(b) {
			open |= 1 << b
		}
	}
	playable := open
	if p.Forced() >= 0 {
		playable = 1 << p.Forced()
	} else {
		s += int64(l.free)
	}
	sendWin, winNow := false, false
	for b := 0; b < 9; b++ {
		if playable>>b&1 != 0 && threat[own]>>b&1 != 0 {
			sendWin = true
			if uttt.HasLine(won[own] | 1<<b) {
				winNow = true
			}
		}
	}
	switch {
	case winNow:
		s += int64(l.win)
	case sendWin:
		s += int64(l.sendWin)
	}
	for i, side := range []uttt.Side{own, opp} {
		n, m := 0, 0
		for b := 0; b < 9; b++ {
			if open>>b&1 != 0 && threat[side]>>b&1 != 0 {
				n++
			}
		}
		for _, l := range uttt.Lines() {
			if w := won[side] & l; bits16(w) == 2 && l&^w&open != 0 {
				m++
			}
		}
		s += int64(n)*int64(l.threats[i]) + int64(m)*int64(l.masterTwo[i])
	}
	return int(s)
}

func bits16(m uint16) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

func TestEvaluateEqualsReference(t *testing.T) {
	for _, w := range []Weights{DefaultWeights(), V1Weights} {
		l := NewLinear(w, nil)
		for _, p := range utttest.RandomPositions(12, 3000, 0) {
			if got, want := l.Evaluate(&p), evaluateRef(l, &p); got != want {
				t.Fatalf("%s: Evaluate %d, reference %d", &p, got, want)
			}
		}
	}
}

// TestMasterTwoTables checks the table form of masterTwo against counting the lines.
func TestMasterTwoTables(t *testing.T) {
	for won := uint16(0); won < 512; won++ {
		for open := uint16(0); open < 512; open++ {
			if won&open != 0 {
				continue
			}
			want := 0
			for _, l := range uttt.Lines() {
				if w := won & l; w != 0 && w&(w-1) != 0 && l&^w&open != 0 {
					want++
				}
			}
			if got := masterTwo(won, open); got != want {
				t.Fatalf("masterTwo(%09b, %09b) = %d, want %d", won, open, got, want)
			}
		}
	}
}
