package bot_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/bot"
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
	b := bot.AIGames{Engine: uttt.NewEngine(1), Depth: 4, Prefix: "bot: "}
	err := b.Run(context.Background(), in, os.Stdout, os.Stdout)
	fmt.Println(err)
	// Output:
	// place_move 3 5
	// bot: line 6: cannot read "hello": want settings KEY VALUE, update game KEY VALUE or action move T
	// bad input lines were reported
}
