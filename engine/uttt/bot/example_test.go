package bot_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/boardlab/boardlab/engine/uttt/bot"
	"github.com/boardlab/boardlab/engine/uttt/search"
)

// An AI Games session over strings: the bot is player 1 (X, moving first) on an empty
// board, searches to a fixed depth, and reports a bad line on the log.
func ExampleAIGames() {
	empty := strings.TrimSuffix(strings.Repeat("0,", 81), ",")
	open := strings.TrimSuffix(strings.Repeat("-1,", 9), ",")
	in := strings.NewReader(`settings your_botid 1
update game round 1
update game field ` + empty + `
update game macroboard ` + open + `
action move 10000
hello
`)
	e, err := search.NewEngine(search.Options{TableBytes: 1 << 20})
	if err != nil {
		fmt.Println(err)
		return
	}
	b := bot.AIGames{Engine: e, Depth: 4, Prefix: "bot: "}
	err = b.Run(context.Background(), in, os.Stdout, os.Stdout)
	fmt.Println(err)
	// Output:
	// place_move 3 5
	// bot: line 6: cannot read "hello": want settings KEY VALUE, update game KEY VALUE or action move T
	// bad input lines were reported
}

// A CodinGame turn over strings: the bot moves first (the opponent's move is -1 -1,
// all 81 cells are valid actions) and answers "row col" with the search's depth and score.
func ExampleCodinGame() {
	var actions strings.Builder
	for r := range 9 {
		for c := range 9 {
			fmt.Fprintf(&actions, "%d %d\n", r, c)
		}
	}
	in := strings.NewReader("-1 -1\n81\n" + actions.String())
	e, err := search.NewEngine(search.Options{TableBytes: 1 << 20})
	if err != nil {
		fmt.Println(err)
		return
	}
	g := bot.CodinGame{Engine: e, Depth: 4, Message: true, Prefix: "bot: "}
	err = g.Run(context.Background(), in, os.Stdout, os.Stdout)
	fmt.Println(err)
	// Output:
	// 5 3 d4 228
	// <nil>
}
