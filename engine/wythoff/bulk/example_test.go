package bulk_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/boardlab/boardlab/engine/wythoff/bulk"
)

// Answer a stream of Wythoff lines: a winning move for each position, "lose" for a
// cold one, and the bad lines reported by number while the others are answered.
func ExampleAnswerer_Answer() {
	in := strings.NewReader("13 9\n1 2\n(3,5)\n\n# a comment\n20 not-a-pile\n123456789012345678901234567890 7\n")
	var bad []string
	a := bulk.Answerer{
		Workers: 2,
		Bad:     func(e *bulk.LineError) { bad = append(bad, e.Error()) },
	}
	st, err := a.Answer(context.Background(), in, os.Stdout)
	fmt.Println(st.Lines, "lines,", st.Bad, "bad, error:", err)
	fmt.Println(bad)
	// Output:
	// 13 8
	// lose
	// lose
	// 4 7
	// 7 lines, 1 bad, error: <nil>
	// [line 6: pile B: "not-a-pile" is not a non-negative decimal integer (byte 1)]
}

// Every winning move from one position, and misère play's end: at (0,0) the opponent
// took the last counter, so the player to move has won.
func ExampleAnswerer_Position() {
	out, _ := bulk.Answerer{All: true}.Position(nil, "13", "9")
	out, _ = bulk.Answerer{Misere: true}.Position(out, "0", "0")
	out, _ = bulk.Answerer{JSON: true}.Position(out, "5", "3")
	fmt.Print(string(out))
	// Output:
	// 13 8
	// 10 6
	// win
	// {"position":[5,3],"cold":true,"moves":[]}
}
