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
	a := bulk.Answerer{Options: bulk.Options{
		Workers: 2,
		OnError: func(err error) error { bad = append(bad, err.Error()); return nil },
	}}
	st, err := a.Answer(context.Background(), in, os.Stdout)
	fmt.Println(st.Records, "lines,", st.Failed, "bad, error:", err)
	fmt.Println(bad)
	// Output:
	// 13 8
	// lose
	// lose
	// 4 7
	// 7 lines, 1 bad, error: <nil>
	// [line 6: pile B: "not-a-pile" is not a non-negative decimal integer (byte 1)]
}

// The answers as values, in input order: the piles, whether the position is cold and
// the winning moves (piles beyond 2^64-1 in Big); a bad line reaches OnError in its
// place, as an *InputError.
func ExampleAnswerer_Moves() {
	in := strings.NewReader("13 9\n1 2\n20 x\n123456789012345678901234567890 7\n")
	a := bulk.Answerer{All: true, Options: bulk.Options{
		OnError: func(err error) error { fmt.Println("bad:", err); return nil },
	}}
	st, err := a.Moves(context.Background(), in, func(r bulk.Result) error {
		if r.Big != nil {
			fmt.Printf("line %d: (%v, %v) cold %v, moves %v\n", r.Line, r.Big.A, r.Big.B, r.Cold, r.Big.Moves)
		} else {
			fmt.Printf("line %d: (%d, %d) cold %v, moves %v\n", r.Line, r.A, r.B, r.Cold, r.Moves[:r.N])
		}
		fmt.Print(string(bulk.AppendText(nil, r)))
		return nil
	})
	fmt.Printf("%+v %v\n", st, err)
	// Output:
	// line 1: (13, 9) cold false, moves [{13 8} {10 6}]
	// 13 8; 10 6
	// line 2: (1, 2) cold true, moves []
	// lose
	// bad: line 3: pile B: "x" is not a non-negative decimal integer (byte 1)
	// line 4: (123456789012345678901234567890, 7) cold false, moves [{4 7}]
	// 4 7
	// {Inputs:1 Records:4 Failed:1} <nil>
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
