package review

import (
	"math"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt/search"
)

// TestEvalExpectation: the expected result of an evaluation is the logistic curve on
// the linear evaluation's scale, bit for bit the formula the review printed before the
// scale moved to search, with proven wins and losses at 1 and 0.
func TestEvalExpectation(t *testing.T) {
	for s := -search.ScoreWinMin + 1; s < search.ScoreWinMin; s += 37 {
		if got, want := EvalExpectation(s), 1/(1+math.Exp(-float64(s)/460)); got != want {
			t.Fatalf("EvalExpectation(%d) = %v, want %v", s, got, want)
		}
	}
	if EvalExpectation(0) != 0.5 || EvalExpectation(search.ScoreWinMin) != 1 || EvalExpectation(-search.ScoreWinMin) != 0 {
		t.Errorf("EvalExpectation at 0, a proven win, a proven loss: %v %v %v",
			EvalExpectation(0), EvalExpectation(search.ScoreWinMin), EvalExpectation(-search.ScoreWinMin))
	}
}
