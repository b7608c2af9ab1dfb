package selfplay

import (
	"context"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
)

// FuzzFastBots plays a random game from a fuzzed seed and, at every position, checks
// that the fast random and naive movers choose what the zoo's bots choose and leave the
// generator in the same state.
func FuzzFastBots(f *testing.F) {
	for _, s := range []uint64{0, 1, 2, 99, 12345, 1 << 40} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, seed uint64) {
		checkFastBots(t, seed)
	})
}

func checkFastBots(t *testing.T, seed uint64) {
	fillCompletes()
	ctx := context.Background()
	game := zoo.NewRNG(seed)
	p := uttt.Start()
	for p.Status() == uttt.Ongoing {
		for k, c := range []struct {
			bot  zoo.Bot
			fast func(context.Context, *uttt.Position, *zoo.RNG) uttt.Move
		}{{zoo.Random{}, fastRandom}, {zoo.Naive{}, fastNaive}} {
			r1, r2 := zoo.NewRNG(seed+uint64(k)), zoo.NewRNG(seed+uint64(k))
			m1, m2 := c.bot.Move(ctx, &p, &r1), c.fast(ctx, &p, &r2)
			if m1 != m2 || r1 != r2 {
				t.Fatalf("seed %d, %v: %s plays %v, fast %v", seed, p.String(), c.bot, m1, m2)
			}
		}
		// Naive against naive reaches the positions where wins are on offer.
		if game.Intn(2) == 0 {
			p = p.Play(zoo.Naive{}.Move(ctx, &p, &game))
		} else {
			p = p.Play(zoo.RandomMove(&p, &game))
		}
	}
}

func TestFastBots(t *testing.T) {
	for s := uint64(0); s < 3000; s++ {
		checkFastBots(t, s)
	}
}
