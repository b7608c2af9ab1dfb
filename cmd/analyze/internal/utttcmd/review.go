package utttcmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/uttt/review"
	"github.com/boardlab/boardlab/fileio"
)

const reviewUsage = "analyze uttt review [--nodes N] [--solve-nodes N] [-j N] [--shard K/N] [--out FILE] [--svg DIR] FILE|DIR..."

const reviewDescription = `Reviews finished games with the engine. FILE holds game records, one a line: self-play
--out lines, tournament --log lines (an invalid turn is a pass: the other side then
moves freely), or move lists (two-digit moves separated by spaces or commas); a
directory is read recursively. For every move it searches the position before it
(--nodes per position, one thread, an empty table: the same figures on any machine)
and reports, from the mover's view, the evaluation before and after the move, the
engine's best move, the loss in evaluation units (both sides clamped to +-2000) and
as a drop in expected score, where expected score is 1/(1+exp(-e/460)) for an evaluation e (460 is the
evaluation's fitted logistic scale; a proven win is 1, a proven loss 0). A move the
engine would have played loses nothing. A drop of at least 0.05 is an inaccuracy,
0.10 a mistake, 0.20 a blunder. For a game won on the board it gives the first move of
the loser after which the game was lost under perfect play, where the search or the
solver (--solve-nodes per position) proves it.

Output, JSON Lines (--out, default stdout): a "move" line per move, a "game" line per
game and, at the end, a "player" line per player (games, moves, mean loss, mean
expected-score drop, inaccuracies, mistakes and blunders, blunders a game, the most
common mistakes and blunders by board and ply range). The players' summary is printed
as text on stderr too. --svg DIR draws each game's expected score for X against the
ply, marking inaccuracies, mistakes and blunders, into DIR/NNNN-FILE-LINE.svg.

--jobs N reviews N games at once (0: one per core); the output is in input order
whatever N. --shard K/N reviews part K of N of the games (contiguous ranges of the
games of all FILEs in order; --out then writes FILE.K-of-N, starting with a
"review-shard" line): 'analyze merge' of the shards' files writes exactly the
unsharded output, the player lines computed over all games; each shard's own player
lines cover its games. A bad record is reported on stderr with its file, line and field, and the
other games are still reviewed (exit status 1). Ctrl-C stops: the games reviewed so
far are written, with their summary (exit status 130).`

func runReview(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	const name = "uttt review"
	fs := cli.NewFlagSet(name, reviewUsage, reviewDescription, stderr)
	nodes := fs.Uint64("nodes", 20000, "nodes searched per position (fixed: reviews are the same on any machine)")
	solveNodes := fs.Uint64("solve-nodes", 100000, "nodes the solver may spend per position to prove where a game was lost (0: no limit)")
	jobs := cli.JobsFlag(fs, 0, 0, "games reviewed at once (0: one per core)")
	outPath := cli.OutFlag(fs, "write the JSON Lines to `FILE` (default or -: stdout)")
	svgDir := fs.String("svg", "", "draw each game's evaluation graph into `DIR`")
	shardSpec := cli.ShardFlag(fs)
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	switch {
	case len(pos) == 0:
		return cli.Usagef(stderr, name, "want at least one FILE or DIR of game records")
	case *nodes < 1:
		return cli.Usagef(stderr, name, "--nodes must be at least 1")
	case *jobs < 0:
		return cli.Usagef(stderr, name, "--jobs must not be negative")
	}
	shard, err := shardSpec.Resolve(name, nil, stderr)
	if err != nil {
		return cli.Usagef(stderr, name, "%v", err)
	}
	if *svgDir != "" {
		if err := os.MkdirAll(*svgDir, 0o755); err != nil {
			fmt.Fprintf(stderr, "analyze %s: --svg: %v\n", name, err)
			return cli.ExitFail
		}
	}
	code := cli.ExitOK
	bad := func(err error) {
		fmt.Fprintf(stderr, "analyze %s: %v\n", name, err)
		code = cli.ExitFail
	}
	recs, err := review.ReadInputs(ctx, pos, stdin, bad)
	if err != nil {
		fmt.Fprintf(stderr, "analyze %s: %v\n", name, err)
		return cli.ExitInterrupted
	}
	from, to := shard.Range(int64(len(recs)))
	out, err := fileio.CreateOutput(shard.Path(*outPath), stdout)
	if err != nil {
		fmt.Fprintf(stderr, "analyze %s: --out: %v\n", name, err)
		return cli.ExitFail
	}
	prog := cli.NewProgress(stderr, "review", "games")
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
	if cerr := out.Commit(); cerr != nil {
		fmt.Fprintf(stderr, "analyze %s: --out: %v\n", name, cerr)
		code = cli.ExitFail
	}
	for _, pl := range players {
		fmt.Fprint(stderr, pl.Text())
	}
	if shard.Enabled() {
		fmt.Fprintf(stderr, "analyze %s: shard %s: games %d..%d of %d\n", name, shard, from, to-1, len(recs))
	}
	if errors.Is(rerr, context.Canceled) || ctx.Err() != nil {
		fmt.Fprintf(stderr, "analyze %s: interrupted: %d of %d games reviewed and written\n", name, done, n)
		return cli.ExitInterrupted
	}
	return code
}

// IsReviewOut reports whether head starts a review shard's --out file.
func IsReviewOut(head []byte) bool { return review.IsShardOut(head) }

// MergeReview writes the review of all games from the shards' --out files at paths (in
// shard order, checked by the merge), as the unsharded run writes it. It returns an
// exit status, having reported any error on stderr.
func MergeReview(ctx context.Context, paths []string, w, stderr io.Writer) int {
	if err := review.Merge(ctx, paths, w); err != nil {
		fmt.Fprintf(stderr, "analyze merge: %v\n", err)
		return 1
	}
	return 0
}
