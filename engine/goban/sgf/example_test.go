package sgf_test

import (
	"fmt"
	"io"

	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/engine/goban/sgf"
)

// Read the games of an SGF collection, replay each main line with captures and score
// the final position by area with the recorded komi.
func Example() {
	data := []byte("(;GM[1]FF[4]SZ[9]KM[6.5];B[ee];W[gc];B[cg];W[cc];B[gg])(;SZ[5];B[cc])")
	var p sgf.Parser
	var g sgf.Game
	var r sgf.Replay
	p.Reset(data)
	for {
		err := p.Next(&g)
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			continue
		}
		if err := r.Play(&g); err != nil {
			fmt.Println(err)
			continue
		}
		b := goban.NewRect(g.Rows, g.Cols)
		r.Board(b)
		s := goban.Score(b)
		lead := float64(s.Black-s.White) - g.PlayKomi()
		fmt.Printf("game %d: %s\n", g.Index, sgf.FormatScore(nil, lead))
	}
	// Output:
	// game 1: W+5.5
	// game 2: B+25
}
