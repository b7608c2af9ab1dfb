// Package gobancmd implements "analyze goban": Tromp-Taylor area scoring of Go positions of any size.
package gobancmd

import (
	"context"
	"io"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
)

// Summary is the group's one-line description in "analyze help".
const Summary = "Tromp-Taylor area scoring of Go positions of any size."

// BatchJobs are this group's lines in the default "analyze batch" plan. $WORK names a
// scratch directory that batch creates and removes.
var BatchJobs []string

// Commands lists the group's subcommands.
var Commands []cli.Command

// Run runs "analyze goban ARGS...".
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return cli.Dispatch(ctx, "goban", Summary, Commands, args, stdin, stdout, stderr)
}
