package search_test

import (
	"context"
	"fmt"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/search"
)

// Search a position at a fixed depth and print the move (moves are written board then
// tile, 0..8 each: "44" is the centre of the centre board). With one thread and a depth
// limit (no time limit) the search is deterministic.
func ExampleEngine_Search() {
	pos := uttt.Start()
	for _, s := range []string{"44", "43"} {
		m, err := uttt.ParseMove(s)
		if err != nil || !pos.IsLegal(m) {
			fmt.Println("bad move", s, err)
			return
		}
		pos = pos.Play(m)
	}
	// A 16 MiB table, one thread, the embedded network: everything the engine reads is
	// built here, before the search.
	e, err := search.NewEngine(search.Options{TableBytes: 16 << 20})
	if err != nil {
		fmt.Println(err)
		return
	}
	r := e.Search(context.Background(), pos, search.Limits{Depth: 6})
	fmt.Println("depth", r.Depth, "best move", r.Move)
	// Output:
	// depth 6 best move 37
}
