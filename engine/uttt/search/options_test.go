package search

import (
	"strings"
	"testing"
)

// TestNewEngineOptions: the zero Options are the engine that plays (the embedded
// network, one thread, the tuned settings), EvalLinear evaluates with the linear
// evaluation alone, and NewEngine refuses, naming the setting, what it cannot honour.
func TestNewEngineOptions(t *testing.T) {
	e, err := NewEngine(Options{})
	if err != nil {
		t.Fatal(err)
	}
	if e.Eval() != EvalNet || e.threads != 1 || e.opts != DefaultTuning() || e.linear != DefaultLinear() {
		t.Errorf("zero Options: eval %s, %d threads, tuning %+v", e.Eval(), e.threads, e.opts)
	}
	lin := NewLinear(V1Weights, nil)
	tun := DefaultTuning()
	tun.SEDepth = 0
	e, err = NewEngine(Options{TableBytes: 1 << 20, Threads: 3, Eval: EvalLinear, Linear: lin, Contempt: 7, Tuning: &tun})
	if err != nil {
		t.Fatal(err)
	}
	if e.Eval() != EvalLinear || e.threads != 3 || e.linear != lin || e.contempt != 7 || e.opts != tun {
		t.Errorf("set Options: eval %s, %d threads, contempt %d, tuning %+v", e.Eval(), e.threads, e.contempt, e.opts)
	}
	nw := NewNetwork(testNet(3))
	if e, err := NewEngine(Options{Network: nw}); err != nil || e.nw != nw {
		t.Errorf("Options.Network: %v", err)
	}
	for _, c := range []struct {
		o    Options
		want string
	}{
		{Options{TableBytes: -1}, "table size -1 bytes"},
		{Options{Threads: -2}, "threads -2"},
		{Options{Eval: "cubic"}, `evaluation "cubic"`},
		{Options{Eval: EvalLinear, Network: nw}, "a network with evaluation"},
	} {
		if _, err := NewEngine(c.o); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("NewEngine(%+v): %v, want %q", c.o, err, c.want)
		}
	}
}
