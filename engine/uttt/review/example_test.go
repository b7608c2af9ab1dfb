package review_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/boardlab/boardlab/engine/uttt/review"
)

// Example reviews two games given as move lists, at a small fixed budget, and prints
// each game's result and the players' summaries.
func Example() {
	records := "44 40 04 41 14 42 24\n40 04 44 41\n"
	bad := func(err error) { fmt.Println("bad record:", err) }
	recs, err := review.ReadRecords(strings.NewReader(records), "games.txt", bad)
	if err != nil {
		fmt.Println(err)
		return
	}
	var sum review.Summary
	opt := review.Options{Nodes: 500, SolveNodes: 1000}
	err = review.Games(context.Background(), recs, opt, 2, func(g *review.Game) {
		fmt.Printf("%s: %s in %d plies\n", g.Game, g.Result, g.Plies)
		sum.Add(g)
	})
	if err != nil {
		fmt.Println(err)
	}
	for _, pl := range sum.Players() {
		fmt.Printf("%s: %d games, %d moves, mean loss %.1f, %d blunders\n", pl.Player, pl.Games, pl.Moves, pl.MeanLoss, pl.Blunders)
	}
	// Output:
	// games.txt:1: unfinished in 7 plies
	// games.txt:2: unfinished in 4 plies
	// X: 2 games, 6 moves, mean loss 105.0, 0 blunders
	// O: 2 games, 5 moves, mean loss 37.8, 0 blunders
}
