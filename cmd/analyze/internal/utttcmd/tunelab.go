package utttcmd

import (
	"context"
	"io"
	"strings"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/uttt/search"
	"github.com/boardlab/boardlab/engine/uttt/tune"
)

// The command side of "analyze uttt tune match" and "analyze uttt tune tree": search
// settings (search.Tuning) and weights measured against the defaults by package tune.

const tuneLabDescription = `
Two experiments on the search's settings run as subcommands, each candidate given by
--set 'NAME=VALUE,...' (repeatable) over the fields of search.Tuning: reductions,
lmr-depth, lmr-moves, lmr-grow, rfp-depth, rfp-margin, frontier-order, outlook,
se-depth, se-margin (booleans as true or false), and weights=v1 or weights=FILE (a
weights.txt file) for the linear evaluation:

analyze uttt tune match [--count N] [--nodes N] [--seed S] [--jobs J] [--eval linear|net] --set SPEC...
  plays each candidate against the defaults at --nodes nodes a move (table cleared per
  game) from 2-ply random openings drawn from --seed, each opening with both colours,
  and prints the candidate's points (win 1, draw 1/2) out of --count.
analyze uttt tune tree [--seed S] [--count N] [--plies P,...] [--depth D] [--load-games FILE] [--jobs J] [--set SPEC]...
  searches the positions --plies plies into the first --count games (those of
  "analyze uttt tune --eval net --seed S --nodes 4000", or of --load-games) to --depth
  with a cleared 16 MB table each, with the defaults and with each candidate, and
  prints the nodes and the results proven.`

// runTuneLab runs "analyze uttt tune match|tree ARGS".
func runTuneLab(ctx context.Context, sub string, args []string, stdout, stderr io.Writer) int {
	name := "uttt tune " + sub
	usage := "analyze uttt tune " + sub + " [flags] --set SPEC..."
	fs := cli.NewFlagSet(name, usage, strings.TrimSpace(tuneLabDescription), stderr)
	var specs []string
	fs.Func("set", "a candidate: `NAME=VALUE,...` (repeatable)", func(v string) error {
		specs = append(specs, v)
		return nil
	})
	jobs := cli.JobsFlag(fs, "games or searches at once")
	seed := fs.Uint64("seed", 0, "seed of the openings (match: default 5) or of the games (tree: default 26)")
	games := fs.Int("count", 0, "games `N` (match: default 400, even; tree: default 20)")
	cli.Renamed(fs, "games", "count")
	nodes := fs.Uint64("nodes", 50000, "match: nodes per move")
	eval := fs.String("eval", search.EvalNet, "match: evaluation of both sides, net or linear")
	plies := fs.String("plies", "12,24,36", "tree: plies into each game")
	depth := fs.Int("depth", 14, "tree: search depth")
	load := fs.String("load-games", "", "tree: read the games from `FILE` (analyze uttt tune --save-games)")
	pos, code := cli.Parse(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) > 0 {
		return cli.Usagef(stderr, name, "unexpected argument %q", pos[0])
	}
	cands, err := tune.ParseCandidates(specs)
	if err != nil {
		return cli.Usagef(stderr, name, "--set %v", err)
	}
	switch sub {
	case "match":
		if len(cands) == 0 {
			return cli.Usagef(stderr, name, "no candidate: give --set")
		}
		if !cli.IsSet(fs, "count") {
			*games = 400
		}
		if *seed == 0 {
			*seed = 5
		}
		switch {
		case *games < 2 || *games%2 != 0 || *games > maxTuneGames:
			return cli.RangeError(stderr, name, "--count", *games, "an even number, 2..%d", maxTuneGames)
		case *nodes < 1:
			return cli.RangeError(stderr, name, "--nodes", *nodes, "1 or more")
		}
		if err := search.CheckEval(*eval); err != nil {
			return cli.Usagef(stderr, name, "--eval: %v", err)
		}
		if err := tune.CheckMatchMemory(*games, *jobs); err != nil {
			return cli.Usagef(stderr, name, "--jobs %d: %v", *jobs, err)
		}
		if err := tune.MatchReport(ctx, stdout, cands, *eval, *games, *nodes, *seed, *jobs); err != nil {
			return stopf(stderr, name, "interrupted")
		}
		return cli.ExitOK
	default: // tree
		if !cli.IsSet(fs, "count") {
			*games = 20
		}
		if *seed == 0 {
			*seed = 26
		}
		ps, err := tune.ParsePlies(*plies)
		if err != nil {
			return cli.Usagef(stderr, name, "--plies %v", err)
		}
		switch {
		case *games < 1 || *games > maxTuneGames:
			return cli.RangeError(stderr, name, "--count", *games, "1..%d", maxTuneGames)
		case *depth < 1 || *depth > search.MaxDepth:
			return cli.Usagef(stderr, name, "--depth %d: want 1..%d", *depth, search.MaxDepth)
		}
		if err := tune.CheckTreeMemory(*games*len(ps), *jobs); err != nil { // at most that many positions
			return cli.Usagef(stderr, name, "--jobs %d: %v", *jobs, err)
		}
		if *load == "" {
			if err := tune.CheckPlayMemory(*games, *jobs); err != nil {
				return cli.Usagef(stderr, name, "--jobs %d: %v", *jobs, err)
			}
		}
		var gs []tune.TrainingGame
		if *load != "" {
			gs, err = tune.LoadGames(ctx, *load)
		} else {
			gs, err = playGames(ctx, *games, 4000, 8, *seed, *jobs, search.EvalNet, search.DefaultLinear(), nil, stderr)
		}
		if err != nil && ctx.Err() != nil {
			return stopf(stderr, name, "interrupted before the searches")
		} else if err != nil {
			return failf(stderr, name, "%v", err)
		}
		positions := tune.TreePositions(gs[:min(*games, len(gs))], ps)
		if err := tune.TreeReport(ctx, stdout, positions, cands, *depth, *jobs); err != nil {
			return stopf(stderr, name, "interrupted")
		}
		return cli.ExitOK
	}
}
