package goban

import (
	"math/rand/v2"
	"testing"
)

// randomRect returns a rows x cols board with stones of each colour with probability p
// each, the same for the same seed.
func randomRect(rows, cols int, seed uint64, p float64) *Board {
	b := NewRect(rows, cols)
	r := rand.New(rand.NewPCG(seed, 7))
	for i := 0; i < b.N; i++ {
		for c := 0; c < b.Cols; c++ {
			switch x := r.Float64(); {
			case x < p:
				b.Set(i, c, 'X')
			case x < 2*p:
				b.Set(i, c, 'O')
			}
		}
	}
	return b
}

// TestRectAgainstReference scores rectangular boards, narrow and wide, tall and flat,
// with every scorer against the reference, ownership maps included.
func TestRectAgainstReference(t *testing.T) {
	var s Scorer
	dims := [][2]int{{1, 1}, {1, 7}, {7, 1}, {2, 19}, {19, 2}, {9, 13}, {13, 9}, {3, 64},
		{64, 3}, {5, 65}, {65, 5}, {19, 52}, {52, 19}, {7, 130}, {130, 7}, {40, 200}}
	for _, d := range dims {
		for seed := uint64(0); seed < 4; seed++ {
			for _, p := range []float64{0.02, 0.1, 0.33} {
				b := randomRect(d[0], d[1], seed, p)
				check(t, &s, b)
				if r := s.Score(b); r.Size != d[0] || r.Cols != d[1] {
					t.Fatalf("%dx%d: result size %d x %d", d[0], d[1], r.Size, r.Cols)
				}
			}
		}
	}
	// A board reused from a rectangle to a square and back keeps no stale columns.
	b := randomRect(5, 70, 1, 0.2)
	if err := b.Parse([]byte("X--O")); err != nil {
		t.Fatal(err)
	}
	if b.N != 2 || b.Cols != 2 {
		t.Fatalf("after Parse: %d x %d", b.N, b.Cols)
	}
	check(t, &s, b)
}

func TestRectEmpty(t *testing.T) {
	var s Scorer
	for _, d := range [][2]int{{0, 5}, {5, 0}, {0, 0}} {
		b := NewRect(d[0], d[1])
		if r := s.Score(b); r != (Result{}) {
			t.Fatalf("%v: %+v", d, r)
		}
	}
}
