// Package qtttcmd implements "analyze qttt": scoring game records, perft, random games, the solver and pictures of positions.
package qtttcmd

import (
	"context"
	"io"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
)

// Summary is the group's one-line description in "analyze help".
const Summary = "Quantum tic-tac-toe: score game records, perft, random games, the solver and pictures of positions."

// BatchJobs are this group's lines in the default "analyze batch" plan. $WORK names a
// scratch directory that batch creates and removes.
var BatchJobs = []string{
	"qttt random -q --seed 1 --count 200000 --out $WORK/qttt-games.txt",
	"qttt score --out $WORK/qttt-scores.txt $WORK/qttt-games.txt",
	"qttt perft 6",
	"qttt solve",
	"qttt solve --all AI AC AC 3",
}

// Commands lists the group's subcommands.
var Commands = []cli.Command{
	{Name: "score", Summary: "score game records, one per line (X's score, then O's)", Run: runScore},
	{Name: "perft", Summary: "count move sequences from the start, each measurement choice a branch", Run: runPerft},
	{Name: "solve", Summary: "exact value of the start or of a record under perfect play, best moves, nodes, time", Run: runSolve},
	{Name: "random", Summary: "random legal games as records with their scores, and statistics", Run: runRandom},
	{Name: "show", Summary: "draw the position a record reaches, as text or SVG (entanglements, cycles)", Run: runShow},
}

// Run runs "analyze qttt ARGS...".
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return cli.Dispatch(ctx, "qttt", Summary, Commands, args, stdin, stdout, stderr)
}

// recordExpected says what a record on the command line must look like.
const recordExpected = "expected a game record such as \"AB BE DE AE 1\": moves as two cells A-I, each cycle-closing move followed by its measurement number"
