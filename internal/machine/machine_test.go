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
