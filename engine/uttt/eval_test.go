package uttt

import (
	"math/rand/v2"
	"testing"
)

// TestChildEqualsEvaluate checks the incremental evaluation of children against the
// full one, with the engine's weights, the v1 weights and random weights with every
// term in use.
func TestChildEqualsEvaluate(t *testing.T) {
	defer SetWeights(CurrentWeights())
	rng := rand.New(rand.NewPCG(4, 4))
	sets := []Weights{CurrentWeights(), V1Weights}
	for range 3 {
		w := CurrentWeights()
		_, ps := w.Params()
		for _, p := range ps {
			*p += int32(rng.IntN(41) - 20)
		}
		w.Table = 0
		w.ChanceMax, w.ChanceDamp = max(w.ChanceMax, 16), max(w.ChanceDamp, 0)
		sets = append(sets, w)
	}
	for _, w := range sets {
		SetWeights(w)
		for _, p := range randomPositions(6, 200, 0) {
			var e evalState
			e.init(&p)
			var buf [81]Move
			for _, m := range buf[:p.Moves(&buf)] {
				q := p.Play(m)
				if q.Status() != Ongoing {
					continue
				}
				if got, want := e.child(&q, m.Board()), Evaluate(&q); got != want {
					t.Fatalf("weights %+v: %s after %v: child %d, Evaluate %d", w, &p, m, got, want)
				}
			}
		}
	}
}

// TestQuiesce checks the quiescence step: never below the static evaluation with an
// open window, and a win at once is found.
func TestQuiesce(t *testing.T) {
	w := &worker{e: &Engine{}}
	for _, p := range randomPositions(8, 300, 10) {
		q := w.quiesce(&p, -scoreInf, scoreInf, 0, qsearchDepth)
		if q < Evaluate(&p) {
			t.Fatalf("%s: quiesce %d below the evaluation %d", &p, q, Evaluate(&p))
		}
		if threats(&p) == 2 && q != ScoreWin-1 {
			t.Fatalf("%s: a win at once scored %d", &p, q)
		}
	}
}
