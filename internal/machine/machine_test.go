package machine

import (
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/internal/cpu"
)

func TestReport(t *testing.T) {
	r := Get()
	if r.Logical < 1 || r.GOMAXPROC < 1 {
		t.Fatalf("implausible core counts: %+v", r)
	}
	s := r.String()
	for _, want := range []string{"cpu:", "cores:", "features:", "go:"} {
		if !strings.Contains(s, want) {
			t.Errorf("report lacks %q:\n%s", want, s)
		}
	}
	if !strings.HasPrefix(r.Line(), "machine: ") {
		t.Errorf("Line() = %q", r.Line())
	}
	// The level and features are those of internal/cpu, the detector the engines use.
	c := cpu.Get()
	if r.X64Level != c.Level || r.Vendor != c.Vendor || r.VM != c.VM {
		t.Errorf("report %+v, internal/cpu %+v", r, c)
	}
	for name, has := range map[string]bool{"POPCNT": c.POPCNT, "BMI2": c.BMI2, "LZCNT": c.LZCNT, "AVX2": c.AVX2, "AVX512F": c.AVX512F} {
		if slices.Contains(r.Features, name) != has || slices.Contains(r.Missing, name) == has {
			t.Errorf("%s: features %v, missing %v; internal/cpu says %v", name, r.Features, r.Missing, has)
		}
	}
}

// TestCPUTime checks that the process's CPU time and the calling thread's do not go
// backwards over some work. A thread's CPU time is that of one OS thread, so the test
// stays on one (unlocked, the goroutine may move to a thread that has run less).
func TestCPUTime(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	p0, ok := ProcessCPU()
	if !ok {
		t.Skip("no CPU time on this system")
	}
	t0, ok := ThreadCPU()
	if !ok {
		t.Fatal("process CPU time but no thread CPU time")
	}
	x := 0
	for i := 0; i < 50_000_000; i++ {
		x += i ^ x>>3
	}
	p1, _ := ProcessCPU()
	t1, _ := ThreadCPU()
	if p1 < p0 || t1 < t0 || x == 1 {
		t.Fatalf("CPU time went backwards: process %v -> %v, thread %v -> %v", p0, p1, t0, t1)
	}
}
