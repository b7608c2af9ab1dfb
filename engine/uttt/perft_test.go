package uttt

import "testing"

// perftStart holds the counts from the start: d=1..5 from the spec; deeper ones were
// computed by this package and cross-checked against the reference generator.
var perftStart = []uint64{1, 81, 720, 6336, 55080, 473256}

func TestPerftStart(t *testing.T) {
	p := Start()
	for d, want := range perftStart {
		if got := Perft(&p, d); got != want {
			t.Errorf("perft(%d) = %d, want %d", d, got, want)
		}
	}
}
