package tune

import (
	"context"
	"fmt"
	"math"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/search"
)

// A TrainingGame is one self-play game for fitting the evaluation: its moves from the
// start and its result.
type TrainingGame struct {
	Moves  []uttt.Move
	Result uttt.Status
	// Scores, when present, hold per move the search's score of the position before it,
	// for its side to move (0 for the random opening moves); see NoScore.
	Scores []int32
}

// NoScore marks a move without a search score (an opening move) in TrainingGame.Scores.
const NoScore = math.MinInt32

// PlayTrainingGame plays one game of the engine against itself: openings random plies
// drawn from seed (drawn again when they end the game), then searches of nodes nodes
// per move on e, cleared first. With one thread the game is a function of its
// arguments.
func PlayTrainingGame(ctx context.Context, e *search.Engine, seed uint64, openings int, nodes uint64) (TrainingGame, error) {
	rng := seed*0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019
	next := func(n int) int {
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		return int(rng % uint64(n))
	}
	var g TrainingGame
	p := uttt.Start()
	for try := 0; ; try++ {
		p, g.Moves, g.Scores = uttt.Start(), g.Moves[:0], g.Scores[:0]
		var buf [81]uttt.Move
		for len(g.Moves) < openings && p.Status() == uttt.Ongoing {
			m := buf[next(p.Moves(&buf))]
			g.Moves = append(g.Moves, m)
			g.Scores = append(g.Scores, NoScore)
			p = p.Play(m)
		}
		if p.Status() == uttt.Ongoing || try > 100 {
			break
		}
	}
	e.Clear()
	for p.Status() == uttt.Ongoing {
		if err := ctx.Err(); err != nil {
			return g, err
		}
		r := e.Search(ctx, p, search.Limits{Nodes: nodes})
		m := r.Move
		g.Moves = append(g.Moves, m)
		g.Scores = append(g.Scores, int32(r.Score))
		p = p.Play(m)
	}
	g.Result = p.Status()
	return g, nil
}

// A Sample is a position and the game's result for its side to move: 1 won, 1/2 drawn,
// 0 lost.
type Sample struct {
	Pos    uttt.Position
	Result float64
}

// resultFor is a game's result for side: 1 a win, 0 a loss, 1/2 a draw.
func resultFor(result uttt.Status, side uttt.Side) float64 {
	switch result {
	case uttt.XWon + uttt.Status(side):
		return 1
	case uttt.XWon + uttt.Status(side^1):
		return 0
	}
	return 0.5
}

// Samples returns the positions of the games after skip plies, with their results.
func Samples(games []TrainingGame, skip int) []Sample {
	var out []Sample
	for _, g := range games {
		p := uttt.Start()
		for i, m := range g.Moves {
			if i >= skip && p.Status() == uttt.Ongoing {
				out = append(out, Sample{p, resultFor(g.Result, p.Side())})
			}
			p = p.Play(m)
		}
	}
	return out
}

// Loss returns the mean squared difference between the results and the expectation
// sigmoid(l.Evaluate/k).
func Loss(samples []Sample, l *search.Linear, k float64) float64 {
	var sum float64
	for i := range samples {
		d := samples[i].Result - search.Expected(float64(l.Evaluate(&samples[i].Pos)), k)
		sum += d * d
	}
	return sum / float64(len(samples))
}

// FitScale returns the k that minimises Loss under l (golden-section search over
// 10..10000 on a log scale).
func FitScale(samples []Sample, l *search.Linear) float64 {
	lo, hi := math.Log(10), math.Log(10000)
	f := func(x float64) float64 { return Loss(samples, l, math.Exp(x)) }
	g := (math.Sqrt(5) - 1) / 2
	a, b := hi-g*(hi-lo), lo+g*(hi-lo)
	fa, fb := f(a), f(b)
	for i := 0; i < 40; i++ {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - g*(hi-lo)
			fa = f(a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + g*(hi-lo)
			fb = f(b)
		}
	}
	return math.Exp((lo + hi) / 2)
}

// weightBounds returns the sane range of each fitted weight (by name): built per call so
// that no process pays for the map at start-up.
func weightBounds() map[string][2]int32 {
	return map[string][2]int32{
		"line": {0, 4000}, "board": {0, 400}, "free": {-600, 600}, "tempo": {-300, 300},
		"send_win": {-300, 600}, "win_now": {0, 3000},
		"board_corner": {0, 128}, "board_edge": {0, 128}, "board_centre": {0, 128},
		"line_own0": {0, 64}, "line_own1": {0, 64}, "line_own2": {0, 128},
		"chance_max": {16, 255}, "chance_damp": {0, 256}, "board_table": {0, 1}, "master_two_own": {-500, 500}, "master_two_opp": {-500, 500}, "threats_own": {-300, 300}, "threats_opp": {-300, 300},
	}
}

// Fit fits the weights to the samples by coordinate descent on Loss with the scale k
// fixed (Texel's method): each weight in turn moves by its step while the loss falls;
// steps halve when a round changes nothing, down to 1. log, if set, gets a line per
// round. table is the learned board table the weights use when their Table is 1 (nil:
// the embedded one), as in NewLinear.
func Fit(ctx context.Context, samples []Sample, start search.Weights, table []byte, k float64, rounds int, log func(string)) (search.Weights, error) {
	w := start
	names, ps := w.Params()
	steps := make([]int32, len(ps))
	for i, p := range ps {
		steps[i] = max(abs32(*p)/4, 1)
		if *p == 0 && names[i] != "board_table" {
			steps[i] = 16
		}
	}
	best := Loss(samples, search.NewLinear(w, table), k)
	bounds := weightBounds()
	for round := 0; round < rounds; round++ {
		improved := false
		for i, p := range ps {
			if err := ctx.Err(); err != nil {
				return w, err
			}
			bnd := bounds[names[i]]
			for _, dir := range []int32{1, -1} {
				moved := false
				for {
					old := *p
					v := min(max(old+dir*steps[i], bnd[0]), bnd[1])
					if v == old {
						break
					}
					*p = v
					if l := Loss(samples, search.NewLinear(w, table), k); l < best {
						best, moved, improved = l, true, true
						continue
					}
					*p = old
					break
				}
				if moved {
					break
				}
			}
		}
		if log != nil {
			log(fmt.Sprintf("round %d: loss %.6f steps %v", round+1, best, steps))
		}
		if !improved {
			done := true
			for i := range steps {
				if steps[i] > 1 {
					steps[i] /= 2
					done = false
				}
			}
			if done {
				break
			}
		}
	}
	return w, nil
}

func abs32(v int32) int32 {
	if v < 0 {
		return -v
	}
	return v
}

// boardSymmetries returns the 8 symmetries of a 3x3 board (turns, then mirrored turns)
// as tile permutations: tile t goes to perm[t].
func boardSymmetries() (syms [8][9]int) {
	for s := range syms {
		for t := range 9 {
			r, c := t/3, t%3
			if s&4 != 0 {
				c = 2 - c
			}
			for range s & 3 {
				r, c = c, 2-r
			}
			syms[s][t] = r*3 + c
		}
	}
	return syms
}

// ternary returns the ternary number whose digit t is bit t of m (0 or 1): a board
// state's index is ternary(x) + 2*ternary(o).
func ternary(m uint16) int {
	v, p := 0, 1
	for t := range 9 {
		if m>>t&1 != 0 {
			v += p
		}
		p *= 3
	}
	return v
}

// permute returns the tiles of m moved by perm: tile t to perm[t].
func permute(m uint16, perm *[9]int) uint16 {
	var r uint16
	for t := 0; t < 9; t++ {
		if m>>t&1 != 0 {
			r |= 1 << perm[t]
		}
	}
	return r
}

// LearnBoardChance learns each small board state's chances from the games: for every
// state a board passes through while open, how often X and O went on to win that
// board, counted over the board's 8 symmetries and with the colours swapped, and
// shrunk towards the line-counting estimate of l's weights by prior games' worth of
// weight. It returns the table in board_chance.bin's format: per ternary index, X's
// chance in the low byte and O's in the high byte (0..255).
func LearnBoardChance(games []TrainingGame, l *search.Linear, prior float64) []byte {
	type counts struct{ n, x, o float64 }
	var c [19683]counts
	syms := boardSymmetries()
	add := func(x, y uint16, wonX, wonO float64) {
		for s := range syms {
			px, py := permute(x, &syms[s]), permute(y, &syms[s])
			a, b := &c[ternary(px)+2*ternary(py)], &c[ternary(py)+2*ternary(px)]
			a.n, a.x, a.o = a.n+1, a.x+wonX, a.o+wonO
			b.n, b.x, b.o = b.n+1, b.x+wonO, b.o+wonX
		}
	}
	for _, g := range games {
		var states [9][]([2]uint16)
		p := uttt.Start()
		for _, m := range g.Moves {
			p = p.Play(m)
			b := m.Board()
			states[b] = append(states[b], [2]uint16{p.Tiles(0, b), p.Tiles(1, b)})
		}
		for b := 0; b < 9; b++ {
			wx, wo := 0.0, 0.0
			switch p.BoardStatus(b) {
			case uttt.XWon:
				wx = 1
			case uttt.OWon:
				wo = 1
			}
			add(0, 0, wx, wo)
			for _, st := range states[b] {
				add(st[0], st[1], wx, wo)
			}
		}
	}
	out := make([]byte, 2*len(c))
	for x := uint16(0); x < 512; x++ {
		for o := uint16(0); o < 512; o++ {
			if x&o != 0 {
				continue
			}
			i := ternary(x) + 2*ternary(o)
			h := l.LineChance(x, o)
			hx, ho := float64(h&255)/255, float64(h>>8)/255
			px := (c[i].x + prior*hx) / (c[i].n + prior)
			po := (c[i].o + prior*ho) / (c[i].n + prior)
			if uttt.HasLine(x) || uttt.HasLine(o) || x|o == 0x1ff {
				px, po = hx, ho // decided boards keep their exact values
			}
			out[2*i], out[2*i+1] = byte(math.Round(px*255)), byte(math.Round(po*255))
		}
	}
	return out
}

// TreePositions returns the positions the given plies into each game, where at least 5
// more plies follow: the positions of the tree-size measurements.
func TreePositions(games []TrainingGame, plies []int) []uttt.Position {
	var out []uttt.Position
	for _, g := range games {
		for _, ply := range plies {
			if ply < len(g.Moves)-4 {
				p := uttt.Start()
				for _, m := range g.Moves[:ply] {
					p = p.Play(m)
				}
				out = append(out, p)
			}
		}
	}
	return out
}
