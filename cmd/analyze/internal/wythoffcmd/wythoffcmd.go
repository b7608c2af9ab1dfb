// Package wythoffcmd implements "analyze wythoff": Wythoff's Nim: perfect play for any pile sizes, cold-position and Grundy tables.
package wythoffcmd

import (
	"context"
	"io"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
)

// Summary is the group's one-line description in "analyze help".
const Summary = "Wythoff's Nim: perfect play for any pile sizes, cold-position and Grundy tables."

// BatchJobs are this group's lines in the default "analyze batch" plan. $WORK names a
// scratch directory that batch creates and removes.
var BatchJobs []string

// Commands lists the group's subcommands.
var Commands []cli.Command

// Run runs "analyze wythoff ARGS...".
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return cli.Dispatch(ctx, "wythoff", Summary, Commands, args, stdin, stdout, stderr)
}
