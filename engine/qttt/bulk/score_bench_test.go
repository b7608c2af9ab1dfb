package bulk

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/qttt/qttttest"
)

// BenchmarkScoreStream scores a stream of 20,000 records (a few blank and bad lines
// among them) on one worker, from reading the text to writing the scores.
func BenchmarkScoreStream(b *testing.B) {
	in := []byte(qttttest.Records(20000, 11))
	records := strings.Count(string(in), "\n")
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		_, err := WriteScores(context.Background(), stdinInput, bytes.NewReader(in), io.Discard, false, Options{Workers: 1, OnError: func(error) error { return nil }})
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(records*b.N)/b.Elapsed().Seconds(), "lines/s")
}
