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
var BatchJobs = []string{
	"goban gen --kind spec --out $WORK/goban-spec/",
	"goban score $WORK/goban-spec",
	"goban gen --kind random --size 255 --count 8 --out $WORK/goban-255/",
	"goban gen --kind corridor --size 255 --out $WORK/goban-255/",
	"goban gen --kind spiral --size 255 --out $WORK/goban-255/",
	"goban score --json $WORK/goban-255",
	"goban gen --kind random --size 1000 --out $WORK/goban-1000/",
	"goban gen --kind spiral --size 1000 --out $WORK/goban-1000/",
	"goban score $WORK/goban-1000",
}

// Commands lists the group's subcommands.
var Commands = []cli.Command{
	{Name: "score", Summary: "score text boards and SGF game records: B+k, W+k or Jigo, with the ownership map on request", Run: runScore},
	{Name: "draw", Summary: "draw ownership maps (stones and each empty point's colour) as SVG or PNG", Run: runDraw},
	{Name: "gen", Summary: "write generated boards: random, winding corridor, spiral, or the specification's test cases", Run: runGen},
}

// Run runs "analyze goban ARGS...".
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return cli.Dispatch(ctx, "goban", Summary, Commands, args, stdin, stdout, stderr)
}
