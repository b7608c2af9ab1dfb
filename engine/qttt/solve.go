package qttt

import (
	"context"
	"math/bits"
	"strings"
	"sync"
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

// symOnce builds the symmetry tables on first use (canon, perftKey, mapMove) rather
// than at package initialisation, which would cost every process about 0.15 ms.
var symOnce sync.Once

func initSym() {
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
					pairBit[s][a*NumCells+b] = 1 << pairIdx[symCell[s][a]][symCell[s][b]]
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
	symOnce.Do(initSym)
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
	symOnce.Do(initSym)
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
	var w0s [8]uint64
	minW0 := ^uint64(0)
	for s := 0; s < 8; s++ {
		w0s[s] = uint64(symBoard[s][p.xs]) | uint64(symBoard[s][p.os])<<9
		minW0 = min(minW0, w0s[s])
	}
	var id uint64
	first := true
	for s := 0; s < 8; s++ {
		w0 := w0s[s]
		if w0 != minW0 && w0 != w0s[0] {
			continue
		}
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
		if s == 0 {
			id = w1
			auto = 1
		} else if w0 == w0s[0] && w1 == id {
			auto |= 1 << s
		}
		if w0 == minW0 && (first || w1 < k.w1) {
			k, sym, first = key{w0, w1}, s, false
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
	stack [24]Position  // the position at each ply (a move and a measurement are a ply each)
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

// search returns the value of the position at stack[ply] (not over, nothing pending)
// for the player to move, fail-soft within (alpha, beta). Children go to stack[ply+1].
func (s *Solver) search(ply int, alpha, beta int) int {
	p := &s.stack[ply]
	s.nodes++
	if s.nodes&0xFFF == 0 && s.ctx.Err() != nil {
		s.stop = true
	}
	if s.stop {
		return 0
	}
	blo, bhi := valueMin, valueMax
	if p.n >= boundMinN {
		blo, bhi = bounds(p)
	}
	if blo >= beta || blo == bhi {
		return blo
	}
	if bhi <= alpha {
		return bhi
	}
	if p.n >= ttMaxN {
		return s.searchLeaf(ply, alpha, beta)
	}
	k, sym, auto := canon(p)
	e := &s.tt[hashKey(k)&s.mask]
	lo, hi := blo, bhi
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
	sorted := 0 // moves[:sorted] are in their final order
	if ttMove != noMove {
		for i, m := range moves {
			if m == ttMove {
				copy(moves[1:i+1], moves[:i])
				moves[0] = m
				sorted = 1
				break
			}
		}
	}
	// Scores are taken before the loop: the subtrees update the history as they go.
	var score [36]int32
	h := &s.hist[p.ToMove()]
	for i, m := range moves {
		score[i] = h[m]
	}
	best, bestMove := valueMin-1, noMove
	c := &s.stack[ply+1]
	for i := range moves {
		if i >= sorted {
			// Pick the move with the best history score next: cut nodes rarely need more
			// than one or two moves, so a full sort would be wasted.
			bi, bv := i, score[i]
			for j := i + 1; j < len(moves); j++ {
				if score[j] > bv {
					bi, bv = j, score[j]
				}
			}
			best := moves[bi]
			copy(moves[i+1:bi+1], moves[i:bi]) // keep the rest in order: ties go by generation
			copy(score[i+1:bi+1], score[i:bi])
			moves[i], score[i] = best, bv
		}
		m := moves[i]
		*c = *p
		ma, mb := m.Cells()
		var v int
		if c.Play(ma, mb) {
			v = -s.measure(ply+1, -b0, -a)
		} else {
			v = -s.search(ply+1, -b0, -a)
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

// Tuning found on the start position: from move number boundMinN on, search first tries
// the static bounds; from ttMaxN on it searches without table, symmetries or ordering.
const (
	boundMinN = 8
	ttMaxN    = 8
)

// bounds returns a lower and an upper bound of the value of p for the player to move:
// a player can score only along a line free of the opponent's classical marks whose
// missing cells it still has enough marks for (quantum marks and marks to come).
func bounds(p *Position) (lo, hi int) {
	placedX := int(p.n+1) / 2
	placedO := int(p.n) / 2
	qx := bits.OnesCount16(p.quant & 0xAAAA)
	qo := bits.OnesCount16(p.quant & 0x5554)
	availX := qx + 5 - placedX
	availO := qo + 4 - placedO
	xCan, oCan := false, false
	for _, l := range lineMasks {
		if l&p.os == 0 && bits.OnesCount16(l&^p.xs) <= availX {
			xCan = true
		}
		if l&p.xs == 0 && bits.OnesCount16(l&^p.os) <= availO {
			oCan = true
		}
	}
	lo, hi = 0, 0
	if xCan {
		hi = 4
	}
	if oCan {
		lo = -2
	}
	if p.n&1 == 1 { // O to move
		lo, hi = -hi, -lo
	}
	return lo, hi
}

// searchLeaf is search without the transposition table, symmetries and ordering, for the
// last moves of the game where they cost more than they save.
func (s *Solver) searchLeaf(ply int, alpha, beta int) int {
	p := &s.stack[ply]
	var buf [36]Move
	best := valueMin - 1
	c := &s.stack[ply+1]
	for _, m := range p.Moves(buf[:0]) {
		*c = *p
		ma, mb := m.Cells()
		var v int
		if c.Play(ma, mb) {
			v = -s.measure(ply+1, -beta, -alpha)
		} else {
			v = -s.search(ply+1, -beta, -alpha)
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

// measure returns the value of the position at stack[ply], whose last move closed a
// cycle, for the player who chooses the measurement (the player to move next),
// fail-soft within (alpha, beta).
func (s *Solver) measure(ply int, alpha, beta int) int {
	p := &s.stack[ply]
	k := p.pend
	roots := [2]uint8{p.ea[k], p.eb[k]}
	n := 2
	if roots[0] == roots[1] {
		n = 1
	}
	best := valueMin - 1
	c := &s.stack[ply+1]
	for _, r := range roots[:n] {
		*c = *p
		c.Measure(int(r))
		var v int
		if c.Over() {
			s.nodes++
			v = terminal(c)
		} else {
			v = s.search(ply+1, alpha, beta)
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
	s.stack[0] = *p
	switch {
	case p.pend != 0:
		return s.measure(0, valueMin-1, valueMax+1)
	case p.Over():
		return terminal(p)
	}
	// First ask whether the player to move wins at all (value >= 1), then by how much
	// or whether it draws.
	lo, hi := valueMin, valueMax
	g := 0
	for lo < hi && !s.stop {
		beta := g
		if g == lo {
			beta = g + 1
		}
		g = s.search(0, beta-1, beta)
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
	s.stack[0] = *p
	switch {
	case p.pend != 0:
		return s.measure(0, v-1, v) >= v
	case p.Over():
		return terminal(p) >= v
	}
	return s.search(0, v-1, v) >= v
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
	Value int      // X's score minus O's under perfect play, in half points
	Best  []Choice // optimal moves (or measurement choices): all of them, or the first of PV
	PV    []Step   // one line of perfect play to the end of the game
	// Nodes and Elapsed count the proof of the value alone; TotalNodes and TotalTime
	// add the principal variation and the optimal moves.
	Nodes      uint64
	Elapsed    time.Duration
	TotalNodes uint64
	TotalTime  time.Duration
}

// Solve computes the exact value of p under perfect play (both players maximising their
// own margin) and a principal variation; with all, every optimal move too (which costs
// a proof for each other move). It returns ctx's error when ctx is cancelled first.
func (s *Solver) Solve(ctx context.Context, p Position, all bool) (Result, error) {
	start := time.Now()
	s.ctx, s.stop = ctx, false
	n0 := s.nodes
	var r Result
	v := s.value(&p)
	r.Nodes, r.Elapsed = s.nodes-n0, time.Since(start)
	r.Value = v
	if p.pend != 0 && p.n&1 == 1 || p.pend == 0 && p.ToMove() == O {
		r.Value = -v // the decider is O
	}
	r.PV = s.pv(p, v)
	if all {
		for _, ch := range choices(&p) {
			if s.optimal(&p, ch, v) {
				r.Best = append(r.Best, ch)
			}
		}
	} else if len(r.PV) > 0 {
		st := r.PV[0]
		if st.Move == noMove {
			ra, na, rb, _ := p.Choices()
			root := ra
			if st.Mark != na {
				root = rb
			}
			r.Best = []Choice{{NewMove(root, root), st.Mark}}
		} else {
			r.Best = []Choice{{Move: st.Move}}
		}
	}
	r.TotalNodes, r.TotalTime = s.nodes-n0, time.Since(start)
	if s.stop {
		return r, ctx.Err()
	}
	return r, nil
}

// optimal reports whether choice ch reaches the value v of p for the player deciding.
func (s *Solver) optimal(p *Position, ch Choice, v int) bool {
	c := *p
	if p.pend != 0 {
		c.Measure(int(ch.Move & 15))
		return s.atLeast(&c, v)
	}
	a, b := ch.Move.Cells()
	c.Play(a, b)
	return !s.atLeast(&c, -v+1)
}

// ttMove returns the best move the table holds for p, or noMove.
func (s *Solver) ttMove(p *Position) Move {
	if p.pend != 0 || p.Over() || p.n >= ttMaxN {
		return noMove
	}
	k, sym, _ := canon(p)
	e := &s.tt[hashKey(k)&s.mask]
	if e.meta&ttValid == 0 || e.w1 != k.w1 || e.meta&(1<<18-1) != k.w0 || Move(e.meta>>26) == noMove {
		return noMove
	}
	return mapMove(int(symInv[sym]), Move(e.meta>>26))
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

// pv follows optimal moves and measurement choices from p, whose value for the player
// deciding is v, to the end of the game.
func (s *Solver) pv(p Position, v int) []Step {
	var line []Step
	for !s.stop && !p.Over() {
		var next Choice
		found := false
		chs := choices(&p)
		if m := s.ttMove(&p); m != noMove {
			// The table's best move is optimal unless the entry was overwritten.
			for i, ch := range chs {
				if ch.Move == m {
					chs[0], chs[i] = chs[i], chs[0]
				}
			}
		}
		for _, ch := range chs {
			if s.optimal(&p, ch, v) {
				next, found = ch, true
				break
			}
		}
		if !found {
			break // only when stopped
		}
		if p.pend != 0 {
			if len(line) == 0 {
				line = append(line, Step{Move: noMove})
			}
			line[len(line)-1].Mark = next.Mark
			p.Measure(int(next.Move & 15))
			continue // the chooser moves next: same player, same value
		}
		a, b := next.Move.Cells()
		line = append(line, Step{Move: next.Move})
		p.Play(a, b)
		v = -v // the opponent moves next, or first chooses the measurement

	}
	return line
}

// FormatPV writes a line of play in the record notation, e.g. "AI AC AC 3".
func FormatPV(pv []Step) string {
	var b strings.Builder
	for _, st := range pv {
		if st.Move != noMove {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(st.Move.String())
		}
		if st.Mark != 0 {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(itoa(st.Mark))
		}
	}
	return b.String()
}
