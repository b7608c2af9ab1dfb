package bulk_test

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/goban/bulk"
)

// BenchmarkScoreCollection scores one SGF collection of 200,000 tiny games on
// standard input, whose results are written as they come; the rate is in games per
// second, and B/op shows the memory a run allocates.
func BenchmarkScoreCollection(b *testing.B) {
	const n = 200000
	coll := strings.Repeat("(;SZ[3]KM[0.5];B[bb])", n)
	b.ReportAllocs()
	b.SetBytes(int64(len(coll)))
	for b.Loop() {
		st, err := bulk.WriteScores(context.Background(), paths("-"), strings.NewReader(coll), io.Discard, bulk.Options{Workers: 1})
		if err != nil || st.Games != n {
			b.Fatal(st, err)
		}
	}
	b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "games/s")
}
