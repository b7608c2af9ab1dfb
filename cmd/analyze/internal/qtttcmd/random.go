package qtttcmd

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/qttt"
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
	if *jobs < 0 {
		return cli.Usagef(stderr, "qttt random", "--jobs %d: want a number of workers >= 1, or 0 for one per CPU", *jobs)
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
		fmt.Fprintf(stderr, "analyze qttt random: %v\n", err)
		return cli.ExitFail
	}
	progress := cli.NewProgress(stderr, "qttt random", "games")
	stats, done := playRandom(ctx, *seed, lo, hi, *jobs, out, progress)
	progress.Done()
	if ctx.Err() != nil {
		out.Commit()
		fmt.Fprintf(stderr, "analyze qttt random: interrupted after %d games\n", done)
		return cli.ExitInterrupted
	}
	if err := out.Commit(); err != nil {
		fmt.Fprintf(stderr, "analyze qttt random: %v\n", err)
		return cli.ExitFail
	}
	if !*quiet {
		stats.print(stderr, *seed)
		if shard.Enabled() {
			fmt.Fprintf(stderr, "shard %s: games %d to %d of %d\n", shard, lo, hi-1, n)
		}
	}
	return cli.ExitOK
}

// randomBlock is a run of consecutive games played by one worker.
type randomBlock struct {
	lo, hi int64
	out    []byte
	stats  randomStats
	done   chan struct{}
}

const randomBlockGames = 4096

// playRandom plays games lo..hi-1 on jobs workers, block by block, writes them to out in
// order and returns their statistics and how many games were written. It returns at
// once when ctx is cancelled, with the blocks finished before.
func playRandom(ctx context.Context, seed uint64, lo, hi int64, jobs int, out io.Writer, progress *cli.Progress) (randomStats, int64) {
	jobs = workerCount(jobs)
	nBlocks := 3 * jobs
	free := make(chan *randomBlock, nBlocks)
	for range nBlocks {
		free <- &randomBlock{}
	}
	work := make(chan *randomBlock, nBlocks)
	order := make(chan *randomBlock, nBlocks)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		defer close(work)
		defer close(order)
		for b := lo; b < hi; b += randomBlockGames {
			var blk *randomBlock
			select {
			case blk = <-free:
			case <-stop:
				return
			}
			blk.lo, blk.hi = b, min(b+randomBlockGames, hi)
			blk.done = make(chan struct{})
			order <- blk
			work <- blk
		}
	}()
	for range jobs {
		go func() {
			pcg := rand.NewPCG(0, 0)
			rng := rand.New(pcg)
			var buf []byte
			for blk := range work {
				blk.out, blk.stats = blk.out[:0], randomStats{}
				for i := blk.lo; i < blk.hi; i++ {
					pcg.Seed(gameSeed(seed, i))
					var end qttt.Position
					buf, end = qttt.RandomGame(rng, buf[:0])
					s := end.Score()
					buf = append(buf, '\t')
					buf = append(s.AppendText(buf), '\n')
					blk.out = append(blk.out, buf...)
					blk.stats.add(buf, &end, s)
				}
				close(blk.done)
			}
		}()
	}
	var stats randomStats
	var done int64
	for blk := range order {
		select {
		case <-blk.done:
		case <-ctx.Done():
			return stats, done
		}
		out.Write(blk.out)
		stats.merge(&blk.stats)
		done += blk.hi - blk.lo
		progress.Update(done, hi-lo)
		free <- blk
		if ctx.Err() != nil {
			return stats, done
		}
	}
	return stats, done
}

// gameSeed returns the seed of game i's random stream: both PCG words mixed from the
// run's seed and i with SplitMix64's finaliser, so neighbouring games are unrelated.
func gameSeed(seed uint64, i int64) (uint64, uint64) {
	a := mix64(seed + 0x9E3779B97F4A7C15*uint64(i+1))
	return a, mix64(a ^ uint64(i) ^ 0xD1B54A32D192ED03)
}

func mix64(z uint64) uint64 {
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

type randomStats struct {
	games        int
	scores       [5][5]int // games by score, in half points: [X][O]
	length       [10]int   // games by number of moves
	measurements int
	ends         [4]int // X line(s) only, O line only, both, no line
	margin       int
}

func (st *randomStats) add(line []byte, end *qttt.Position, s qttt.Score) {
	st.games++
	st.scores[s.X][s.O]++
	st.length[end.Marks()]++
	st.margin += s.Margin()
	// Measurement numbers are the record's digit tokens.
	for i := 0; i < len(line) && line[i] != '\t'; i++ {
		if c := line[i]; c >= '0' && c <= '9' {
			st.measurements++
		}
	}
	switch {
	case s.X > 0 && s.O > 0:
		st.ends[2]++
	case s.X > 0:
		st.ends[0]++
	case s.O > 0:
		st.ends[1]++
	default:
		st.ends[3]++
	}
}

// merge adds the counts of o to st.
func (st *randomStats) merge(o *randomStats) {
	st.games += o.games
	for x := range st.scores {
		for y := range st.scores[x] {
			st.scores[x][y] += o.scores[x][y]
		}
	}
	for i := range st.length {
		st.length[i] += o.length[i]
	}
	st.measurements += o.measurements
	for i := range st.ends {
		st.ends[i] += o.ends[i]
	}
	st.margin += o.margin
}

func (st *randomStats) print(w io.Writer, seed uint64) {
	if st.games == 0 {
		fmt.Fprintf(w, "games 0 (seed %d)\n", seed)
		return
	}
	g := float64(st.games)
	pct := func(n int) string { return fmt.Sprintf("%d (%.2f%%)", n, 100*float64(n)/g) }
	fmt.Fprintf(w, "games %d (seed %d)\n", st.games, seed)
	var scores []qttt.Score
	for x := range st.scores {
		for o := range st.scores[x] {
			if st.scores[x][o] > 0 {
				scores = append(scores, qttt.Score{X: int8(x), O: int8(o)})
			}
		}
	}
	count := func(s qttt.Score) int { return st.scores[s.X][s.O] }
	sort.SliceStable(scores, func(i, j int) bool { return count(scores[i]) > count(scores[j]) })
	var parts []string
	for _, s := range scores {
		parts = append(parts, fmt.Sprintf("%s: %s", s, pct(count(s))))
	}
	fmt.Fprintf(w, "scores (X O): %s\n", strings.Join(parts, ", "))
	fmt.Fprintf(w, "mean margin X-O: %+.4f points\n", float64(st.margin)/2/g)
	fmt.Fprintf(w, "ended: X tic-tac-toe %s, O tic-tac-toe %s, both %s, full board without one %s\n",
		pct(st.ends[0]), pct(st.ends[1]), pct(st.ends[2]), pct(st.ends[3]))
	parts = parts[:0]
	total := 0
	for m, c := range st.length {
		if c > 0 {
			parts = append(parts, fmt.Sprintf("%d: %s", m, pct(c)))
			total += m * c
		}
	}
	fmt.Fprintf(w, "moves per game: mean %.3f; %s\n", float64(total)/g, strings.Join(parts, ", "))
	fmt.Fprintf(w, "measurements per game: mean %.3f\n", float64(st.measurements)/g)
}
