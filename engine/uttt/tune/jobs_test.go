package tune

import (
	"runtime/debug"
	"strings"
	"testing"
)

// TestJobsBounded: self-play uses no more workers than games and training no more
// gradient goroutines than the batch; more than half the memory limit is refused.
func TestJobsBounded(t *testing.T) {
	if w := playWorkers(2, 1000); w != 2 {
		t.Errorf("playWorkers(2, 1000) = %d", w)
	}
	if j := trainJobs(NetTrainConfig{Jobs: 1000, Batch: 256}); j != 256 {
		t.Errorf("trainJobs, 1000 jobs, batch 256: %d", j)
	}
	if j := trainJobs(NetTrainConfig{Jobs: 0, Batch: 256}); j != 1 {
		t.Errorf("trainJobs, 0 jobs: %d, want 1 as before", j)
	}
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(256 << 20))
	if err := CheckPlayMemory(2, 1000); err != nil {
		t.Errorf("2 games, 1000 jobs: %v", err)
	}
	if err := CheckPlayMemory(1000, 1000); err == nil || !strings.Contains(err.Error(), "playing on 1000 workers needs") {
		t.Errorf("1000 games, 1000 jobs under a 256 MiB limit: %v", err)
	}
	if err := CheckMatchMemory(2, 1000); err != nil {
		t.Errorf("a match of 2 games, 1000 jobs: %v", err)
	}
	if err := CheckMatchMemory(400, 1000); err == nil || !strings.Contains(err.Error(), "playing the match on 200 workers needs") {
		t.Errorf("a match of 400 games, 1000 jobs under a 256 MiB limit: %v", err)
	}
	if err := CheckTreeMemory(60, 1000); err == nil || !strings.Contains(err.Error(), "searching on 60 workers needs") {
		t.Errorf("60 positions, 1000 jobs under a 256 MiB limit: %v", err)
	}
	if err := CheckTreeMemory(60, 2); err != nil {
		t.Errorf("60 positions, 2 jobs: %v", err)
	}
	if err := CheckTrainMemory(NetTrainConfig{Jobs: 2, Batch: 256}); err != nil {
		t.Errorf("train on 2 goroutines: %v", err)
	}
	if err := CheckTrainMemory(NetTrainConfig{Jobs: 1000, Batch: 1000}); err == nil || !strings.Contains(err.Error(), "training on 1000 goroutines needs") {
		t.Errorf("train on 1000 goroutines under a 256 MiB limit: %v", err)
	}
}
