package utttcmd

import (
	"context"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
)

func TestPerftDivide(t *testing.T) {
	p := uttt.Start()
	var buf [81]uttt.Move
	moves := buf[:p.Moves(&buf)]
	var sum uint64
	var seen []uttt.Move
	total, err := perftDivide(context.Background(), &p, moves[10:20], 3, 3, func(m uttt.Move, n uint64) {
		q := p.Play(m)
		if want := uttt.Perft(&q, 2); n != want {
			t.Errorf("move %v: %d, want %d", m, n, want)
		}
		sum += n
		seen = append(seen, m)
	})
	if err != nil || total != sum || len(seen) != 10 || seen[0] != moves[10] || seen[9] != moves[19] {
		t.Fatalf("total %d (sum %d), %d moves seen, %v", total, sum, len(seen), err)
	}
	all, _ := perftDivide(context.Background(), &p, moves, 4, 0, nil)
	if all != uttt.Perft(&p, 4) {
		t.Errorf("all first moves: %d, want %d", all, uttt.Perft(&p, 4))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := perftDivide(ctx, &p, moves, 5, 2, nil); err == nil {
		t.Error("a cancelled count returned no error")
	}
}
