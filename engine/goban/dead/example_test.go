package dead_test

import (
	"fmt"

	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/engine/goban/dead"
	"github.com/boardlab/boardlab/engine/goban/sgf"
)

// Estimate the dead stones of a finished position and count it by area and territory
// rules: the white stone in black's area is dead.
func Example() {
	b, err := goban.Parse([]byte(`- - - X O - -
- O - X O - -
- - - X O - -
- - - X O - -
- - - X O - -
- - - X O - -
- - - X O - -
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	st := dead.Estimate(b, dead.Options{Seed: 1})
	for _, r := range []dead.Rules{dead.RulesChinese, dead.RulesJapanese} {
		sc := dead.Count(b, &st, r, dead.Game{Komi: 6.5})
		fmt.Printf("%s: black %v, white %v, dead white %d: %s\n", r.Name, sc.Black, sc.White, sc.DeadWhite, sgf.FormatScore(nil, sc.Lead))
	}
	// Output:
	// chinese: black 28, white 27.5, dead white 1: B+0.5
	// japanese: black 22, white 20.5, dead white 1: B+1.5
}
