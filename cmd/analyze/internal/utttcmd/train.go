package utttcmd

import (
	"context"
	"fmt"
	"io"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/uttt/search"
	"github.com/boardlab/boardlab/engine/uttt/tune"
	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/internal/plural"
)

const trainUsage = "analyze uttt train --load-games FILE [--openings N] [--blend X] [--epochs N] [--batch N] [--lr X] [--embed-lr X] [--decay X] [--init FILE] [--seed N] [--jobs N] --out FILE"

const trainDescription = `Trains the network evaluation (engine/uttt/search/net.bin) on games saved by
"analyze uttt tune --save-games". Every position after the --openings random plies is
labelled B * result + (1-B) * sigmoid(score/k), k the linear evaluation's fitted scale.
One game in ten is held out; the network of the epoch with the lowest held-out log-loss
is written to --out. With --init training starts from that network instead of random
weights. See docs/uttt-net.md.`

func runTrain(ctx context.Context, args []string, _ io.Reader, _, stderr io.Writer) int {
	const name = "uttt train"
	fs := cli.NewFlagSet(name, trainUsage, trainDescription, stderr)
	load := fs.String("load-games", "", "read the games from `FILE` (tune --save-games)")
	openings := fs.Int("openings", 8, "random opening plies of the games (skipped)")
	blend := fs.Float64("blend", 0.5, "weight of the game result in the label (the rest: the search score)")
	epochs := fs.Int("epochs", 12, "passes over the training positions")
	batch := fs.Int("batch", 256, "positions per Adam step")
	lr := fs.Float64("lr", 0.002, "Adam's step size")
	embedLR := fs.Float64("embed-lr", 0, "step size of learned board-state embeddings, relative to --lr (0: none, as the embedded network; they overfit)")
	decay := fs.Float64("decay", 0, "decoupled weight decay (AdamW)")
	seed := fs.Uint64("seed", 1, "seed of the initial weights and the order")
	jobs := cli.JobsFlag(fs, "goroutines computing gradients")
	out := cli.OutFlag(fs, "write the network to `FILE`")
	initFrom := fs.String("init", "", "start from the network in `FILE` (train --out, or engine/uttt/search/net.bin) instead of random weights")
	pos, code := cli.Parse(fs, args)
	if code >= 0 {
		return code
	}
	switch {
	case len(pos) > 0:
		return cli.Usagef(stderr, name, "unexpected argument %q", pos[0])
	case *load == "":
		return cli.Usagef(stderr, name, "--load-games is required")
	case *out == "":
		return cli.Usagef(stderr, name, "--out is required")
	case *openings < 0 || *openings > 30:
		return cli.Usagef(stderr, name, "--openings %d: want 0..30", *openings)
	case !(*blend >= 0 && *blend <= 1): // NaN too
		return cli.Usagef(stderr, name, "--blend %g: want 0..1", *blend)
	case *epochs < 1:
		return cli.RangeError(stderr, name, "--epochs", *epochs, "1 or more")
	case *batch < 1:
		return cli.RangeError(stderr, name, "--batch", *batch, "1 or more")
	case !(*lr > 0 && *lr <= 1): // NaN too
		return cli.RangeError(stderr, name, "--lr", *lr, "above 0, at most 1")
	case !(*embedLR >= 0 && *embedLR <= 1000):
		return cli.RangeError(stderr, name, "--embed-lr", *embedLR, "0..1000")
	case !(*decay >= 0 && *decay <= 1):
		return cli.RangeError(stderr, name, "--decay", *decay, "0..1")
	}
	cfg := tune.NetTrainConfig{Epochs: *epochs, Batch: *batch, LR: *lr, Seed: *seed, Jobs: *jobs, EmbedLR: *embedLR, Decay: *decay}
	if err := tune.CheckTrainMemory(cfg); err != nil {
		return cli.Usagef(stderr, name, "--jobs %d, --batch %d: %v", *jobs, *batch, err)
	}
	var start *search.FloatNet
	var err error
	if *initFrom != "" {
		if start, err = search.ReadFloatNet(*initFrom); err != nil {
			return failf(stderr, name, "--init: %v", err)
		}
	}
	gs, err := tune.LoadGames(ctx, *load)
	if err != nil && ctx.Err() != nil {
		return stopf(stderr, name, "interrupted while reading the games of %s", *load)
	} else if err != nil {
		return failf(stderr, name, "%v", err)
	}
	if u := tune.Unscored(gs); u > 0 {
		fmt.Fprintf(stderr, "analyze %s: warning: %d of %s have no search scores; their positions are labelled by the result alone\n", name, u, plural.Of(len(gs), "game"))
	}
	n, err := tune.TrainNetwork(ctx, gs, tune.NetFit{Openings: *openings, Blend: *blend, Init: start, Log: func(s string) { fmt.Fprintln(stderr, s) },
		Config: cfg})
	if err != nil {
		return stopf(stderr, name, "interrupted while training")
	}
	data, _ := n.MarshalBinary()
	if err := fileio.WriteFile(*out, data); err != nil {
		return failf(stderr, name, "%v", err)
	}
	return cli.ExitOK
}
