// Package wythoffcmd implements "analyze wythoff": Wythoff's Nim: perfect play for any pile sizes, cold-position and Grundy tables.
package wythoffcmd

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
)

// Summary is the group's one-line description in "analyze help".
const Summary = "Wythoff's Nim: perfect play for any pile sizes, cold-position and Grundy tables."

// BatchJobs are this group's lines in the default "analyze batch" plan. $WORK names a
// scratch directory that batch creates and removes.
var BatchJobs = []string{
	"wythoff move --all 13 9",
	"wythoff move 123456789012345678901234567890 987654321098765432109876543210",
	"wythoff table --out $WORK/wythoff-pairs.txt 2000000",
	"wythoff table --format binary --out $WORK/wythoff-pairs.bin 4000000",
	"wythoff grundy --format csv --out $WORK/wythoff-grundy.csv 2048",
}

// Commands lists the group's subcommands.
var Commands = []cli.Command{
	{Name: "move", Summary: "a winning move (or all of them) for piles of any size, or batch from stdin", Run: runMove},
	{Name: "table", Summary: "the first N cold positions (k, a_k, b_k) as text, CSV, OEIS b-file or binary", Run: runTable},
	{Name: "grundy", Summary: "the N x N Sprague-Grundy table as a grid, CSV, binary or OEIS A004481 b-file", Run: runGrundy},
}

// Run runs "analyze wythoff ARGS...".
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return cli.Dispatch(ctx, "wythoff", Summary, Commands, args, stdin, stdout, stderr)
}

// choice is a flag.Value restricted to a fixed set of words.
type choice struct {
	val     string
	allowed []string
}

func (c *choice) String() string { return c.val }

func (c *choice) Set(s string) error {
	for _, a := range c.allowed {
		if s == a {
			c.val = s
			return nil
		}
	}
	return fmt.Errorf("want %s or %s", strings.Join(c.allowed[:len(c.allowed)-1], ", "), c.allowed[len(c.allowed)-1])
}
