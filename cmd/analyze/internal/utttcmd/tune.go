package utttcmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/cmd/analyze/internal/term"
	"github.com/boardlab/boardlab/engine/uttt/search"
	"github.com/boardlab/boardlab/engine/uttt/tune"
	"github.com/boardlab/boardlab/fileio"
)

const tuneUsage = "analyze uttt tune [--count N] [--nodes N] [--openings N] [--seed N] [--jobs N] [--eval linear|net] [--net FILE] [--save-games FILE | --load-games FILE] [--from current|v1] [--rounds N] [--board-table FILE] [--prior X] [--out FILE]"

const tuneDescription = `Fits the evaluation's weights to game outcomes (Texel's method). It plays --count games
of the engine against itself (--openings random plies, then --nodes nodes a move; game
i depends only on --seed, i and the starting weights; --eval net or --net FILE plays
them with a network) or reads them with --load-games, fits the scale k of
sigmoid(eval/k), then moves one weight at a time while the mean squared error falls.
One game in ten is held out: the report gives its error before and after. The weights
are written as engine/uttt/search/weights.txt holds them (rebuild to embed them).
--board-table also learns each small-board state's chances (board_chance.bin) and fits
the weights with them. --save-games writes one game per line: the result, the moves,
"|" and each move's search score ("-" for opening moves), for "analyze uttt train".`

// maxTuneGames bounds tune's --count: all games are held in memory for the fit.
const maxTuneGames = 1_000_000

func runTune(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	const name = "uttt tune"
	if len(args) > 0 && (args[0] == "match" || args[0] == "tree") {
		return runTuneLab(ctx, args[0], args[1:], stdout, stderr)
	}
	fs := cli.NewFlagSet(name, tuneUsage, tuneDescription+"\n"+tuneLabDescription, stderr)
	games := fs.Int("count", 2000, "self-play games `N` to play")
	cli.Renamed(fs, "games", "count")
	nodes := fs.Uint64("nodes", 4000, "search nodes per move in the self-play games")
	openings := fs.Int("openings", 8, "random opening plies")
	seed := fs.Uint64("seed", 1, "seed of the openings")
	jobs := cli.JobsFlag(fs, "games played at once")
	eval := fs.String("eval", search.EvalLinear, "evaluation of the self-play games' searches: linear or net")
	netFile := fs.String("net", "", "play the games with the network in `FILE` (analyze uttt train --out) instead of the embedded one; implies --eval net")
	save := new(string)
	cli.OutputVar(fs, save, "save-games", "write the games to `FILE`")
	load := fs.String("load-games", "", "read the games from `FILE` instead of playing them")
	from := fs.String("from", "current", "starting weights: current (embedded) or v1 (commit 82f0469)")
	rounds := fs.Int("rounds", 200, "most rounds of coordinate descent")
	out := cli.OutFlag(fs, "write the weights to `FILE` (default stdout)")
	table := new(string)
	cli.OutputVar(fs, table, "board-table", "also learn the small boards' chances from the training games, write them to `FILE` (board_chance.bin) and fit the weights with them")
	prior := fs.Float64("prior", 20, "with --board-table: weight, in observations, of the line-counting estimate each state's chances shrink towards")
	pos, code := cli.Parse(fs, args)
	if code >= 0 {
		return code
	}
	switch {
	case len(pos) > 0:
		return cli.Usagef(stderr, name, "unexpected argument %q", pos[0])
	case *games < 10 || *games > maxTuneGames:
		return cli.RangeError(stderr, name, "--count", *games, "10..%d", maxTuneGames)
	case *nodes < 1:
		return cli.RangeError(stderr, name, "--nodes", *nodes, "1 or more")
	case *openings < 0 || *openings > 30:
		return cli.Usagef(stderr, name, "--openings %d: want 0..30", *openings)
	case *save != "" && *load != "":
		return cli.Usagef(stderr, name, "--save-games and --load-games exclude each other")
	case *from != "current" && *from != "v1":
		return cli.Usagef(stderr, name, "--from %q: want current or v1", *from)
	case *eval != search.EvalLinear && *eval != search.EvalNet:
		return cli.Usagef(stderr, name, "--eval %q: want %s or %s", *eval, search.EvalLinear, search.EvalNet)
	case !(*prior > 0 && *prior <= 1e6): // NaN too
		return cli.Usagef(stderr, name, "--prior %g: want above 0, at most 1e6", *prior)
	}
	if *load == "" {
		if err := tune.CheckPlayMemory(*games, *jobs); err != nil {
			return cli.Usagef(stderr, name, "--jobs %d: %v", *jobs, err)
		}
	}
	var nw *search.Network
	if *netFile != "" {
		if *load != "" {
			return cli.Usagef(stderr, name, "--net plays games: it does not go with --load-games")
		}
		n, err := search.ReadFloatNet(*netFile)
		if err != nil {
			return failf(stderr, name, "%v", err)
		}
		nw, *eval = search.NewNetwork(n), search.EvalNet
	}
	start := search.DefaultWeights()
	if *from == "v1" {
		start = search.V1Weights
	}
	var gs []tune.TrainingGame
	var err error
	if *load != "" {
		if gs, err = tune.LoadGames(ctx, *load); err != nil && ctx.Err() != nil {
			return stopf(stderr, name, "interrupted while reading the games of %s", *load)
		} else if err != nil {
			return failf(stderr, name, "%v", err)
		}
	} else {
		gs, err = playGames(ctx, *games, *nodes, *openings, *seed, *jobs, *eval, search.NewLinear(start, nil), nw, stderr)
		if err != nil {
			return stopf(stderr, name, "interrupted while playing games")
		}
		if *save != "" {
			if err := tune.SaveGames(*save, gs); err != nil {
				return failf(stderr, name, "%v", err)
			}
		}
	}
	r, err := tune.FitWeights(ctx, gs, tune.WeightFit{Start: start, Openings: *openings, Rounds: *rounds, Table: *table, Prior: *prior,
		Log: func(s string) { fmt.Fprintln(stderr, s) }})
	if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		return stopf(stderr, name, "interrupted while fitting")
	} else if err != nil {
		return failf(stderr, name, "%v", err)
	}
	text := fmt.Sprintf("# Fitted by: analyze uttt tune %s\n# %d games, %d training positions, scale k %.1f, held-out error %.6f (starting weights %.6f)\n%s",
		strings.Join(args, " "), len(gs), r.Positions, r.K, r.After, r.Before, r.Weights)
	w, err := fileio.CreateOutput(*out, stdout)
	if err == nil {
		fmt.Fprint(w, text)
		err = w.Commit()
	}
	if err != nil {
		return failf(stderr, name, "%v", err)
	}
	return cli.ExitOK
}

// playGames plays the self-play games with a progress line on stderr.
func playGames(ctx context.Context, n int, nodes uint64, openings int, seed uint64, jobs int, eval string, lin *search.Linear, nw *search.Network, stderr io.Writer) ([]tune.TrainingGame, error) {
	prog := term.NewProgress(stderr, "tune", "games")
	cfg := tune.GameConfig{Nodes: nodes, Openings: openings, Seed: seed, Eval: eval, Linear: lin, Network: nw}
	gs, err := tune.PlayGames(ctx, n, cfg, jobs, func(done int64) { prog.Update(done, int64(n)) })
	prog.Done()
	return gs, err
}
