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
	"github.com/boardlab/boardlab/internal/plural"
)

const randomUsage = "analyze qttt random --count N [--seed N] [-o FILE] [-q] [-j N] [--shard K/N]"

const randomHelp = `Plays --count N games of uniformly random legal moves (each measurement chosen at
random) and prints each as "RECORD<TAB>X O": its record in the record notation and its
score, a line "analyze qttt score" reads back and checks. Game i (0 to N-1) is played
from its own random stream, made from --seed and i, so the same --seed gives the same
games and game i is the same whichever run or shard plays it. Statistics go to stderr
at the end (unless -q): the score distribution, how the games ended, game length in
moves and measurements per game.

--shard K/N plays the K-th of N contiguous ranges of game indices; the outputs of
shards 0..N-1 concatenated in order are the output of the whole run (with -o PATH,
shard K writes PATH.K-of-N).`

func runRandom(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("qttt random", randomUsage, randomHelp, stderr)
	count := fs.Int("count", 0, "number of games `N` to play (1 or more)")
	seed := fs.Uint64("seed", 1, "random seed")
	outPath := cli.OutFlag(fs, "write the games to `FILE` (created atomically) instead of standard output")
	quiet := fs.Bool("q", false, "no statistics on stderr")
	jobs := cli.JobsFlag(fs, "play with `N` parallel workers, the output the same for any N (at most 4 per core)")
	shardSpec := cli.ShardFlag(fs)
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	if len(pos) > 0 {
		if _, err := strconv.Atoi(pos[0]); err == nil && len(pos) == 1 {
			return cli.Usagef(stderr, "qttt random", "N %s: renamed; write --count %s", pos[0], pos[0])
		}
		return cli.Usagef(stderr, "qttt random", "unexpected argument %q", pos[0])
	}
	n := *count
	if !cli.IsSet(fs, "count") {
		return cli.Usagef(stderr, "qttt random", "missing --count N, the number of games")
	}
	if n < 1 {
		return cli.RangeError(stderr, "qttt random", "--count", n, "1 or more")
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
		return cli.Interrupted("qttt random", out, stderr, "after "+plural.Of(stats.Games, "game"))
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
