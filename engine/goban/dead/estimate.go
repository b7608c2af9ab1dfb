package dead

import "github.com/boardlab/boardlab/engine/goban"

// DefaultPlayouts is the most playouts Estimate runs when Options.Playouts is 0.
const DefaultPlayouts = 128

// Options tune the estimate.
type Options struct {
	// Playouts is the most light playouts run from the position (0: DefaultPlayouts);
	// they stop early, by batches of 32, once every undecided chain and point is settled.
	Playouts int
	Seed     uint64 // the playouts' random seed: the same seed gives the same estimate
}

// Status is the estimate for a position of Rows x Cols points, each slice indexed
// row*Cols+column.
type Status struct {
	Rows, Cols int
	// Dead marks the stones judged dead: captured at the count.
	Dead []bool
	// Seki marks the alive stones in seki and the empty points they share (the
	// liberties neither side can fill, and the eyes of those stones).
	Seki []bool
	// Alive marks the stones Benson's algorithm proves unconditionally alive.
	Alive []bool
	// Own is each point's ownership at the playouts' end, from -1 (always white's)
	// to 1 (always black's).
	Own []float32
}

// Estimator runs estimates with reusable buffers. The zero value is ready to use; an
// Estimator is not safe for concurrent use.
type Estimator struct {
	start, play board
	own         []int32 // black's minus white's wins of each point
	neutral     []int32 // playouts leaving each point empty between both colours
	ben         benson
	rng         uint64
	// atari holds a stone of each chain in atari in the position estimated: its
	// opponent captures it first thing in every playout (see playout).
	atari []int32
}

// Estimate estimates which stones of b are dead with a fresh Estimator.
func Estimate(b *goban.Board, o Options) Status {
	var e Estimator
	var st Status
	e.Estimate(b, o, &st)
	return st
}

// Estimate fills st with the estimate for b, reusing st's slices. A stone is dead when
// the playouts give its chain's points to the opponent more often than to its colour,
// unless Benson's algorithm proves the chain alive; an empty point the playouts leave
// between both colours in most runs is a shared liberty of a seki, and the chains next
// to it are alive, in seki, with their eyes.
func (e *Estimator) Estimate(b *goban.Board, o Options, st *Status) {
	rows, cols := b.N, b.Cols
	n := rows * cols
	st.Rows, st.Cols = rows, cols
	st.Dead = resize(st.Dead, n)
	st.Seki = resize(st.Seki, n)
	st.Alive = resize(st.Alive, n)
	st.Own = resize(st.Own, n)
	if n == 0 {
		return
	}
	s := &e.start
	s.reset(rows, cols)
	for y := 0; y < rows; y++ {
		for x := 0; x < cols; x++ {
			switch b.At(y, x) {
			case 'X':
				s.color[s.pt(x, y)] = black
			case 'O':
				s.color[s.pt(x, y)] = white
			}
		}
	}
	s.build()
	e.ben.run(s, st.Alive)
	e.atari = e.atari[:0]
	for y := 1; y <= s.rows; y++ {
		for p := s.rowStart(y); p < s.rowStart(y)+int32(s.cols); p++ {
			if c := s.color[p]; (c == black || c == white) && s.root[p] == p && s.atari(p) {
				e.atari = append(e.atari, p)
			}
		}
	}
	playouts := o.Playouts
	if playouts <= 0 {
		playouts = DefaultPlayouts
	}
	size := len(s.color)
	e.own = resize(e.own, size)
	e.neutral = resize(e.neutral, size)
	e.rng = o.Seed*0x9e3779b97f4a7c15 + 0x2545f4914f6cdd1d
	maxMoves := 3*n + 20
	done := 0
	for done < playouts {
		// Batches of 32 (or what is left); after the first, stop once settled.
		for k := min(32, playouts-done); k > 0; k-- {
			e.play.copyFrom(s)
			e.playout(&e.play, uint8(1+done&1), maxMoves)
			e.tally(&e.play)
			done++
		}
		if done < playouts && e.settled(s, st.Alive, done) {
			break
		}
	}
	e.judge(s, st, done)
}

func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// rand returns a pseudo-random number below n (xorshift64*, Lemire's reduction).
func (e *Estimator) rand(n int) int {
	x := e.rng
	x ^= x >> 12
	x ^= x << 25
	x ^= x >> 27
	e.rng = x
	return int((uint64(uint32((x*0x2545f4914f6cdd1d)>>32)) * uint64(n)) >> 32)
}

// playout plays random moves from colour c on, refusing own eyes and self-atari of two
// stones or more, until both sides pass or maxMoves. A chain left in atari at the end
// of the game, which its owner gave up rather than save, is captured by the opponent's
// first move that can; then a chain the opponent's last move left in atari is captured.
func (e *Estimator) playout(b *board, c uint8, maxMoves int) {
	passes := 0
	last := int32(0)
	for m := 0; m < maxMoves && passes < 2; m++ {
		n := len(b.empties)
		played := false
		if p := e.captureGivenUp(b, c); p != 0 {
			b.play(p, c)
			last, passes, c = p, 0, 3-c
			continue
		}
		if last != 0 {
			if p := b.reply(last, c); p != 0 {
				b.play(p, c)
				last, passes, c = p, 0, 3-c
				continue
			}
		}
		for n > 0 {
			i := e.rand(n)
			p := b.empties[i]
			if b.check(p, c) == moveOK {
				b.play(p, c)
				played, last = true, p
				break
			}
			// Move the refused point past the candidates still to try.
			n--
			q := b.empties[n]
			b.empties[i], b.empties[n] = q, p
			b.epos[q], b.epos[p] = int32(i), int32(n)
		}
		if played {
			passes = 0
		} else {
			passes++
			b.ko, last = 0, 0
		}
		c = 3 - c
	}
}

// captureGivenUp returns the point where colour c captures a chain of e.atari that is
// still on b and in atari, 0 when there is none.
func (e *Estimator) captureGivenUp(b *board, c uint8) int32 {
	for _, p := range e.atari {
		if b.color[p] != 3-c {
			continue
		}
		if r := b.root[p]; b.atari(r) {
			if q := int32(b.lsum[r] / int64(b.libs[r])); b.check(q, c) == moveOK {
				return q
			}
		}
	}
	return 0
}

// tally adds the end of a playout to the counts: a stone is its colour's, an empty
// point its neighbours' colour when they have only one, else neutral.
func (e *Estimator) tally(b *board) {
	col := b.color
	for y := 1; y <= b.rows; y++ {
		for p := b.rowStart(y); p < b.rowStart(y)+int32(b.cols); p++ {
			c := col[p]
			if c == empty {
				var seen uint8
				for _, d := range b.dirs {
					seen |= 1 << col[p+d]
				}
				switch seen &^ (1 << border) {
				case 1 << black:
					c = black
				case 1 << white:
					c = white
				default:
					if seen&(1<<black) != 0 && seen&(1<<white) != 0 {
						e.neutral[p]++
					}
					continue
				}
			}
			if c == black {
				e.own[p]++
			} else {
				e.own[p]--
			}
		}
	}
}

// judge turns the counts into the status: ownership per point, dead chains, seki.
func (e *Estimator) judge(s *board, st *Status, playouts int) {
	cols := s.cols
	idx := func(p int32) int { return (int(p)/s.stride-1)*cols + int(p)%s.stride - 1 }
	inv := 1 / float32(playouts)
	for y := 1; y <= s.rows; y++ {
		for p := s.rowStart(y); p < s.rowStart(y)+int32(s.cols); p++ {
			st.Own[idx(p)] = float32(e.own[p]) * inv
		}
	}
	// A chain is dead when its points lean to the opponent, summed over the chain.
	for y := 1; y <= s.rows; y++ {
		for p := s.rowStart(y); p < s.rowStart(y)+int32(s.cols); p++ {
			c := s.color[p]
			if c != black && c != white || s.root[p] != p || st.Alive[idx(p)] {
				continue
			}
			sum := int64(0)
			for q := p; ; {
				sum += int64(e.own[q])
				if q = s.next[q]; q == p {
					break
				}
			}
			if c == white {
				sum = -sum
			}
			if sum < 0 {
				for q := p; ; {
					st.Dead[idx(q)] = true
					if q = s.next[q]; q == p {
						break
					}
				}
			}
		}
	}
	// Seki: empty points left between both colours in most playouts, the alive chains
	// next to them, and the empty points reaching only those chains (their eyes).
	for y := 1; y <= s.rows; y++ {
		for p := s.rowStart(y); p < s.rowStart(y)+int32(s.cols); p++ {
			if s.color[p] != empty || 2*int(e.neutral[p]) <= playouts {
				continue
			}
			st.Seki[idx(p)] = true
			for _, d := range s.dirs {
				q := p + d
				if k := s.color[q]; (k == black || k == white) && !st.Dead[idx(q)] {
					r := s.root[q]
					for x := r; ; {
						st.Seki[idx(x)] = true
						if x = s.next[x]; x == r {
							break
						}
					}
				}
			}
		}
	}
}

// settled reports whether more playouts could hardly change the estimate: every chain
// not proved alive leans to one side on at least three quarters of its points' counts,
// and every empty point is left neutral in under a quarter or over three quarters of
// the n playouts so far.
func (e *Estimator) settled(s *board, alive []bool, n int) bool {
	for y := 1; y <= s.rows; y++ {
		for p := s.rowStart(y); p < s.rowStart(y)+int32(s.cols); p++ {
			switch s.color[p] {
			case empty:
				if v := 4 * int(e.neutral[p]); v > n && v < 3*n {
					return false
				}
			case black, white:
				if s.root[p] != p || alive[(y-1)*s.cols+int(p)%s.stride-1] {
					continue
				}
				sum := 0
				for q := p; ; {
					sum += int(e.own[q])
					if q = s.next[q]; q == p {
						break
					}
				}
				if 2*abs(sum) < n*int(s.size[p]) {
					return false
				}
			}
		}
	}
	return true
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
