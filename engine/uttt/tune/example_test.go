package tune_test

import (
	"bytes"
	"context"
	"fmt"

	"github.com/boardlab/boardlab/engine/uttt/search"
	"github.com/boardlab/boardlab/engine/uttt/tune"
)

// Play ten short training games, write them in the games file format and read them
// back.
func ExamplePlayGames() {
	cfg := tune.GameConfig{Nodes: 50, Openings: 8, Seed: 1, Eval: search.EvalLinear}
	gs, err := tune.PlayGames(context.Background(), 10, cfg, 2, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	var b bytes.Buffer
	if err := tune.WriteGames(&b, gs); err != nil {
		fmt.Println(err)
		return
	}
	back, err := tune.ReadGames(&b, "games.txt")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(back), "games read back; the first has", len(back[0].Moves) == len(gs[0].Moves), "as many moves")
	// Output:
	// 10 games read back; the first has true as many moves
}

// Measure a candidate setting against the defaults in a two-game match: one opening
// played with both colours.
func ExampleMatch() {
	o, lin, err := tune.ParseCandidate("rfp-depth=0")
	if err != nil {
		fmt.Println(err)
		return
	}
	pts, err := tune.Match(context.Background(), tune.Candidate{Tuning: o, Linear: lin}, search.EvalLinear, 2, 200, 5, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(pts >= 0 && pts <= 2)
	// Output:
	// true
}

// Fit the linear weights to a few short training games: one round of coordinate
// descent from the engine-v1 weights lowers the error on those games.
func ExampleFit() {
	e, err := search.NewEngine(search.Options{TableBytes: 1 << 20, Eval: search.EvalLinear})
	if err != nil {
		fmt.Println(err)
		return
	}
	var games []tune.TrainingGame
	for seed := range uint64(6) {
		g, err := tune.PlayTrainingGame(context.Background(), e, seed, 8, 100)
		if err != nil {
			fmt.Println(err)
			return
		}
		games = append(games, g)
	}
	samples := tune.Samples(games, 8)
	start := search.V1Weights
	k := tune.FitScale(samples, search.NewLinear(start, nil))
	w, err := tune.Fit(context.Background(), samples, start, nil, k, 1, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	before := tune.Loss(samples, search.NewLinear(start, nil), k)
	after := tune.Loss(samples, search.NewLinear(w, nil), k)
	fmt.Println("lower error:", after < before)
	// Output:
	// lower error: true
}
