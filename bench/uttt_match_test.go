package bench

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt/selfplay"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
)

// BenchmarkUtttMatchRandomGames is random-vs-random self-play on one core: whole games
// from the start on the engine's Position (target: 500 thousand games/s per core).
func BenchmarkUtttMatchRandomGames(b *testing.B) {
	rng := zoo.NewRNG(1)
	plies := 0
	b.ReportAllocs()
	for b.Loop() {
		_, n := selfplay.RandomGame(&rng)
		plies += n
	}
	s := b.Elapsed().Seconds()
	b.ReportMetric(float64(b.N)/s, "games/s")
	b.ReportMetric(float64(plies)/s, "plies/s")
}

// BenchmarkUtttMatchRandomGamesParallel is the same on every core (GOMAXPROCS).
func BenchmarkUtttMatchRandomGamesParallel(b *testing.B) {
	var seed atomic.Uint64
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		rng := zoo.NewRNG(seed.Add(1))
		for pb.Next() {
			selfplay.RandomGame(&rng)
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkUtttMatchSelfplayNaiveRandom is the selfplay command's path: naive against
// random through zoo bots, with openings and the game record, on one worker.
func BenchmarkUtttMatchSelfplayNaiveRandom(b *testing.B) {
	m := &selfplay.Match{A: zoo.Naive{}, B: zoo.Random{}, Seed: 1, Openings: 4}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := m.Play(context.Background(), i); err != nil {
			b.Fatal(err)
		}
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}
