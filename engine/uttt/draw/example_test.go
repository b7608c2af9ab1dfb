package draw_test

import (
	"fmt"
	"strings"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/draw"
)

// Draw the position after X takes the centre tile and O answers at x 4, y 0, as text
// into a string.
func ExampleText() {
	p := uttt.Start().Play(uttt.MoveAt(4, 4)).Play(uttt.MoveAt(4, 0))
	var b strings.Builder
	if err := draw.Text(&b, &p, false); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(b.String())
	// Output:
	// 0 1 2   3 4 5   6 7 8
	//     +-------+-------+-------+
	//   0 | . . . | *[O]* | . . . |
	//   1 | . . . | * * * | . . . |
	//   2 | . . . | * * * | . . . |
	//     +-------+-------+-------+
	//   3 | . . . | . . . | . . . |
	//   4 | . . . | . X . | . . . |
	//   5 | . . . | . . . | . . . |
	//     +-------+-------+-------+
	//   6 | . . . | . . . | . . . |
	//   7 | . . . | . . . | . . . |
	//   8 | . . . | . . . | . . . |
	//     +-------+-------+-------+
	// last move 11 (board 1, tile 1; x 4, y 0)
	// X to move in board 1 (* = legal moves)
}

// Draw a position as an SVG picture; every element carries a class naming what it shows.
func ExampleSVG() {
	p := uttt.Start().Play(uttt.MoveAt(4, 4))
	var b strings.Builder
	if err := draw.SVG(&b, &p); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(strings.Count(b.String(), `class="to-play"`), strings.Count(b.String(), `class="last"`))
	// Output:
	// 1 1
}
