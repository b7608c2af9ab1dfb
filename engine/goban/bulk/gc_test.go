package bulk

import (
	"runtime/debug"
	"testing"
)

// TestPauseGC: overlapping pauses keep the collector off until the last resumes, which
// restores the setting from before the first.
func TestPauseGC(t *testing.T) {
	old := debug.SetGCPercent(123)
	defer debug.SetGCPercent(old)
	r1 := pauseGC()
	r2 := pauseGC()
	r1()
	if p := debug.SetGCPercent(-1); p != -1 {
		t.Errorf("after one of two resumes: GC percent %d, want -1 (off)", p)
	}
	r2()
	if p := debug.SetGCPercent(123); p != 123 {
		t.Errorf("after both resumed: GC percent %d, want 123", p)
	}
}
