package bulk

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/boardlab/boardlab/engine/qttt"
	"github.com/boardlab/boardlab/pipeline"
)

// randomBlockGames is the number of consecutive games a worker plays at once.
const randomBlockGames = 4096

// randomBlock is a run of consecutive games played by one worker, with its scratch.
type randomBlock struct {
	out   []byte
	stats RandomStats
	pcg   *rand.PCG
	rng   *rand.Rand
	buf   []byte
}

// Random plays games lo to hi-1 of the run seeded by seed, uniformly random legal moves
// (each measurement chosen at random), and writes each to w in index order as
// "RECORD<TAB>X O", a line Score reads back and checks. Game i is played from its own
// random stream, seeded by seed and i, so it is the same whichever run or shard plays
// it; the output does not depend on opt.Workers. opt.Shard and opt.OnError do not
// apply (the caller picks the shard's range; no input can be bad) and opt.Progress
// gets the games written as Records. Random returns the statistics of the games
// written and ctx.Err() when ctx was cancelled (after writing the games finished
// before), or the first error writing to w.
func Random(ctx context.Context, seed uint64, lo, hi int64, w io.Writer, opt Options) (RandomStats, error) {
	var stats RandomStats
	var werr error
	n := int(hi - lo)
	err := pipeline.Ranges(ctx, n, Workers(opt.Workers), randomBlockGames, func(a, b int, blk *randomBlock) {
		if blk.pcg == nil {
			blk.pcg = rand.NewPCG(0, 0)
			blk.rng = rand.New(blk.pcg)
		}
		blk.out, blk.stats = blk.out[:0], RandomStats{}
		for i := lo + int64(a); i < lo+int64(b); i++ {
			blk.pcg.Seed(gameSeed(seed, i))
			var end qttt.Position
			blk.buf, end = qttt.RandomGame(blk.rng, blk.buf[:0])
			s := end.Score()
			blk.buf = append(blk.buf, '\t')
			blk.buf = append(s.AppendText(blk.buf), '\n')
			blk.out = append(blk.out, blk.buf...)
			blk.stats.add(blk.buf, &end, s)
		}
	}, func(a, b int, blk *randomBlock) {
		if werr != nil {
			return
		}
		if _, werr = w.Write(blk.out); werr != nil {
			return
		}
		stats.merge(&blk.stats)
		if opt.Progress != nil {
			opt.Progress(Stats{Records: int64(stats.Games)})
		}
	})
	if werr != nil {
		return stats, werr
	}
	return stats, err
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

// RandomStats are the statistics of a set of random games.
type RandomStats struct {
	Games        int       // games played
	scores       [5][5]int // games by score, in half points: [X][O]
	length       [10]int   // games by number of moves
	measurements int
	ends         [4]int // X line(s) only, O line only, both, no line
	margin       int
}

func (st *RandomStats) add(line []byte, end *qttt.Position, s qttt.Score) {
	st.Games++
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
func (st *RandomStats) merge(o *RandomStats) {
	st.Games += o.Games
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

// Write prints the statistics as "analyze qttt random" does: the games and seed, the
// score distribution, how the games ended, game length and measurements per game.
func (st *RandomStats) Write(w io.Writer, seed uint64) {
	if st.Games == 0 {
		fmt.Fprintf(w, "games 0 (seed %d)\n", seed)
		return
	}
	g := float64(st.Games)
	pct := func(n int) string { return fmt.Sprintf("%d (%.2f%%)", n, 100*float64(n)/g) }
	fmt.Fprintf(w, "games %d (seed %d)\n", st.Games, seed)
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
