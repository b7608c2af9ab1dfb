package search

import (
	"context"
	"math/bits"
	"time"
	"unsafe"

	"github.com/boardlab/boardlab/engine/uttt"
)

// Exact endgame: a win/draw/loss solver without evaluation (Solve), with null windows
// over the three values -1, 0, +1 and its own small table.

// solveEntry keeps bounds on a position's value: lo <= value <= hi.
type solveEntry struct {
	key    uint64
	lo, hi int8
}

// solver is one win/draw/loss solve with a node and time limit.
type solver struct {
	tab      []solveEntry
	nodes    uint64
	maxNodes uint64
	deadline time.Time
	done     <-chan struct{}
	stopped  bool
}

func newSolver(entries int) *solver {
	return &solver{tab: make([]solveEntry, entries)}
}

// reset prepares the solver for a new solve of at most maxNodes more nodes (the table
// is kept: its bounds are exact values, true in any later search; nodes keeps
// counting).
func (s *solver) reset(maxNodes uint64, deadline time.Time, done <-chan struct{}) {
	s.maxNodes, s.deadline, s.done, s.stopped = s.nodes+maxNodes, deadline, done, false
	if s.maxNodes < s.nodes {
		s.maxNodes = ^uint64(0)
	}
}

func (s *solver) stop() bool {
	if s.nodes >= s.maxNodes {
		s.stopped = true
	}
	if s.nodes&4095 == 0 {
		if !s.deadline.IsZero() && time.Now().After(s.deadline) {
			s.stopped = true
		}
		select {
		case <-s.done:
			s.stopped = true
		default:
		}
	}
	return s.stopped
}

// wdl returns the value of p for the side to move (1 win, 0 draw, -1 loss), fail-soft
// inside (alpha, beta); when the solver stopped the result means nothing.
func (s *solver) wdl(p *uttt.Position, alpha, beta int) int {
	switch p.Status() {
	case uttt.Draw:
		return 0
	case uttt.XWon, uttt.OWon:
		return -1 // the previous move won
	}
	s.nodes++
	if s.stop() {
		return 0
	}
	if threats(p) == 2 {
		return 1
	}
	slot := &s.tab[p.Hash()&uint64(len(s.tab)-1)]
	lo, hi := -1, 1
	if slot.key == p.Hash() {
		lo, hi = int(slot.lo), int(slot.hi)
		if lo == hi || lo >= beta {
			return lo
		}
		if hi <= alpha {
			return hi
		}
		alpha, beta = max(alpha, lo), min(beta, hi)
	}
	alpha0 := alpha
	var moves [81]uttt.Move
	n := s.order(p, &moves)
	best := -1
	for _, m := range moves[:n] {
		q := p.Play(m)
		v := -s.wdl(&q, -beta, -max(alpha, best))
		if s.stopped {
			return 0
		}
		if v > best {
			best = v
			if best >= beta {
				break
			}
		}
	}
	switch {
	case best <= alpha0:
		hi = min(hi, best)
	case best >= beta:
		lo = max(lo, best)
	default:
		lo, hi = best, best
	}
	*slot = solveEntry{p.Hash(), int8(lo), int8(hi)}
	return best
}

// order writes the legal moves with the ones that win a small board first and the
// ones that give the opponent a free move last.
func (s *solver) order(p *uttt.Position, buf *[81]uttt.Move) int {
	var wins, quiet, free [81]uttt.Move
	nw, nq, nf := 0, 0, 0
	side := p.Side()
	open := ^p.ClosedBoards() & full9
	if p.Forced() >= 0 {
		open = 1 << p.Forced()
	}
	for ; open != 0; open &= open - 1 {
		b := bits.TrailingZeros16(open)
		own, opp := p.Tiles(side, b), p.Tiles(side^1, b)
		for e := ^(own | opp) & full9; e != 0; e &= e - 1 {
			t := bits.TrailingZeros16(e)
			m := uttt.NewMove(b, t)
			switch {
			case uttt.HasLine(own | 1<<t):
				wins[nw] = m
				nw++
			case p.ClosedBoards()>>t&1 != 0 || t == b && own|opp|1<<t == full9:
				free[nf] = m
				nf++
			default:
				quiet[nq] = m
				nq++
			}
		}
	}
	n := copy(buf[:], wins[:nw])
	n += copy(buf[n:], quiet[:nq])
	n += copy(buf[n:], free[:nf])
	return n
}

// solveEntries is the size of Solve's table.
const solveEntries = 1 << 20

// SolveMemory is the memory, in bytes, of the table each call of Solve allocates.
const SolveMemory = solveEntries * int64(unsafe.Sizeof(solveEntry{}))

// Solve returns the game's value for the side to move (1 win, 0 draw, -1 loss) and a
// move that achieves it, searching at most maxNodes positions (0: no limit) until ctx
// is done; ok is false when it stopped first or the game is over.
func Solve(ctx context.Context, pos uttt.Position, maxNodes uint64) (value int, move uttt.Move, ok bool) {
	s := newSolver(solveEntries)
	if maxNodes == 0 {
		maxNodes = ^uint64(0)
	}
	s.reset(maxNodes, time.Time{}, ctx.Done())
	return s.root(&pos)
}

// root solves p: its value and a best move, or ok false when the solver stopped or the
// game is over.
func (s *solver) root(p *uttt.Position) (value int, move uttt.Move, ok bool) {
	if p.Status() != uttt.Ongoing {
		return 0, uttt.NoMove, false
	}
	var moves [81]uttt.Move
	n := s.order(p, &moves)
	best, bm := -2, uttt.NoMove
	for _, m := range moves[:n] {
		q := p.Play(m)
		v := -s.wdl(&q, -1, -max(best, -1))
		if s.stopped {
			return 0, uttt.NoMove, false
		}
		if v > best || bm == uttt.NoMove {
			best, bm = max(v, best), m
		}
		if best == 1 {
			break
		}
	}
	return best, bm, true
}
