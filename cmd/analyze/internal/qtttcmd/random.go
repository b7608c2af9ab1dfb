package qtttcmd

import (
	"context"
	"fmt"
	"io"
	"strconv"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/cmd/analyze/internal/term"
	"github.com/boardlab/boardlab/engine/qttt/bulk"
	"github.com/boardlab/boardlab/fileio"
)

const randomUsage = "analyze qttt random [--seed N] [-o FILE] [-q] [-j N] [--shard K/N] N"

const randomHelp = `Plays N games of uniformly random legal moves (each measurement chosen at random) and
prints each as "RECORD<TAB>X O": its record in the seed notation and its score, a line
"analyze qttt score" reads back and checks. Game i (0 to N-1) is played from its own
random stream, seeded by S and i, so the same seed gives the same games and game i is
the same whichever run or shard plays it. Statistics go to stderr at the end (unless
-q): the score distribution, how the games ended, game length in moves and
measurements per game.

--shard K/N plays the K-th of N contiguous ranges of game indices; the outputs of
shards 0..N-1 concatenated in order are the output of the whole run (with -o PATH,
shard K writes PATH.K-of-N).`

func runRandom(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("qttt random", randomUsage, randomHelp, stderr)
	seed := fs.Uint64("seed", 1, "random seed")
	outPath := cli.OutFlag(fs, "write the games to `FILE` (created atomically) instead of standard output")
	quiet := fs.Bool("q", false, "no statistics on stderr")
	jobs := cli.JobsFlag(fs, 0, 0, "play with `N` parallel workers (0: one per CPU; at most 4 per CPU); the output is the same")
	shardSpec := cli.ShardFlag(fs)
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	if len(pos) != 1 {
		return cli.Usagef(stderr, "qttt random", "want the number of games N, got %d arguments", len(pos))
	}
	n, err := strconv.Atoi(pos[0])
	if err != nil || n < 0 {
		return cli.Usagef(stderr, "qttt random", "N %q: want a non-negative integer", pos[0])
	}
	shard, err := shardSpec.Resolve("qttt random", nil, stderr)
	if err != nil {
		return cli.Usagef(stderr, "qttt random", "%v", err)
	}
	lo, hi := shard.Range(int64(n))
	out, err := fileio.CreateOutput(shard.Path(*outPath), stdout)
	if err != nil {
		return cli.Finish("qttt random", nil, err, stderr)
	}
	progress := term.NewProgress(stderr, "qttt random", "games")
	stats, err := bulk.Random(ctx, *seed, lo, hi, out, bulk.Options{Workers: *jobs,
		Progress: func(st bulk.Stats) { progress.Update(st.Records, hi-lo) }})
	progress.Done()
	if ctx.Err() != nil {
		out.Commit()
		fmt.Fprintf(stderr, "analyze qttt random: interrupted after %d games\n", stats.Games)
		return cli.ExitInterrupted
	}
	if st := cli.Finish("qttt random", out, err, stderr); st != cli.ExitOK {
		return st
	}
	if !*quiet {
		stats.Write(stderr, *seed)
		if shard.Enabled() {
			fmt.Fprintf(stderr, "shard %s: games %d to %d of %d\n", shard, lo, hi-1, n)
		}
	}
	return cli.ExitOK
}
