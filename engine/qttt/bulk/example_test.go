package bulk_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/boardlab/boardlab/engine/qttt/bulk"
	"github.com/boardlab/boardlab/fileio"
)

// Score qttt records from a stream as values, in input order: where each record was,
// its score and the position it reaches; a bad line reaches OnError in its place and
// the others are still scored.
func ExampleScore() {
	records := "AI EG BE EH DG AI 1 BC CE 3\nCE BD EG FH CG 1\nAB ZZ\nAB BE\t0 0\n"
	opt := bulk.Options{OnError: func(err error) error { fmt.Println("error:", err); return nil }}
	stats, err := bulk.Score(context.Background(), []fileio.Input{{Path: "-"}}, strings.NewReader(records), opt, func(r bulk.Result) error {
		fmt.Printf("%s:%d: X %v, O %v, %d marks, over %v\n", r.File, r.Line, float64(r.Score.X)/2, float64(r.Score.O)/2, r.Position.Marks(), r.Position.Over())
		return nil
	})
	fmt.Printf("%+v %v\n", stats, err)
	// Output:
	// stdin:1: X 0.5, O 1, 8 marks, over true
	// stdin:2: X 1, O 0, 5 marks, over true
	// error: stdin:3: token 2 "Z" (column 4): unknown cell 'Z' (cells are A to I)
	// stdin:4: X 0, O 0, 2 marks, over false
	// {Inputs:1 Records:3 Failed:1} <nil>
}

// WriteScores is the fast path to the text the command prints: one "X O" line per
// record (or a JSON object with asJSON), in input order.
func ExampleWriteScores() {
	records := "AI EG BE EH DG AI 1 BC CE 3\nCE BD EG FH CG 1\nAB ZZ\nAB BE\t0 0\n"
	opt := bulk.Options{OnError: func(err error) error { fmt.Println("error:", err); return nil }}
	stats, err := bulk.WriteScores(context.Background(), []fileio.Input{{Path: "-"}}, strings.NewReader(records), os.Stdout, false, opt)
	fmt.Println(stats.Records, "scored,", stats.Failed, "bad,", err)
	// Output:
	// 0.5 1
	// 1 0
	// error: stdin:3: token 2 "Z" (column 4): unknown cell 'Z' (cells are A to I)
	// 0 0
	// 3 scored, 1 bad, <nil>
}

// Play random games and print their records with their scores, then statistics.
func ExampleRandom() {
	stats, err := bulk.Random(context.Background(), 1, 0, 3, os.Stdout, bulk.Options{})
	if err != nil {
		fmt.Println(err)
	}
	stats.Write(os.Stdout, 1)
	// Output:
	// CF DE CF 1 BH DH BG AH DE 8 II 9	1 0
	// BF CI CI 2 GH DE AH DH DF AH 6	1 0
	// AG GI EG AH CG DI EF GH 1	0 1
	// games 3 (seed 1)
	// scores (X O): 1 0: 2 (66.67%), 0 1: 1 (33.33%)
	// mean margin X-O: +0.3333 points
	// ended: X tic-tac-toe 2 (66.67%), O tic-tac-toe 1 (33.33%), both 0 (0.00%), full board without one 0 (0.00%)
	// moves per game: mean 8.667; 8: 1 (33.33%), 9: 2 (66.67%)
	// measurements per game: mean 2.000
}
