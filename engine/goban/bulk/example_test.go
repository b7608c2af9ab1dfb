package bulk_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/boardlab/boardlab/engine/goban/bulk"
	"github.com/boardlab/boardlab/fileio"
)

// Score a folder's game files and get the results as values: each text board and SGF
// game in input order, its counts, black's lead after komi and, for a game, how its
// recorded result (RE) compares.
func ExampleScore() {
	inputs := []fileio.Input{{Path: "testdata/games"}, {Path: "testdata/missing.sgf"}}
	stats, err := bulk.Score(context.Background(), inputs, nil, bulk.Options{
		OnError: func(err error) error { fmt.Println("error:", err); return nil }, // an *InputError
	}, func(r bulk.Result) error {
		if r.SGF {
			fmt.Printf("%s game %d: black %d, white %d, komi %g: lead %g; RE %q (%s)\n",
				r.Name, r.Game, r.Board.Black, r.Board.White, r.Komi, r.Lead, r.RE, r.Check.Kind)
		} else {
			fmt.Printf("%s board: black %d, white %d: %v\n", r.Name, r.Board.Black, r.Board.White, r.Board)
		}
		return nil
	})
	if err != nil {
		fmt.Println(err)
	}
	fmt.Printf("%d inputs, %d records, %d failed\n", stats.Inputs, stats.Records, stats.Failed)
	// Output:
	// testdata/games/1.sgf game 1: black 2, white 1, komi 6.5: lead -5.5; RE "W+Resign" (resign)
	// testdata/games/2.txt board: black 5, white 3: B+2
	// testdata/games/3.zip/a.sgf game 1: black 1, white 1, komi 0.5: lead -0.5; RE "" (none)
	// testdata/games/3.zip/b.txt board: black 1, white 2: W+1
	// error: testdata/missing.sgf: no such file or directory
	// 5 inputs, 4 records, 1 failed
}

// Score a folder (its MANIFEST.tsv is not a game file: skipped) holding an SGF
// record, a text board and a zip archive, with the fast path for folders, and print
// the results in order.
func ExampleWriteScores() {
	stats, err := bulk.WriteScores(context.Background(), []fileio.Input{{Path: "testdata/games"}}, nil, os.Stdout, bulk.Options{
		OnError: func(err error) error { fmt.Println(err); return nil },
	})
	if err != nil {
		fmt.Println(err)
	}
	fmt.Printf("%d games, %d boards, %d failed, %d skipped\n", stats.Games, stats.Boards, stats.Failed, stats.Skipped)
	// Output:
	// testdata/games/1.sgf	W+5.5
	// testdata/games/2.txt	B+2
	// testdata/games/3.zip/a.sgf	W+0.5
	// testdata/games/3.zip/b.txt	W+1
	// 2 games, 2 boards, 0 failed, 1 skipped
}

// Score a stream of text boards, one per line; a bad line is reported by its number
// and the others still scored.
func ExampleWriteLines() {
	boards := strings.NewReader("XO-X\nX O\n# a comment\n----\nXXXXXXXXX\n")
	_, err := bulk.WriteLines(context.Background(), []fileio.Input{{Path: "-"}}, boards, os.Stdout, bulk.Options{
		OnError: func(err error) error { fmt.Println(err); return nil },
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// B+2
	// stdin:2: 2 board characters (X, O, -) is not a perfect square (1x1=1, 2x2=4)
	// Jigo
	// B+9
}

// Draw the ownership map of every game file of a folder into a directory, one SVG
// picture per input or game.
func ExampleDraw() {
	dir, err := os.MkdirTemp("", "maps")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	err = bulk.Draw(context.Background(), []fileio.Input{{Path: "testdata/games"}}, nil, os.Stdout, bulk.DrawOptions{
		Out:     dir + "/",
		OnError: func(err error) error { fmt.Println(err); return nil },
	})
	if err != nil {
		fmt.Println(err)
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		fmt.Println(e.Name())
	}
	// Output:
	// testdata_games_1.sgf.svg
	// testdata_games_2.txt.svg
	// testdata_games_3.zip_a.sgf.svg
	// testdata_games_3.zip_b.txt.svg
}
