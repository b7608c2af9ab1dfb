package zoo_test

import (
	"context"
	"fmt"

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
