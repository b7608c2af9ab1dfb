package search

import (
	"context"
	"testing"
	"time"

	"github.com/boardlab/boardlab/engine/uttt/internal/utttest"
)

// TestSolveMatchesReference checks the win/draw/loss solver against the plain
// alpha-beta solver on random endgames: the value, the value of the move it gives,
// and the bounds of null-window calls.
func TestSolveMatchesReference(t *testing.T) {
	n := 600
	if testing.Short() {
		n = 200
	}
	sign := func(v int) int { return min(max(v, -1), 1) }
	solved := 0
	for _, p := range utttest.RandomPositions(21, n, 45) {
		if openEmpty(&p) > 15 {
			continue
		}
		want := sign(solve(&p, -scoreInf, scoreInf, 0))
		v, m, ok := Solve(context.Background(), p, 0)
		if !ok || v != want {
			t.Fatalf("%s: Solve = %d (ok %v), reference %d", &p, v, ok, want)
		}
		q := p.Play(m)
		if got := -sign(solve(&q, -scoreInf, scoreInf, 1)); got != want {
			t.Fatalf("%s: Solve's move %v has value %d, the position %d", &p, m, got, want)
		}
		// Null windows on a fresh table: fail-soft bounds on the right side.
		for _, w := range [][2]int{{-1, 0}, {0, 1}, {-1, 1}} {
			s := newSolver(1 << 10)
			s.reset(^uint64(0)>>1, time.Time{}, nil)
			got := s.wdl(&p, w[0], w[1])
			switch {
			case got <= w[0] && want > got, got >= w[1] && want < got, got > w[0] && got < w[1] && got != want:
				t.Fatalf("%s: wdl window (%d, %d) = %d, value %d", &p, w[0], w[1], got, want)
			}
		}
		solved++
	}
	if solved < 50 {
		t.Errorf("only %d endgames", solved)
	}
	t.Logf("%d endgames solved", solved)
}
