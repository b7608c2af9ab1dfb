package gobancmd

import (
	"context"
	"fmt"
	"io"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/cmd/analyze/internal/term"
	"github.com/boardlab/boardlab/engine/goban/bulk"
)

const drawUsage = "analyze goban draw [--format svg|png] [--scale N] [--komi K] [--out FILE|DIR] [FILE|-]..."

const drawHelp = `Draws the ownership map of each input (a text board or an SGF record, as "goban score"
reads them; the k-th game of a collection too): stones, each empty point shaded by the
colour it counts for, coordinates and the result. --format svg (the default) suits
boards up to a few hundred points a side; --format png draws --scale pixels per point
(default 1, at least 1), streamed row by row, for boards of any size. One input without
--out writes to stdout; otherwise --out names the file (one picture) or a directory
(several inputs, an existing directory, or a name ending in /) that receives one
NAME.svg or NAME.png per input or game.`

func runDraw(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("goban draw", drawUsage, drawHelp, stderr)
	var o bulk.DrawOptions
	fs.StringVar(&o.Format, "format", "svg", "picture format: svg or png")
	fs.IntVar(&o.Scale, "scale", 1, "PNG pixels per point")
	cli.OutputVar(fs, &o.Out, "out", "output `FILE` (one input) or DIR")
	komiFlag(fs, &o.Komi, &o.KomiSet)
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	if o.Format != "svg" && o.Format != "png" {
		return cli.Usagef(stderr, "goban draw", "--format %q: want svg or png", o.Format)
	}
	if o.Scale < 1 || o.Scale > 64 {
		return cli.Usagef(stderr, "goban draw", "--scale %d: want 1..64", o.Scale)
	}
	if o.Format == "png" && o.Out == "" && term.IsTerminal(stdout) {
		return cli.Usagef(stderr, "goban draw", "refusing to write PNG to a terminal: use --out")
	}
	failed := false
	o.OnError = func(err error) error {
		reportFail(stderr, "goban draw", err)
		failed = true
		return nil
	}
	err := bulk.Draw(ctx, inputs(pos), stdin, stdout, o)
	switch {
	case err != nil && ctx.Err() != nil:
		fmt.Fprintf(stderr, "analyze goban draw: interrupted\n")
		return cli.ExitInterrupted
	case err != nil:
		fmt.Fprintf(stderr, "analyze goban draw: %v\n", err)
		return cli.ExitFail
	case failed:
		return cli.ExitFail
	}
	return cli.ExitOK
}
