package bench

import (
	"context"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/boardlab/boardlab/engine/qttt"
	"github.com/boardlab/boardlab/internal/machine"
	"github.com/boardlab/boardlab/internal/qtttref"
)

// qtttRecords returns n random complete game records, the same in every run.
func qtttRecords(n int) [][]byte {
	rng := rand.New(rand.NewPCG(11, 12))
	recs := make([][]byte, n)
	for i := range recs {
		recs[i], _ = qttt.RandomGame(rng, nil)
	}
	return recs
}

// qtttTimer adds up the wall and thread CPU time of timed sections; rates per CPU
// second are the steadier figures on a shared machine.
type qtttTimer struct {
	wall, cpu time.Duration
	t0        time.Time
	c0        time.Duration
}

func (t *qtttTimer) start() {
	t.c0, _ = machine.ThreadCPU()
	t.t0 = time.Now()
}

func (t *qtttTimer) stop() {
	t.wall += time.Since(t.t0)
	c, ok := machine.ThreadCPU()
	if ok {
		t.cpu += c - t.c0
	}
}

// report reports count per wall second as unit and per CPU second as unit with "cpu-".
func (t *qtttTimer) report(b *testing.B, count float64, unit string) {
	b.ReportMetric(count/t.wall.Seconds(), unit)
	if t.cpu > 0 {
		b.ReportMetric(count/t.cpu.Seconds(), "cpu-"+unit)
	}
}

// BenchmarkQtttScore parses and scores game records with the fast path (no allocation),
// a batch of 4096 different random complete games per iteration.
func BenchmarkQtttScore(b *testing.B) {
	machine.LogOnce(b.Logf)
	recs := qtttRecords(1 << 12)
	b.ReportAllocs()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var t qtttTimer
	var sum int
	for b.Loop() {
		t.start()
		for _, r := range recs {
			s, err := qttt.ScoreRecord(r)
			if err != nil {
				b.Fatal(err)
			}
			sum += s.Margin()
		}
		t.stop()
	}
	t.report(b, float64(b.N*len(recs)), "records/s")
	if sum == 0 {
		b.Log("all margins zero")
	}
}

// BenchmarkQtttScoreVsReference scores the same records with the fast path and with the
// plain reference in one run and reports both rates and their ratio (by CPU time).
func BenchmarkQtttScoreVsReference(b *testing.B) {
	machine.LogOnce(b.Logf)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	recs := qtttRecords(1 << 12)
	strs := make([]string, len(recs))
	for i, r := range recs {
		strs[i] = string(r)
	}
	var fast, ref qtttTimer
	n := 0
	for b.Loop() {
		// Sections of many milliseconds: thread CPU time is counted in ticks.
		fast.start()
		for range 32 {
			for _, r := range recs {
				qttt.ScoreRecord(r)
			}
		}
		fast.stop()
		ref.start()
		for _, s := range strs {
			qtttref.ScoreRecord(s)
		}
		ref.stop()
		n += len(recs)
	}
	fast.report(b, float64(32*n), "records/s")
	ref.report(b, float64(n), "ref-records/s")
	b.ReportMetric(32*qtttRatio(&ref, &fast), "speedup")
}

func qtttRatio(slow, fast *qtttTimer) float64 {
	if slow.cpu > 0 && fast.cpu > 0 {
		return slow.cpu.Seconds() / fast.cpu.Seconds()
	}
	return slow.wall.Seconds() / fast.wall.Seconds()
}

// BenchmarkQtttPerft counts perft(5) from the start (66,588,480 sequences) one by one
// and with the table of counts, and perft(3) with the reference generator, in one run;
// speedup compares the one-by-one count with the reference per sequence.
func BenchmarkQtttPerft(b *testing.B) {
	machine.LogOnce(b.Logf)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	ctx := context.Background()
	var start qttt.Position
	var plain, hashed, ref qtttTimer
	var seqs float64
	for b.Loop() {
		plain.start()
		n, _ := qttt.Perft(ctx, &start, 5)
		plain.stop()
		hashed.start()
		h, _ := qttt.NewPerftHasher(20).Perft(ctx, &start, 5)
		hashed.stop()
		ref.start()
		r := qtttref.Perft(3)
		ref.stop()
		if n != 66588480 || h != n || r != 49896 {
			b.Fatalf("perft: %d %d %d", n, h, r)
		}
		seqs += float64(n)
	}
	plain.report(b, seqs, "sequences/s")
	hashed.report(b, seqs, "hashed-sequences/s")
	refSeqs := float64(49896 * b.N)
	ref.report(b, refSeqs, "ref-sequences/s")
	if plain.cpu > 0 && ref.cpu > 0 {
		b.ReportMetric(seqs/plain.cpu.Seconds()/(refSeqs/ref.cpu.Seconds()), "speedup")
	}
}

// BenchmarkQtttSolve solves the whole game from the start with a fresh solver: the value
// (0.5: X wins by half a point), a principal variation and one best move.
func BenchmarkQtttSolve(b *testing.B) {
	machine.LogOnce(b.Logf)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var nodes uint64
	var t qtttTimer
	for b.Loop() {
		t.start()
		r, err := qttt.NewSolver(20).Solve(context.Background(), qttt.Position{}, false)
		t.stop()
		if err != nil || r.Value != 1 {
			b.Fatalf("value %d, %v", r.Value, err)
		}
		nodes += r.TotalNodes
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	b.ReportMetric(t.cpu.Seconds()/float64(b.N), "cpu-s/op")
	t.report(b, float64(nodes), "nodes/s")
}
