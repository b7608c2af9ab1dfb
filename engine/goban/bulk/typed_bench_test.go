package bulk_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/goban/bulk"
	"github.com/boardlab/boardlab/fileio"
)

// BenchmarkScorePaths compares, on one worker, the typed path (Score, each Result
// rendered with AppendText into a reused buffer) with the text path (WriteScores), on
// an SGF collection of 100,000 tiny games on standard input and on a folder of 2,000
// 19x19 text boards; the rate is in records (games or boards) per second.
func BenchmarkScorePaths(b *testing.B) {
	const games = 100000
	coll := strings.Repeat("(;SZ[3]KM[0.5];B[bb])", games)
	dir := b.TempDir()
	const boards = 2000
	for i := range boards {
		var sb strings.Builder
		for p := range 19 * 19 {
			sb.WriteByte("XO-"[(p*7+i*13+p*p)%3])
			if p%19 == 18 {
				sb.WriteByte('\n')
			}
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%05d.txt", i)), []byte(sb.String()), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	for _, c := range []struct {
		name string
		in   []fileio.Input
		data string
		n    int
	}{{"collection", paths("-"), coll, games}, {"dir", paths(dir), "", boards}} {
		run := func(b *testing.B, typed bool) {
			b.ReportAllocs()
			var buf []byte
			for b.Loop() {
				var st bulk.Stats
				var err error
				if typed {
					st, err = bulk.Score(context.Background(), c.in, strings.NewReader(c.data), bulk.Options{Workers: 1}, func(r bulk.Result) error {
						buf = bulk.AppendText(buf[:0], r)
						return nil
					})
				} else {
					st, err = bulk.WriteScores(context.Background(), c.in, strings.NewReader(c.data), io.Discard, bulk.Options{Workers: 1})
				}
				if err != nil || st.Records != int64(c.n) {
					b.Fatal(st, err)
				}
			}
			b.ReportMetric(float64(c.n*b.N)/b.Elapsed().Seconds(), "records/s")
		}
		b.Run(c.name+"/text", func(b *testing.B) { run(b, false) })
		b.Run(c.name+"/typed", func(b *testing.B) { run(b, true) })
	}
}
