package utttcmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/cmd/analyze/internal/term"
	"github.com/boardlab/boardlab/engine/uttt/review"
	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/internal/plural"
	"github.com/boardlab/boardlab/shard"
)

const reviewUsage = "analyze uttt review [--nodes N] [--solve-nodes N] [-j N] [--shard K/N] [--out FILE] [--svg DIR] FILE|DIR..."

const reviewDescription = `Reviews finished games with the engine. FILE holds game records, one a line (self-play
--out lines, tournament --log lines, or two-digit move lists); a directory is read
recursively. For every move it searches the position before it (--nodes, one thread,
an empty table: the same figures on any machine) and reports, from the mover's view,
the evaluation before and after, the engine's best move and the loss, in evaluation
units and as a drop in expected score (1/(1+exp(-e/460))): 0.05 is an inaccuracy, 0.10
a mistake, 0.20 a blunder. For a game won on the board it gives the loser's move after
which the game was lost, where the search or the solver (--solve-nodes) proves it.

Output, JSON Lines (--out): a "move" line per move, a "game" line per game and a
"player" line per player, whose summary goes to stderr as text too; --svg DIR draws each
game's expected score into DIR. The output is in input order whatever --jobs. --shard
K/N reviews part K of N of the games; 'analyze merge' of the shards' files writes the
unsharded output. A bad record is reported with its file and line (exit status 1);
Ctrl-C writes the games reviewed so far on stdout, but no --out file (130). See
docs/uttt-bots.md.`

func runReview(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	const name = "uttt review"
	fs := cli.NewFlagSet(name, reviewUsage, reviewDescription, stderr)
	nodes := fs.Uint64("nodes", 20000, "nodes searched per position (fixed: reviews are the same on any machine)")
	solveNodes := fs.Uint64("solve-nodes", 100000, "nodes the solver may spend per position to prove where a game was lost (0: no limit)")
	jobs := cli.JobsFlag(fs, "games reviewed at once")
	outPath := cli.OutFlag(fs, "write the JSON Lines to `FILE` (default or -: stdout)")
	svgDir := new(string)
	cli.OutputVar(fs, svgDir, "svg", "draw each game's evaluation graph into `DIR`")
	shardSpec := cli.ShardFlag(fs)
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	switch {
	case len(pos) == 0:
		return cli.Usagef(stderr, name, "want at least one FILE or DIR of game records")
	case *nodes < 1:
		return cli.RangeError(stderr, name, "--nodes", *nodes, "1 or more")
	}
	shard, err := shardSpec.Resolve(name, nil, stderr)
	if err != nil {
		return cli.Usagef(stderr, name, "%v", err)
	}
	if *svgDir != "" {
		if err := os.MkdirAll(*svgDir, 0o755); err != nil {
			return failf(stderr, name, "--svg: %v", err)
		}
	}
	code := cli.ExitOK
	bad := func(err error) { code = failf(stderr, name, "%v", err) }
	recs, err := review.ReadInputs(ctx, pos, stdin, bad)
	if err != nil {
		return stopf(stderr, name, "%v", err)
	}
	from, to := shard.Range(int64(len(recs)))
	if err := review.CheckMemory(review.Workers(*jobs, int(to-from))); err != nil {
		return cli.Usagef(stderr, name, "--jobs %d: %v", *jobs, err)
	}
	out, err := fileio.CreateOutput(shard.Path(*outPath), stdout)
	if err != nil {
		return failf(stderr, name, "--out: %v", err)
	}
	prog := term.NewProgress(stderr, "review", "games")
	n := int(to - from)
	players, done, rerr := review.Write(ctx, out, recs, shard, review.Options{Nodes: *nodes, SolveNodes: *solveNodes}, *jobs, func(g *review.Game, done int) {
		if *svgDir != "" {
			if err := review.SaveSVG(*svgDir, g); err != nil {
				bad(fmt.Errorf("--svg: %v", err))
			}
		}
		prog.Update(int64(done), int64(n))
	})
	prog.Done()
	interrupted := errors.Is(rerr, context.Canceled) || ctx.Err() != nil
	if interrupted {
		out.Abort()
	} else if cerr := out.Commit(); cerr != nil {
		bad(fmt.Errorf("--out: %v", cerr))
	}
	for _, pl := range players {
		fmt.Fprint(stderr, pl.Text())
	}
	if shard.Enabled() {
		fmt.Fprintf(stderr, "analyze %s: shard %s: games %d..%d of %d\n", name, shard, from, to-1, len(recs))
	}
	if interrupted {
		return cli.Interrupted(name, out, stderr, fmt.Sprintf("after %d of %s reviewed", done, plural.Of(n, "game")))
	} else if rerr != nil {
		bad(rerr)
	}
	return code
}

// IsReviewOut reports whether head starts a review shard's --out file.
func IsReviewOut(head []byte) bool { return review.IsShardOut(head) }

// MergeReview writes the review of all games from the shards' --out files (in shard
// order, checked by the merge), as the unsharded run writes it. It returns an exit
// status, having reported any error on stderr.
func MergeReview(ctx context.Context, parts []shard.Part, w, stderr io.Writer) int {
	if err := review.Merge(ctx, parts, w); err != nil {
		return failf(stderr, "merge", "%v", err)
	}
	return cli.ExitOK
}
