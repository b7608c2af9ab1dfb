package qttt

import (
	"context"
	"math/bits"
	"time"
)

// Values are margins in half points from the point of view of the player to move: X's
// score minus O's when X is to move, the negation when O is. They lie in [-4, 4].
const (
	valueMin = -4
	valueMax = 4
)

// symCell[s][c] is the image of cell c under symmetry s of the board (s&4 transposes,
// s&1 mirrors the columns, s&2 the rows); symInv[s] is the inverse symmetry.
var (
	symCell  [8][NumCells]uint8
	symInv   [8]uint8
	symBoard [8][1 << NumCells]uint16
	// pairCode[s][a*9+b] is 1 + 2*(index of the pair {σa, σb} among the 36 pairs).
	pairCode [8][NumCells * NumCells]uint8
)

func init() {
	var pairIdx [NumCells][NumCells]uint8
	n := uint8(0)
	for a := 0; a < NumCells; a++ {
		for b := a + 1; b < NumCells; b++ {
			pairIdx[a][b], pairIdx[b][a] = n, n
			n++
		}
	}
	for s := 0; s < 8; s++ {
		for c := 0; c < NumCells; c++ {
			r, col := c/3, c%3
			if s&4 != 0 {
				r, col = col, r
			}
			if s&1 != 0 {
				col = 2 - col
			}
			if s&2 != 0 {
				r = 2 - r
			}
			symCell[s][c] = uint8(3*r + col)
		}
		for b := 0; b < 1<<NumCells; b++ {
			var img uint16
			for c := 0; c < NumCells; c++ {
				if b>>c&1 != 0 {
					img |= 1 << symCell[s][c]
				}
			}
			symBoard[s][b] = img
		}
		for a := 0; a < NumCells; a++ {
			for b := 0; b < NumCells; b++ {
				if a != b {
					pairCode[s][a*NumCells+b] = 1 + 2*pairIdx[symCell[s][a]][symCell[s][b]]
				}
			}
		}
	}
	for s := 0; s < 8; s++ {
		for t := 0; t < 8; t++ {
			if symCell[t][symCell[s][1]] == 1 && symCell[t][symCell[s][2]] == 2 && symCell[t][symCell[s][3]] == 3 {
				symInv[s] = uint8(t)
			}
		}
	}
}

// mapMove returns the image of move m under symmetry s.
func mapMove(s int, m Move) Move {
	a, b := m.Cells()
	return NewMove(int(symCell[s][a]), int(symCell[s][b]))
}

// key is the canonical form of a position without a pending measurement, under the
// eight symmetries: w0 holds the classical X and O cells, w1 the marks whose numbers
// still matter, in mark order (7 bits each): quantum marks as their cell pair and owner,
// and classical marks newer than the oldest quantum mark as their cell. Older classical
// marks can never be the largest mark of a future line (every new line contains a mark
// of the measured component), so only their owners count; only the order of the other
// marks matters, not their numbers.
type key struct{ w0, w1 uint64 }

// canon returns the canonical key of p, the symmetry that maps p to it, and the set of
// symmetries mapping p onto itself (bit s).
func canon(p *Position) (k key, sym int, auto uint8) {
	type item struct{ code, a, b uint8 } // code 0/1: quantum mark of X/O; 2: classical
	var items [NumCells]item
	q0 := uint8(bits.TrailingZeros16(p.quant))
	var cellOf [10]uint8
	for b := (p.xs | p.os); b != 0; b &= b - 1 {
		c := bits.TrailingZeros16(b)
		if m := p.mark[c]; m > q0 && q0 < 16 {
			cellOf[m] = uint8(c)
		}
	}
	ni := 0
	for m := uint8(1); m <= p.n; m++ {
		switch {
		case p.quant>>m&1 != 0:
			items[ni] = item{(m + 1) & 1, p.ea[m], p.eb[m]}
			ni++
		case m > q0 && q0 < 16:
			items[ni] = item{2, cellOf[m], 0}
			ni++
		}
	}
	var keys [8]key
	for s := 0; s < 8; s++ {
		w0 := uint64(symBoard[s][p.xs]) | uint64(symBoard[s][p.os])<<9
		var w1 uint64
		for _, it := range items[:ni] {
			var code uint8
			if it.code == 2 {
				code = 73 + symCell[s][it.a]
			} else {
				code = pairCode[s][int(it.a)*NumCells+int(it.b)] + it.code
			}
			w1 = w1<<7 | uint64(code)
		}
		keys[s] = key{w0, w1}
		if s == 0 || w0 < k.w0 || w0 == k.w0 && w1 < k.w1 {
			k, sym = keys[s], s
		}
	}
	for s := 0; s < 8; s++ {
		if keys[s] == keys[0] {
			auto |= 1 << s
		}
	}
	return k, sym, auto
}

// ttEntry is one transposition-table slot: w1 of the key, and packed in meta: w0 (18
// bits), the lower and upper bound (+8, 4 bits each), the best move in the canonical
// frame (8 bits) and a valid bit.
type ttEntry struct {
	w1   uint64
	meta uint64
}

const ttValid = 1 << 34

// Solver computes exact values with negamax alpha-beta over the game tree, a
// transposition table keyed by the canonical form of positions, and symmetry pruning of
// moves. A Solver keeps its table between calls; it is not safe for concurrent use.
type Solver struct {
	tt    []ttEntry
	mask  uint64
	nodes uint64
	ctx   context.Context
	stop  bool
	hist  [2][256]int32 // history heuristic: cutoffs per player and move
}

// NewSolver returns a solver with a transposition table of 2^bits entries (16 bytes
// each).
func NewSolver(ttBits int) *Solver {
	return &Solver{tt: make([]ttEntry, 1<<ttBits), mask: 1<<ttBits - 1, ctx: context.Background()}
}

// Nodes returns the number of positions the solver has visited.
func (s *Solver) Nodes() uint64 { return s.nodes }

func hashKey(k key) uint64 {
	h := k.w1 ^ k.w0*0x9E3779B97F4A7C15
	h ^= h >> 31
	h *= 0xBF58476D1CE4E5B9
	h ^= h >> 29
	return h
}

// terminal returns the final margin of an ended game for the player to move.
func terminal(p *Position) int {
	m := p.Score().Margin()
	if p.ToMove() == O {
		return -m
	}
	return m
}

// search returns the value of p (not over, nothing pending) for the player to move,
// fail-soft within (alpha, beta).
func (s *Solver) search(p *Position, alpha, beta int) int {
	s.nodes++
	if s.nodes&0xFFF == 0 && s.ctx.Err() != nil {
		s.stop = true
	}
	if s.stop {
		return 0
	}
	k, sym, auto := canon(p)
	e := &s.tt[hashKey(k)&s.mask]
	lo, hi := valueMin, valueMax
	ttMove := noMove
	hit := e.meta&ttValid != 0 && e.w1 == k.w1 && e.meta&(1<<18-1) == k.w0
	if hit {
		lo = max(lo, int(e.meta>>18&15)-8)
		hi = min(hi, int(e.meta>>22&15)-8)
		if lo >= beta || lo == hi {
			return lo
		}
		if hi <= alpha {
			return hi
		}
		ttMove = Move(e.meta >> 26)
		if ttMove != noMove {
			ttMove = mapMove(int(symInv[sym]), ttMove)
		}
	}
	a0, b0 := max(alpha, lo), min(beta, hi)
	a := a0
	var buf [36]Move
	moves := p.Moves(buf[:0])
	if auto != 1 {
		moves = uniqueMoves(moves, auto)
		if ttMove != noMove {
			ttMove = orbitMin(ttMove, auto)
		}
	}
	s.order(moves, p.ToMove())
	if ttMove != noMove {
		for i, m := range moves {
			if m == ttMove {
				copy(moves[1:i+1], moves[:i])
				moves[0] = m
				break
			}
		}
	}
	best, bestMove := valueMin-1, noMove
	for _, m := range moves {
		c := *p
		ma, mb := m.Cells()
		var v int
		if c.Play(ma, mb) {
			v = -s.measure(&c, -b0, -a)
		} else {
			v = -s.search(&c, -b0, -a)
		}
		if v > best {
			best, bestMove = v, m
			if v > a {
				a = v
				if a >= b0 {
					d := int32(10 - p.n)
					s.hist[p.ToMove()][m] += d * d
					break
				}
			}
		}
	}
	if s.stop {
		return 0
	}
	nlo, nhi := lo, hi
	switch {
	case best <= a0:
		nhi = min(nhi, best)
	case best >= b0:
		nlo = max(nlo, best)
	default:
		nlo, nhi = best, best
	}
	cm := uint64(mapMove(sym, bestMove))
	e.w1 = k.w1
	e.meta = k.w0 | uint64(nlo+8)<<18 | uint64(nhi+8)<<22 | cm<<26 | ttValid
	return best
}

// measure returns the value of p, whose last move closed a cycle, for the player who
// chooses the measurement (the player to move next), fail-soft within (alpha, beta).
func (s *Solver) measure(p *Position, alpha, beta int) int {
	k := p.pend
	roots := [2]uint8{p.ea[k], p.eb[k]}
	n := 2
	if roots[0] == roots[1] {
		n = 1
	}
	best := valueMin - 1
	for _, r := range roots[:n] {
		c := *p
		c.Measure(int(r))
		var v int
		if c.Over() {
			s.nodes++
			v = terminal(&c)
		} else {
			v = s.search(&c, alpha, beta)
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				if alpha >= beta {
					break
				}
			}
		}
	}
	return best
}

// order sorts moves by their history score, highest first (insertion sort: at most 36).
func (s *Solver) order(moves []Move, pl Player) {
	h := &s.hist[pl]
	for i := 1; i < len(moves); i++ {
		m := moves[i]
		v := h[m]
		j := i
		for ; j > 0 && h[moves[j-1]] < v; j-- {
			moves[j] = moves[j-1]
		}
		moves[j] = m
	}
}

// uniqueMoves keeps one move of each orbit under the symmetries auto (those mapping the
// position onto itself): the one with the smallest code.
func uniqueMoves(moves []Move, auto uint8) []Move {
	out := moves[:0]
	for _, m := range moves {
		if orbitMin(m, auto) == m {
			out = append(out, m)
		}
	}
	return out
}

func orbitMin(m Move, auto uint8) Move {
	best := m
	for a := auto &^ 1; a != 0; a &= a - 1 {
		if t := mapMove(bits.TrailingZeros8(a), m); t < best {
			best = t
		}
	}
	return best
}

// value returns the exact value of p for the player to move (or, with a pending
// measurement, for the player who chooses it) by a sequence of null-window searches
// (MTD(f)): the values are few small integers, so two or three tests settle it.
func (s *Solver) value(p *Position) int {
	switch {
	case p.pend != 0:
		return s.measure(p, valueMin-1, valueMax+1)
	case p.Over():
		return terminal(p)
	}
	lo, hi := valueMin, valueMax
	g := 0
	for lo < hi && !s.stop {
		beta := g
		if g == lo {
			beta = g + 1
		}
		g = s.search(p, beta-1, beta)
		if g < beta {
			hi = g
		} else {
			lo = g
		}
	}
	return lo
}

// atLeast reports whether the value of p (as in value) is at least v.
func (s *Solver) atLeast(p *Position, v int) bool {
	switch {
	case p.pend != 0:
		return s.measure(p, v-1, v) >= v
	case p.Over():
		return terminal(p) >= v
	}
	return s.search(p, v-1, v) >= v
}

// noMove stands for no move: the first step of a line from a position awaiting its
// measurement.
const noMove Move = 0xFF

// Choice is a move, or a measurement choice when a measurement is pending, as the
// record would write it.
type Choice struct {
	Move Move // the move; for a measurement choice, the cell that receives the pending mark twice
	Mark int  // the measurement number written after a move; the number itself for a choice
}

// Step is one step of a principal variation: a move and, if it closed a cycle, the
// measurement number chosen by the opponent.
type Step struct {
	Move Move
	Mark int // 0 when the move closed no cycle
}

// Result is a solved position.
type Result struct {
	Value   int      // X's score minus O's under perfect play, in half points
	Best    []Choice // the optimal moves (or measurement choices) of the player to decide
	PV      []Step   // one line of perfect play to the end of the game
	Nodes   uint64   // positions visited
	Elapsed time.Duration
}

// Solve computes the exact value of p under perfect play (both players maximising their
// own margin), its optimal moves and a principal variation. It returns ctx's error when
// ctx is cancelled first.
func (s *Solver) Solve(ctx context.Context, p Position) (Result, error) {
	start := time.Now()
	s.ctx, s.stop = ctx, false
	n0 := s.nodes
	var r Result
	v := s.value(&p)
	sign := 1
	decider := p.ToMove()
	if p.pend != 0 {
		decider = Player(p.n & 1)
	}
	if decider == O {
		sign = -1
	}
	r.Value = sign * v
	// Optimal choices: those whose value for the decider reaches v.
	for _, ch := range choices(&p) {
		c := p
		if p.pend != 0 {
			c.Measure(int(ch.Move & 15))
			if s.atLeast(&c, v) {
				r.Best = append(r.Best, ch)
			}
			continue
		}
		a, b := ch.Move.Cells()
		c.Play(a, b)
		ok := !s.atLeast(&c, -v+1)
		if ok {
			r.Best = append(r.Best, ch)
		}
	}
	r.PV = s.pv(p)
	r.Nodes = s.nodes - n0
	r.Elapsed = time.Since(start)
	if s.stop {
		return r, ctx.Err()
	}
	return r, nil
}

// choices lists the moves of p, or its measurement choices when one is pending.
func choices(p *Position) []Choice {
	var out []Choice
	if p.pend != 0 {
		ra, na, rb, nb := p.Choices()
		out = append(out, Choice{NewMove(ra, ra), na})
		if ra != rb {
			out = append(out, Choice{NewMove(rb, rb), nb})
		}
		return out
	}
	var buf [36]Move
	for _, m := range p.Moves(buf[:0]) {
		out = append(out, Choice{Move: m})
	}
	return out
}

// pv follows optimal moves and measurement choices from p to the end of the game.
func (s *Solver) pv(p Position) []Step {
	var line []Step
	for !s.stop {
		if p.pend != 0 {
			ra, na, rb, nb := p.Choices()
			a, b := p, p
			a.Measure(ra)
			b.Measure(rb)
			num := na
			if ra != rb && s.value(&b) > s.value(&a) {
				a, num = b, nb
			}
			p = a
			if len(line) == 0 {
				line = append(line, Step{Move: noMove})
			}
			line[len(line)-1].Mark = num
			continue
		}
		if p.Over() {
			break
		}
		var buf [36]Move
		bestV, bestM := valueMin-1, Move(0)
		for _, m := range p.Moves(buf[:0]) {
			c := p
			a, b := m.Cells()
			c.Play(a, b)
			if v := -s.value(&c); v > bestV {
				bestV, bestM = v, m
			}
		}
		a, b := bestM.Cells()
		p.Play(a, b)
		line = append(line, Step{Move: bestM})
	}
	return line
}
