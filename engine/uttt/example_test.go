package uttt_test

import (
	"fmt"

	"github.com/boardlab/boardlab/engine/uttt"
)

// Play moves from the start (board then tile, 0..8 each: "44" is the centre of the
// centre board), list the legal replies and count the positions two plies on.
func ExamplePerft() {
	pos, err := uttt.ParseMoves([]string{"44", "43"})
	if err != nil {
		fmt.Println(err)
		return
	}
	var buf [81]uttt.Move
	n := pos.Moves(&buf)
	fmt.Println(pos.Side(), "to move in board", pos.Forced(), "with", n, "moves:", buf[:n])
	fmt.Println("perft(2) =", uttt.Perft(&pos, 2))
	// Output:
	// X to move in board 3 with 9 moves: [30 31 32 33 34 35 36 37 38]
	// perft(2) = 78
}
