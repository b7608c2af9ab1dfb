package bulk

import (
	"context"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/qttt"
)

// mixedInput returns n lines of random games ("RECORD<TAB>X O", some without the
// score), with blank lines and bad lines mixed in.
func mixedInput(n int, seed uint64) string {
	rng := rand.New(rand.NewPCG(seed, 1))
	var b strings.Builder
	var buf []byte
	for i := 0; i < n; i++ {
		switch rng.IntN(20) {
		case 0:
			b.WriteString("\n")
			continue
		case 1:
			b.WriteString("AB ZZ\n")
			continue
		case 2:
			b.WriteString("AB BE DE AE\t0 0\n")
			continue
		case 3:
			b.WriteString("AB\t1 0\n")
			continue
		}
		var p qttt.Position
		buf, p = qttt.RandomGame(rng, buf[:0])
		b.Write(buf)
		if rng.IntN(2) == 0 {
			b.WriteString("\t")
			b.WriteString(p.Score().String())
		}
		b.WriteString("\n")
	}
	return b.String()
}

func TestScoreNoAllocPerLine(t *testing.T) {
	in := mixedInput(4000, 9)
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
	for _, l := range strings.Split(mixedInput(20000, 4), "\n") {
		if rec, _, _ := strings.Cut(l, "\t"); rec != "" && !strings.Contains(rec, "ZZ") && !strings.Contains(l, "\t1 0") && !strings.Contains(l, "\t0 0") {
			b.WriteString(l + "\n")
		}
	}
	in := b.String()
	allocs := testing.AllocsPerRun(3, func() {
		Score(context.Background(), []string{"-"}, strings.NewReader(in), io.Discard, ScoreOptions{Workers: 1})
	})
	if allocs > 2000 {
		t.Errorf("%v allocations for 20,000 lines", allocs)
	}
}
