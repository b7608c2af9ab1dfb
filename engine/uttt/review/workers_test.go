package review

import (
	"context"
	"runtime/debug"
	"strings"
	"testing"
)

// TestWorkersBounded: Games uses no more workers than games, and refuses, before
// reviewing anything, workers whose memory would exceed half the limit.
func TestWorkersBounded(t *testing.T) {
	for _, c := range []struct{ jobs, games, want int }{{1000, 2, 2}, {3, 10, 3}, {1, 0, 1}, {5000, 1, 1}} {
		if got := Workers(c.jobs, c.games); got != c.want {
			t.Errorf("Workers(%d, %d) = %d, want %d", c.jobs, c.games, got, c.want)
		}
	}
	if got := Workers(0, 1000); got < 1 || got > 1000 {
		t.Errorf("Workers(0, 1000) = %d", got)
	}
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(256 << 20))
	ev, err := ParseMoveList("44 40")
	if err != nil {
		t.Fatal(err)
	}
	recs := make([]Record, 1000)
	for i := range recs {
		recs[i] = Record{X: "X", O: "O", Events: ev}
	}
	emitted := 0
	err = Games(context.Background(), recs, Options{Nodes: 100}, 1000, func(*Game) { emitted++ })
	if err == nil || !strings.Contains(err.Error(), "reviewing on 1000 workers needs") || emitted != 0 {
		t.Errorf("1000 workers under a 256 MiB limit: %d games reviewed, error %v", emitted, err)
	}
	if err := Games(context.Background(), recs[:2], Options{Nodes: 100}, 1000, func(*Game) { emitted++ }); err != nil || emitted != 2 {
		t.Errorf("-j 1000 on 2 games: %d games reviewed, error %v", emitted, err)
	}
}
