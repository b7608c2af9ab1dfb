package machine

import (
	"strings"
	"testing"
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
}

func TestCPUTime(t *testing.T) {
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
