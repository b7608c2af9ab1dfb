package bench

import (
	"context"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/selfplay"
	"github.com/boardlab/boardlab/engine/uttt/tournament"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
	"github.com/boardlab/boardlab/internal/machine"
)

// BenchmarkUtttMatchRandomGames is random-vs-random self-play on one core: whole games
// from the start on the engine's Position (target: 500 thousand games/s per core).
func BenchmarkUtttMatchRandomGames(b *testing.B) {
	rng := zoo.NewRNG(1)
	plies := 0
	b.ReportAllocs()
	cpu := utttMatchCPUSeconds()
	for b.Loop() {
		_, n := selfplay.RandomGame(&rng)
		plies += n
	}
	utttMatchReport(b, float64(b.N), cpu, "games")
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
}

// utttMatchCPUSeconds returns the process's user+system CPU time: on the shared
// machine work per CPU second is steadier than work per wall second.
func utttMatchCPUSeconds() float64 {
	d, _ := machine.ProcessCPU()
	return d.Seconds()
}

// utttMatchReport reports work per wall second and per CPU second (per core).
func utttMatchReport(b *testing.B, work, cpu0 float64, unit string) {
	b.ReportMetric(work/b.Elapsed().Seconds(), unit+"/s")
	if cpu := utttMatchCPUSeconds() - cpu0; cpu > 0 {
		b.ReportMetric(work/cpu, unit+"/cpu-s")
	}
}

// BenchmarkUtttMatchRandomGamesParallel is the same on every core (GOMAXPROCS).
func BenchmarkUtttMatchRandomGamesParallel(b *testing.B) {
	var seed atomic.Uint64
	b.ReportAllocs()
	cpu := utttMatchCPUSeconds()
	b.RunParallel(func(pb *testing.PB) {
		rng := zoo.NewRNG(seed.Add(1))
		for pb.Next() {
			selfplay.RandomGame(&rng)
		}
	})
	utttMatchReport(b, float64(b.N), cpu, "games")
}

// BenchmarkUtttMatchSelfplayNaiveRandom is the selfplay command's path: naive against
// random through zoo bots, with openings and the game record, on one worker.
func BenchmarkUtttMatchSelfplayNaiveRandom(b *testing.B) {
	m := &selfplay.Match{A: zoo.Naive{}, B: zoo.Random{}, Seed: 1, Openings: 4}
	b.ReportAllocs()
	cpu := utttMatchCPUSeconds()
	i := 0
	for b.Loop() {
		if _, err := m.Play(context.Background(), i); err != nil {
			b.Fatal(err)
		}
		i++
	}
	utttMatchReport(b, float64(b.N), cpu, "games")
}

// BenchmarkUtttMatchProcessTurn is the tournament controller's cost of one turn of an
// external bot: a shell script that prints a move, started in its own process group
// with the 12 protocol arguments, its output read and the group killed.
func BenchmarkUtttMatchProcessTurn(b *testing.B) {
	dir := b.TempDir()
	bot := filepath.Join(dir, "bot.sh")
	if err := os.WriteFile(bot, []byte("#!/bin/sh\necho 44\n"), 0o755); err != nil {
		b.Fatal(err)
	}
	p := &tournament.Process{Argv: []string{bot}, Dir: dir, Limit: 5 * time.Second}
	start := uttt.Start()
	args := start.ProtocolArgs()
	b.ReportAllocs()
	cpu := utttMatchCPUSeconds()
	for b.Loop() {
		out, err := p.Answer(context.Background(), args)
		if err != nil || out != "44\n" {
			b.Fatalf("%q, %v", out, err)
		}
	}
	utttMatchReport(b, float64(b.N), cpu, "turns")
}
