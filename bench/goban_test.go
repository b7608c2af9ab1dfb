package bench

import (
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/internal/machine"
)

// gobanBoards are the boards the Go scorer and the challenge text's C reference are compared on.
var gobanBoards = []struct {
	name string
	text func() []byte
	slow bool // the reference takes seconds
}{
	{"19x19", func() []byte { return []byte(goban.SpecCases[4].Input) }, false},
	{"255x255-random", func() []byte { return goban.RandomBoard(255, 1).AppendText(nil) }, false},
	{"255x255-corridor", func() []byte { return goban.CorridorBoard(255).AppendText(nil) }, true},
	{"255x255-spiral", func() []byte { return goban.SpiralBoard(255).AppendText(nil) }, true},
}

// gobanCTimes caches the reference's timings per board for the process, so that the
// reference runs once however often a sub-benchmark is called.
var gobanCTimes = struct {
	sync.Mutex
	m map[string]gobanCTime
}{m: map[string]gobanCTime{}}

type gobanCTime struct {
	result        string
	perBoard, cpu time.Duration
}

// gobanReference compiles the reference into a temporary directory of tb and returns the
// directory and the executable, skipping tb when it cannot be built.
func gobanReference(tb testing.TB) (dir, bin string) {
	dir = tb.TempDir()
	bin, err := gobanBuildC(dir)
	if err != nil {
		tb.Skipf("goban C reference unavailable: %v", err)
	}
	return dir, bin
}

// gobanBoardFile writes a board's text into dir.
func gobanBoardFile(tb testing.TB, dir, name string, text []byte) string {
	p := filepath.Join(dir, name+".txt")
	if err := os.WriteFile(p, text, 0o644); err != nil {
		tb.Fatal(err)
	}
	return p
}

// TestGobanCReferenceAgrees checks that the challenge text's C program and the Go scorer give the
// same result on the spec's cases and the compared boards.
func TestGobanCReferenceAgrees(t *testing.T) {
	dir, bin := gobanReference(t)
	for _, c := range goban.SpecCases {
		got, _, _, err := gobanRunC(bin, gobanBoardFile(t, dir, "spec-"+c.Name, []byte(c.Input)), 0)
		if err != nil || got != c.Want {
			t.Errorf("C on %s: %q %v, want %s", c.Name, got, err, c.Want)
		}
	}
	for _, bb := range gobanBoards {
		if bb.slow && testing.Short() {
			continue
		}
		text := bb.text()
		got, _, _, err := gobanRunC(bin, gobanBoardFile(t, dir, bb.name, text), 0)
		b, perr := goban.Parse(text)
		if err != nil || perr != nil || got != goban.Score(b).String() {
			t.Errorf("%s: C %q (%v), Go %s (%v)", bb.name, got, err, goban.Score(b), perr)
		}
	}
}

// BenchmarkGobanVsC times the Go scorer and the challenge text's reference C (compiled with cc -O2,
// timed inside the C process on the same board) and reports the ratios: x-vs-C is C's
// wall time per board over Go's, x-vs-C-cpu the same in CPU time (thread CPU time on the
// Go side), which holds steadier when other processes load the machine.
func BenchmarkGobanVsC(b *testing.B) {
	dir, bin := gobanReference(b)
	for _, bb := range gobanBoards {
		b.Run(bb.name, func(b *testing.B) {
			text := bb.text()
			board, err := goban.Parse(text)
			if err != nil {
				b.Fatal(err)
			}
			gobanCTimes.Lock()
			ct, ok := gobanCTimes.m[bb.name]
			if !ok {
				ct.result, ct.perBoard, ct.cpu, err = gobanRunC(bin, gobanBoardFile(b, dir, bb.name, text), 500*time.Millisecond)
				if err != nil {
					gobanCTimes.Unlock()
					b.Fatal(err)
				}
				gobanCTimes.m[bb.name] = ct
			}
			gobanCTimes.Unlock()
			var s goban.Scorer
			if got := s.Score(board).String(); got != ct.result {
				b.Fatalf("Go %s, C %s", got, ct.result)
			}
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			b.ReportAllocs()
			b.ResetTimer()
			cpu0, cpuOK := machine.ThreadCPU()
			for b.Loop() {
				s.Score(board)
			}
			cpu1, _ := machine.ThreadCPU()
			goNs := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "boards/s")
			b.ReportMetric(float64(ct.perBoard.Nanoseconds()), "C-ns/board")
			b.ReportMetric(float64(ct.perBoard.Nanoseconds())/goNs, "x-vs-C")
			if goCPU := float64(cpu1-cpu0) / float64(b.N); cpuOK && goCPU > 0 && ct.cpu > 0 {
				b.ReportMetric(float64(ct.cpu.Nanoseconds())/goCPU, "x-vs-C-cpu")
			}
		})
	}
}
