package gen_test

import (
	"context"
	"fmt"
	"os"

	"github.com/boardlab/boardlab/engine/goban/gen"
)

// Generate three random 3x3 boards, one per line, as "goban gen --lines" does.
func ExampleJob_WriteLines() {
	g := &gen.Job{Kind: "random", Size: 3, Seed: 5, Count: 3, Lines: true}
	if err := g.WriteLines(context.Background(), os.Stdout, 0, g.Count, 1, nil); err != nil {
		fmt.Println(err)
	}
	// Output:
	// -O-O-OO-O
	// -OXOX--X-
	// OXOX--XO-
}
