package selfplay

import (
	"context"
	"math"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
	"github.com/boardlab/boardlab/internal/machine"
)

func TestRandomGameStatistics(t *testing.T) {
	rng := zoo.NewRNG(1)
	var count [4]int
	plies := 0
	const n = 20000
	for i := 0; i < n; i++ {
		st, k := RandomGame(&rng)
		count[st]++
		plies += k
		if k < 17 || k > 81 {
			t.Fatalf("game of %d plies", k)
		}
	}
	if count[uttt.Ongoing] != 0 || count[uttt.XWon] < count[uttt.OWon] || count[uttt.Draw] == 0 {
		t.Fatalf("results %v", count)
	}
	t.Logf("random games: X %d, O %d, draws %d, mean %.1f plies", count[1], count[2], count[3], float64(plies)/n)
}

func BenchmarkRandomGame(b *testing.B) {
	machine.LogOnce(b.Logf)
	rng := zoo.NewRNG(1)
	plies := 0
	b.ReportAllocs()
	for b.Loop() {
		_, k := RandomGame(&rng)
		plies += k
	}
	s := b.Elapsed().Seconds()
	b.ReportMetric(float64(b.N)/s, "games/s")
	b.ReportMetric(float64(plies)/s, "plies/s")
}

// TestDrawMoveUniform checks that the throughput loop's draw is legal and, with a
// chi-square test, uniform over the legal moves, in forced and free positions.
func TestDrawMoveUniform(t *testing.T) {
	// A free move after a board closed, and a forced one, from a random game.
	var free, forced uttt.Position
	rng := zoo.NewRNG(4)
	for free.Status() != uttt.Ongoing || free.Forced() >= 0 {
		p := uttt.Start()
		for ply := 0; p.Status() == uttt.Ongoing; ply++ {
			if ply >= 12 && p.Forced() < 0 && free.Forced() >= 0 {
				free = p
			}
			if ply == 7 {
				forced = p
			}
			p = p.Play(zoo.RandomMove(&p, &rng))
		}
	}
	if forced.Forced() < 0 || free.CountMoves() < 20 {
		t.Fatalf("test positions: %v / %v", free.String(), forced.String())
	}
	for _, p := range []uttt.Position{uttt.Start(), free, forced} {
		var taken [9]uint16
		var closed uint16
		for b := 0; b < 9; b++ {
			for tile := 0; tile < 9; tile++ {
				if p.Cell(b, tile) != '-' {
					taken[b] |= 1 << tile
				}
			}
			if p.Closed(b) {
				closed |= 1 << b
			}
		}
		var buf [81]uttt.Move
		n := p.Moves(&buf)
		rng := zoo.NewRNG(11)
		count := map[uttt.Move]int{}
		for i := 0; i < 2000*n; i++ {
			b, tile := drawMove(&p, &taken, closed, &rng)
			m := uttt.NewMove(b, tile)
			if !p.IsLegal(m) {
				t.Fatalf("illegal %v", m)
			}
			count[m]++
		}
		chi := 0.0
		for _, m := range buf[:n] {
			d := float64(count[m]) - 2000
			chi += d * d / 2000
		}
		// Far beyond the 99.9% quantile of chi-square with n-1 degrees of freedom.
		df := float64(n - 1)
		if limit := df + 5*math.Sqrt(2*df) + 10; chi > limit {
			t.Fatalf("%d moves: chi-square %.1f > %.1f", n, chi, limit)
		}
	}
}

// TestRandomGameLegal replays random games against the generated move lists.
func TestRandomGameLegal(t *testing.T) {
	rng := zoo.NewRNG(2)
	for g := 0; g < 2000; g++ {
		p := uttt.Start()
		var taken [9]uint16
		var closed uint16
		for p.Status() == uttt.Ongoing {
			b, tile := drawMove(&p, &taken, closed, &rng)
			m := uttt.NewMove(b, tile)
			if !p.IsLegal(m) {
				t.Fatalf("game %d: illegal %v in %v", g, m, p.String())
			}
			taken[b] |= 1 << tile
			p = p.Play(m)
			if p.Closed(b) {
				closed |= 1 << b
			}
		}
	}
}

// referenceRandomGame is RandomGame the obvious way: generate the moves, pick one.
func referenceRandomGame(rng *zoo.RNG) (uttt.Status, int) {
	p := uttt.Start()
	plies := 0
	var buf [81]uttt.Move
	for p.Status() == uttt.Ongoing {
		n := p.Moves(&buf)
		p = p.Play(buf[rng.Intn(n)])
		plies++
	}
	return p.Status(), plies
}

// FuzzRandomGame checks that the fast loop plays exactly the reference's game: the k-th
// empty tile of the open boards in order is the k-th generated move.
func FuzzRandomGame(f *testing.F) {
	for _, s := range []uint64{0, 1, 2, 12345, 1 << 40} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, seed uint64) {
		r1, r2 := zoo.NewRNG(seed), zoo.NewRNG(seed)
		s1, n1 := RandomGame(&r1)
		s2, n2 := referenceRandomGame(&r2)
		if s1 != s2 || n1 != n2 || r1 != r2 {
			t.Fatalf("seed %d: fast %v in %d plies, reference %v in %d", seed, s1, n1, s2, n2)
		}
	})
}

// BenchmarkPlayRandom is one game of Run's worker loop for random against random:
// opening, the fast movers, no record.
func BenchmarkPlayRandom(b *testing.B) {
	machine.LogOnce(b.Logf)
	m := &Match{A: zoo.Random{}, B: zoo.Random{}, Seed: 1, Openings: 4}
	movers := [2]mover{moverOf(m.A), moverOf(m.B)}
	var moves [81]uttt.Move
	ctx := context.Background()
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		m.play(ctx, i, movers, &moves)
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkRunRandom is Run over random-against-random games on every core, without
// --out: the selfplay command's throughput loop.
func BenchmarkRunRandom(b *testing.B) {
	m := &Match{A: zoo.Random{}, B: zoo.Random{}, Seed: 1, Openings: 4}
	b.ReportAllocs()
	cpu0, _ := machine.ProcessCPU()
	sum, err := Run(context.Background(), Config{Match: m, To: b.N})
	if err != nil || sum.Counted != b.N {
		b.Fatal(err)
	}
	cpu1, _ := machine.ProcessCPU()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(b.N)/(cpu1-cpu0).Seconds(), "games/cpu-s")
}
