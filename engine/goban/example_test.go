package goban_test

import (
	"fmt"

	"github.com/boardlab/boardlab/engine/goban"
)

// Score a board in the text format: each player gets their stones plus the empty
// points that reach only their colour.
func Example() {
	b, err := goban.Parse([]byte("- X O\nX X O\n- X O\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	r := goban.Score(b)
	fmt.Println(r.Black, r.White, r)
	// Output: 6 3 B+3
}
