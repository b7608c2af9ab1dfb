package zoo_test

import (
	"context"
	"fmt"
	"io"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
)

// Play one game between two zoo bots, each with its randomness from a seeded RNG.
func Example() {
	x, _ := zoo.Parse("depth:2")
	o, _ := zoo.Parse("random")
	rng := zoo.NewRNG(1)
	p := uttt.Start()
	bots := [2]zoo.Bot{x, o}
	plies := 0
	for p.Status() == uttt.Ongoing {
		p = p.Play(bots[p.Side()].Move(context.Background(), &p, &rng))
		plies++
	}
	fmt.Printf("%s vs %s: %v after %d plies\n", x, o, p.Status(), plies)
	// Output: depth:2 vs random: X won after 31 plies
}

// A game between two move choosers of different kinds: the engine and its first
// version, each at a fixed node count per move, so the game is the same on every
// machine. Any Bot plays in the same loop, GameBots with the Bot of the game.
func ExampleBot() {
	ctx := context.Background()
	var players [2]zoo.Bot
	for i, spec := range []string{"engine:n500", "engine-v1:n500"} {
		b, err := zoo.Parse(spec)
		if err != nil {
			fmt.Println(err)
			return
		}
		if gb, ok := b.(zoo.GameBot); ok {
			b = gb.StartGame(0)
			if c, ok := b.(io.Closer); ok {
				defer c.Close()
			}
		}
		players[i] = b
	}
	rng := zoo.NewRNG(7)
	p := uttt.Start()
	for p.Status() == uttt.Ongoing {
		m := players[p.Side()].Move(ctx, &p, &rng)
		if !p.IsLegal(m) {
			fmt.Printf("%s answered %v: it forfeits\n", players[p.Side()], m)
			return
		}
		p = p.Play(m)
	}
	fmt.Printf("%s (X) vs %s (O): %v with %d empty tiles\n", players[0], players[1], p.Status(), p.Empty())
	// Output: engine:n500 (X) vs engine-v1:n500 (O): draw with 22 empty tiles
}
