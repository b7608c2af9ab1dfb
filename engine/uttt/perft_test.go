package uttt

import (
	"context"
	"testing"
	"time"
)

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

func TestPerftContext(t *testing.T) {
	p := Start()
	for d := 0; d <= 7; d++ {
		got, err := PerftContext(context.Background(), &p, d)
		if want := Perft(&p, d); got != want || err != nil {
			t.Errorf("PerftContext(%d) = %d, %v; want %d", d, got, err, want)
		}
	}
	// From a position after a few moves, where boards close and moves are free.
	q, _ := ParseMoves([]string{"40", "04", "41", "14", "42", "24"})
	if got, _ := PerftContext(context.Background(), &q, 6); got != Perft(&q, 6) {
		t.Errorf("PerftContext from %v = %d, want %d", q.String(), got, Perft(&q, 6))
	}
	// A cancelled count stops with an error although the depth takes hours: it must
	// return within the 30 s deadline of the cancel.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := PerftContext(ctx, &p, 14)
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil {
			t.Errorf("cancelled perft 14: no error")
		}
	case <-time.After(30 * time.Second):
		t.Fatal("cancelled perft 14 still running 30 s after the cancel")
	}
}
