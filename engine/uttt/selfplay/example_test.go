package selfplay_test

import (
	"context"
	"fmt"

	"github.com/boardlab/boardlab/engine/uttt/selfplay"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
)

// Play a self-play match and read its tally: twenty games of the zoo's naive bot
// against its random bot, colours alternating, two random opening plies each. Every
// game is a function of the match and its index, so the tally does not depend on the
// number of workers.
func ExampleRun() {
	m := &selfplay.Match{A: zoo.Naive{}, B: zoo.Random{}, Seed: 1, Openings: 2}
	sum, err := selfplay.Run(context.Background(), selfplay.Config{Match: m, To: 20, Workers: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	t := sum.Tally // a's wins, draws and losses, and its score
	fmt.Printf("%d games: %d / %d / %d, score %.3f\n", sum.Counted, t.W, t.D, t.L, t.Score())
	// Output:
	// 20 games: 18 / 1 / 1, score 0.925
}
