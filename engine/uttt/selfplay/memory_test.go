package selfplay

import (
	"context"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt/zoo"
)

// TestRunMemoryBound: Run never uses more workers than games, and refuses, playing
// nothing, workers whose engines' tables exceed half a 256 MiB limit.
func TestRunMemoryBound(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(256 << 20))
	if w := Workers(2000, 2); w != 2 {
		t.Errorf("Workers(2000, 2) = %d, want 2", w)
	}
	if w := Workers(0, 0); w != 1 {
		t.Errorf("Workers(0, 0) = %d, want 1", w)
	}
	eng := &Match{A: zoo.NewEngine(0, 2), B: zoo.NewEngine(0, 2)}
	if got, want := WorkerMemory(eng), 2*int64(zoo.DepthHashMB)<<20+workerOverhead; got != want {
		t.Errorf("WorkerMemory(engine:d2 vs engine:d2) = %d, want %d", got, want)
	}
	if got := WorkerMemory(&Match{A: zoo.Naive{}, B: zoo.Random{}}); got != workerOverhead {
		t.Errorf("WorkerMemory(naive vs random) = %d, want %d", got, workerOverhead)
	}
	sum, err := Run(context.Background(), Config{Match: eng, From: 0, To: 4000, Workers: 2000})
	if err == nil || !strings.Contains(err.Error(), "playing on 2000 workers needs ") || sum.Counted != 0 {
		t.Errorf("-j 2000 on 4000 games: counted %d, err %v", sum.Counted, err)
	}
	sum, err = Run(context.Background(), Config{Match: eng, From: 0, To: 2, Workers: 2000})
	if err != nil || sum.Counted != 2 {
		t.Errorf("-j 2000 on 2 games: counted %d, err %v", sum.Counted, err)
	}
}
