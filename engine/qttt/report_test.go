package qttt

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

func TestSolution(t *testing.T) {
	solve := func(record string) Solution {
		p, err := ReplayOpen([]byte(record), nil)
		if err != nil {
			t.Fatal(err)
		}
		r, err := NewSolver(16).Solve(context.Background(), p, true)
		if err != nil {
			t.Fatal(err)
		}
		return NewSolution(record, p, r)
	}
	var b strings.Builder
	solve("AB BE DE AE").WriteText(&b, 0)
	if got := b.String(); !strings.HasPrefix(got, "value 0.5\nbest 1\npv 1 GH GH 5\nscore 1 0.5\nnodes ") || !strings.HasSuffix(got, ", cpu 0s\n") {
		t.Errorf("text: %q", got)
	}
	js, err := json.Marshal(solve(" AE BF EI DH AI 1 "))
	if err != nil || !strings.HasPrefix(string(js), `{"record":"AE BF EI DH AI 1","value":1,"best":[],"pv":"","score":"1 0","nodes":0,`) {
		t.Errorf("json of an ended game: %s, %v", js, err)
	}
}

func TestTableBits(t *testing.T) {
	for _, c := range []struct {
		size, entry int64
		want        int
	}{{16 << 20, 16, 20}, {24 << 22, 24, 22}, {30 << 20, 24, 20}, {15 << 10, 16, 9}, {15, 16, 0}, {0, 24, 0}} {
		if got := TableBits(c.size, c.entry); got != c.want {
			t.Errorf("TableBits(%d, %d) = %d, want %d", c.size, c.entry, got, c.want)
		}
	}
}
