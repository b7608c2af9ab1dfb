package qttt

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/internal/qtttref"
)

// TestSolveMatchesMinimax solves random positions late in the game both with the solver
// and with plain minimax over the reference implementation.
func TestSolveMatchesMinimax(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 60
	}
	rng := rand.New(rand.NewPCG(7, 7))
	s := NewSolver(16)
	done := 0
	for done < n {
		rec, _ := RandomGame(rng, nil)
		toks := strings.Fields(string(rec))
		cut := len(toks) - 1 - rng.IntN(4)
		if cut < 1 {
			continue
		}
		prefix := strings.Join(toks[:cut], " ")
		p, err := ReplayOpen([]byte(prefix), nil)
		if err != nil || p.Over() || bitsOpen(&p) > 6 {
			continue // too big for minimax
		}
		want := 0
		if p.Pending() != 0 {
			// The record stops before the measurement: try both in the reference and
			// let the chooser (the player to move next) pick.
			_, na, _, nb := p.Choices()
			for i, num := range []int{na, nb} {
				v, err := qtttref.Value(prefix + " " + itoa(num))
				if err != nil {
					t.Fatalf("%q: reference: %v", prefix, err)
				}
				if i == 0 || p.ToMove() == X && v > want || p.ToMove() == O && v < want {
					want = v
				}
			}
		} else {
			v, err := qtttref.Value(prefix)
			if err != nil {
				t.Fatalf("%q: reference: %v", prefix, err)
			}
			want = v
		}
		r, err := s.Solve(t.Context(), p, true)
		if err != nil {
			t.Fatal(err)
		}
		if r.Value != want {
			t.Fatalf("%q: solver %d, minimax %d", prefix, r.Value, want)
		}
		checkPV(t, prefix, r)
		done++
	}
}

func bitsOpen(p *Position) int {
	n := 0
	for o := p.Open(); o != 0; o &= o - 1 {
		n++
	}
	return n
}

// checkPV replays the principal variation and checks that it ends with the value.
func checkPV(t *testing.T, prefix string, r Result) {
	t.Helper()
	rec := prefix + " " + FormatPV(r.PV)
	s, err := ScoreRecord([]byte(rec))
	if err != nil {
		t.Fatalf("pv %q: %v", rec, err)
	}
	if s.Margin() != r.Value {
		t.Fatalf("pv %q ends %s (margin %d), value %d", rec, s, s.Margin(), r.Value)
	}
	if len(r.Best) == 0 {
		t.Fatalf("%q: no best move", prefix)
	}
}

func TestSolveStart(t *testing.T) {
	if testing.Short() {
		t.Skip("solves the whole game")
	}
	s := NewSolver(20)
	r, err := s.Solve(t.Context(), Position{}, false)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("value %s, pv %s, %d nodes, %v", FormatHalves(r.Value), FormatPV(r.PV), r.Nodes, r.Elapsed)
	checkPV(t, "", r)
}

func TestSolveEnded(t *testing.T) {
	for _, c := range seedCases {
		p, _ := Replay([]byte(c.rec), nil)
		if !p.Over() {
			continue
		}
		r, err := NewSolver(10).Solve(t.Context(), p, true)
		if err != nil || r.Value != p.Score().Margin() || len(r.PV) != 0 {
			t.Errorf("%q: value %d pv %v err %v", c.rec, r.Value, r.PV, err)
		}
	}
}
