package qtttcmd

import (
	"bytes"
	"context"
	"io"
	"math/rand/v2"
	"strconv"
	"testing"
	"time"

	"github.com/boardlab/boardlab/engine/qttt"
	"github.com/boardlab/boardlab/internal/machine"
)

// benchInput returns n lines as "analyze qttt random" writes them, and the records
// alone.
func benchInput(n int) ([]byte, [][]byte) {
	rng := rand.New(rand.NewPCG(11, 12))
	var in []byte
	recs := make([][]byte, n)
	var buf []byte
	for i := range recs {
		var p qttt.Position
		buf, p = qttt.RandomGame(rng, buf[:0])
		recs[i] = bytes.Clone(buf)
		in = append(in, buf...)
		in = append(in, '\t')
		in = append(p.Score().AppendText(in), '\n')
	}
	return in, recs
}

// inprocRate is the engine's rate on the same records: records per CPU second of
// qttt.ScoreRecord, the in-process figure end-to-end scoring is compared with.
func inprocRate(recs [][]byte) float64 {
	c0, _ := machine.ProcessCPU()
	t0 := time.Now()
	n := 0
	for time.Since(t0) < 300*time.Millisecond {
		for _, r := range recs {
			if _, err := qttt.ScoreRecord(r); err != nil {
				panic(err)
			}
		}
		n += len(recs)
	}
	c1, _ := machine.ProcessCPU()
	return float64(n) / (c1 - c0).Seconds()
}

// BenchmarkScoreEndToEnd runs "analyze qttt score" in-process on 100,000 lines of
// "qttt random" output (reading, checking each line's expected score, writing the
// scores) with 1 and 2 workers. It reports records/s (wall), cpu-records/s (per
// second of process CPU time, all goroutines and GC included), the engine's rate on the
// same records measured in the same run (inproc-cpu-records/s), and their ratio
// e2e/inproc (per CPU second; the target is >= 0.5).
func BenchmarkScoreEndToEnd(b *testing.B) {
	machine.LogOnce(b.Logf)
	in, recs := benchInput(100000)
	for _, jobs := range []int{1, 2} {
		b.Run("jobs="+strconv.Itoa(jobs), func(b *testing.B) {
			inproc := inprocRate(recs)
			b.ReportAllocs()
			b.SetBytes(int64(len(in)))
			c0, _ := machine.ProcessCPU()
			for b.Loop() {
				code := Run(context.Background(), []string{"score", "--jobs", strconv.Itoa(jobs)}, bytes.NewReader(in), io.Discard, io.Discard)
				if code != 0 {
					b.Fatalf("exit %d", code)
				}
			}
			c1, _ := machine.ProcessCPU()
			n := float64(b.N * len(recs))
			cpuRate := n / (c1 - c0).Seconds()
			b.ReportMetric(n/b.Elapsed().Seconds(), "records/s")
			b.ReportMetric(cpuRate, "cpu-records/s")
			b.ReportMetric(inproc, "inproc-cpu-records/s")
			b.ReportMetric(cpuRate/inproc, "e2e/inproc")
		})
	}
}
