package selfplay_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/boardlab/boardlab/engine/uttt/selfplay"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
)

// Play a self-play match and read its report: twenty games of the zoo's naive bot
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
	var report strings.Builder
	sum.Write(&report, m, nil) // the report the CLI prints; its first two lines:
	lines := strings.SplitAfter(report.String(), "\n")
	fmt.Print(lines[0], lines[1])
	// Output:
	// games        20 (a = naive, b = random, openings 2 plies, seed 1)
	// a W/D/L      18 / 1 / 1
}
