package bulk

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/qttt"
	"github.com/boardlab/boardlab/engine/qttt/qttttest"
)

func TestScoreNoAllocPerLine(t *testing.T) {
	in := qttttest.Records(4000, 9)
	var good strings.Builder
	for _, l := range strings.Split(in, "\n") {
		rec, _, _ := strings.Cut(l, "\t")
		if _, err := qttt.ScoreRecord([]byte(rec)); err == nil && rec != "" && !strings.Contains(l, "\t1 0") && !strings.Contains(l, "\t0 0") {
			good.WriteString(l + "\n")
		}
	}
	c := &chunk{file: "x", line: 1, data: []byte(good.String())}
	var w scoreWorker
	w.score(c)
	if len(c.errs) != 0 || c.records < 1000 {
		t.Fatalf("%d errors, %d records", len(c.errs), c.records)
	}
	allocs := testing.AllocsPerRun(20, func() {
		c.out, c.records = c.out[:0], 0
		w.score(c)
	})
	if allocs != 0 {
		t.Errorf("%v allocations per chunk of %d lines", allocs, c.records)
	}
}

// TestScoreNoAllocPerLineRead reads, scores and writes a stream: the allocations do not
// grow with its lines.
func TestScoreNoAllocPerLineRead(t *testing.T) {
	var b strings.Builder
	for _, l := range strings.Split(qttttest.Records(20000, 4), "\n") {
		if rec, _, _ := strings.Cut(l, "\t"); rec != "" && !strings.Contains(rec, "ZZ") && !strings.Contains(l, "\t1 0") && !strings.Contains(l, "\t0 0") {
			b.WriteString(l + "\n")
		}
	}
	in := b.String()
	allocs := testing.AllocsPerRun(3, func() {
		WriteScores(context.Background(), stdinInput, strings.NewReader(in), io.Discard, false, Options{Workers: 1})
	})
	if allocs > 2000 {
		t.Errorf("%v allocations for 20,000 lines", allocs)
	}
}
