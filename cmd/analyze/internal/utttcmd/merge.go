package utttcmd

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/uttt/selfplay"
	"github.com/boardlab/boardlab/engine/uttt/selfplay/record"
	"github.com/boardlab/boardlab/engine/uttt/stats"
	"github.com/boardlab/boardlab/internal/plural"
	"github.com/boardlab/boardlab/shard"
)

// IsSelfplayOut reports whether head, the first bytes of a file, starts a self-play
// --out file: a shard header or a game record.
func IsSelfplayOut(head []byte) bool { return record.IsOut(head) }

// MergeSelfplay prints the report of one self-play match from its --out files (all
// shards', or unsharded ones, each read once from its start) exactly as the unsharded
// run prints it. A missing or doubled shard or game is an error (exit 1) naming it.
func MergeSelfplay(ctx context.Context, parts []shard.Part, stdout, stderr io.Writer) int {
	return reportSelfplay(ctx, "merge", parts, nil, false, "", stdout, stderr)
}

func reportSelfplay(ctx context.Context, name string, parts []shard.Part, sprt *stats.SPRT, asJSON bool, plotPath string, stdout, stderr io.Writer) int {
	plot, err := openPlot(plotPath, stdout)
	if err != nil {
		return cli.Usagef(stderr, name, "--plot: %v", err)
	}
	res, err := selfplay.Merge(ctx, parts, sprt, plot != nil)
	if err != nil {
		if plot != nil {
			plot.Abort()
		}
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return stopf(stderr, name, "interrupted")
		}
		return failf(stderr, name, "%s", selfplayErrText(err))
	}
	if res.Missing != "" {
		fmt.Fprintf(stderr, "analyze %s: %s (an interrupted run?); the report counts the %s present\n", name, res.Missing, plural.Of(res.Summary.Counted, "game"))
	}
	return printSelfplay(stdout, stderr, name, res.Match, &res.Summary, res.SPRT, asJSON, plot)
}

const reportUsage = "analyze uttt report [--json] [--plot FILE.svg] [--sprt ELO0,ELO1] OUT.jsonl..."

func runReport(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	const name = "uttt report"
	fs := cli.NewFlagSet(name, reportUsage, `Prints the self-play report of one match from its --out files (one unsharded file,
or all shards' files in any order) exactly as the unsharded run prints it, the SPRT
(the shards' own, or --sprt) judged in game order. A missing or doubled shard or game
is an error naming it. See docs/uttt-selfplay.md.`, stderr)
	asJSON := fs.Bool("json", false, "print the summary as one JSON object")
	plot := new(string)
	cli.OutputVar(fs, plot, "plot", "draw the running score and the SPRT to `FILE.svg`")
	sprtFlag := fs.String("sprt", "", "judge an SPRT of `ELO0,ELO1` (default: the shards' own)")
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	if len(pos) == 0 {
		return cli.Usagef(stderr, name, "want one or more --out files")
	}
	var sprt *stats.SPRT
	if *sprtFlag != "" {
		var err error
		if sprt, err = parseSPRT(*sprtFlag); err != nil {
			return cli.Usagef(stderr, name, "--sprt: %v", err)
		}
	}
	parts, closeAll, err := shard.OpenParts(ctx, pos)
	if err != nil {
		if ctx.Err() != nil {
			return stopf(stderr, name, "interrupted")
		}
		return failf(stderr, name, "%v", err)
	}
	defer closeAll()
	return reportSelfplay(ctx, name, parts, sprt, *asJSON, *plot, stdout, stderr)
}
