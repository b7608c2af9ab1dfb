package bulk_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/boardlab/boardlab/engine/qttt/bulk"
)

// Score qttt records from a stream: one "X O" line per record, in input order; a bad
// line is reported and the others are still scored.
func ExampleScore() {
	records := "AI EG BE EH DG AI 1 BC CE 3\nCE BD EG FH CG 1\nAB ZZ\nAB BE\t0 0\n"
	stats, err := bulk.Score(context.Background(), []string{"-"}, strings.NewReader(records), os.Stdout,
		bulk.ScoreOptions{Errors: func(e *bulk.LineError) { fmt.Println("error:", e) }})
	fmt.Println(stats.Records, "scored,", stats.Bad, "bad,", err)
	// Output:
	// 0.5 1
	// 1 0
	// error: stdin:3: token 2 "Z" (column 4): unknown cell 'Z' (cells are A to I)
	// 0 0
	// 3 scored, 1 bad, <nil>
}

// Play random games and print their records with their scores, then statistics.
func ExampleRandom() {
	stats, err := bulk.Random(context.Background(), 1, 0, 3, os.Stdout, bulk.RandomOptions{})
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
