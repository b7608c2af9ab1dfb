package sgf

import (
	"io"
	"runtime"
	"testing"
	"time"

	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/internal/machine"
)

// BenchmarkSGF parses, replays and scores the 1,000 real games of shared/data/sgf-ai,
// reporting games/s and MB/s (one goroutine), and games per CPU-second of the thread
// (games/cpu-s), which stays fair when other processes share the cores.
func BenchmarkSGF(b *testing.B) {
	machine.LogOnce(b.Logf)
	_, files := realGames(b)
	total := 0
	for _, f := range files {
		total += len(f)
	}
	var p Parser
	var g Game
	var r Replay
	var board goban.Board
	var s goban.Scorer
	b.ReportAllocs()
	b.SetBytes(int64(total))
	b.ResetTimer()
	games := 0
	cpu := startCPU()
	for i := 0; i < b.N; i++ {
		for _, data := range files {
			p.Reset(data)
			for {
				err := p.Next(&g)
				if err == io.EOF {
					break
				}
				if err != nil {
					b.Fatal(err)
				}
				if err := r.Play(&g); err != nil {
					b.Fatal(err)
				}
				r.Board(&board)
				s.Score(&board)
				games++
			}
		}
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
	cpu.report(b, games)
}

// BenchmarkSGFParse is the parse alone, and BenchmarkSGFReplay the replay alone.
func BenchmarkSGFParse(b *testing.B) {
	_, files := realGames(b)
	var p Parser
	var g Game
	b.ReportAllocs()
	b.ResetTimer()
	games := 0
	cpu := startCPU()
	for i := 0; i < b.N; i++ {
		for _, data := range files {
			p.Reset(data)
			for p.Next(&g) != io.EOF {
				games++
			}
		}
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
	cpu.report(b, games)
}

func BenchmarkSGFReplay(b *testing.B) {
	_, files := realGames(b)
	var p Parser
	gs := make([]Game, len(files))
	for i, data := range files {
		p.Reset(data)
		p.Next(&gs[i])
	}
	var r Replay
	b.ReportAllocs()
	b.ResetTimer()
	cpu := startCPU()
	for i := 0; i < b.N; i++ {
		for k := range gs {
			r.Play(&gs[k])
		}
	}
	b.ReportMetric(float64(len(gs)*b.N)/b.Elapsed().Seconds(), "games/s")
	cpu.report(b, len(gs)*b.N)
}

// cpuClock measures the CPU time of the benchmark's goroutine, locked to its thread,
// so that rates stay fair when other processes share the cores.
type cpuClock struct {
	t0 time.Duration
	ok bool
}

func startCPU() cpuClock {
	runtime.LockOSThread()
	t0, ok := machine.ThreadCPU()
	return cpuClock{t0, ok}
}

// report adds games per CPU-second of the thread (games/cpu-s) and unlocks the thread.
func (c cpuClock) report(b *testing.B, games int) {
	t1, ok := machine.ThreadCPU()
	runtime.UnlockOSThread()
	if ok && c.ok && t1 > c.t0 {
		b.ReportMetric(float64(games)/(t1-c.t0).Seconds(), "games/cpu-s")
	}
}
