package bulk_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/boardlab/boardlab/engine/goban/bulk"
)

// BenchmarkScoreLines scores 20,000 random 19x19 text boards, one per line, with one
// and two workers; the rate is in boards per second.
func BenchmarkScoreLines(b *testing.B) {
	const n = 20000
	rng := rand.New(rand.NewPCG(1, 2))
	var in bytes.Buffer
	for range n {
		for range 19 * 19 {
			in.WriteByte("XO-"[rng.IntN(3)])
		}
		in.WriteByte('\n')
	}
	for _, jobs := range []int{1, 2} {
		b.Run(fmt.Sprintf("j%d", jobs), func(b *testing.B) {
			b.SetBytes(int64(in.Len()))
			for b.Loop() {
				_, err := bulk.WriteLines(context.Background(), paths("-"), bytes.NewReader(in.Bytes()), io.Discard, bulk.Options{Workers: jobs})
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "boards/s")
		})
	}
}
