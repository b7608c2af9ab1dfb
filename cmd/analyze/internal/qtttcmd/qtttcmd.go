// Package qtttcmd implements "analyze qttt": Quantum tic-tac-toe: score game records, perft, random games and the solver.
package qtttcmd

import (
	"context"
	"io"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
)

// Summary is the group's one-line description in "analyze help".
const Summary = "Quantum tic-tac-toe: score game records, perft, random games and the solver."

// BatchJobs are this group's lines in the default "analyze batch" plan. $WORK names a
// scratch directory that batch creates and removes.
var BatchJobs []string

// Commands lists the group's subcommands.
var Commands []cli.Command

// Run runs "analyze qttt ARGS...".
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return cli.Dispatch(ctx, "qttt", Summary, Commands, args, stdin, stdout, stderr)
}
