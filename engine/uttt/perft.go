package uttt

import (
	"context"
	"math/bits"
)

// Perft returns the number of move sequences of length depth from p (a finished game
// has no moves). The last ply is counted without being played (bulk counting).
func Perft(p *Position, depth int) uint64 {
	switch {
	case depth <= 0:
		return 1
	case depth == 1:
		return uint64(p.CountMoves())
	}
	return perft(*p, depth)
}

// perft takes the position by value: a pointer to a loop-local copy would escape
// through the recursion.
func perft(p Position, depth int) uint64 {
	if p.status != Ongoing {
		return 0
	}
	if depth == 2 {
		return perft2(&p)
	}
	var n uint64
	open := ^p.closed & full9
	if p.forced >= 0 {
		open = 1 << uint(p.forced)
	}
	for ; open != 0; open &= open - 1 {
		b := bits.TrailingZeros16(open)
		base := Move(b * 9)
		free := ^(p.cells[0][b] | p.cells[1][b]) & full9
		for ; free != 0; free &= free - 1 {
			n += perft(p.Play(base+Move(bits.TrailingZeros16(free))), depth-1)
		}
	}
	return n
}

// perft2 counts the sequences of two plies from an ongoing position without playing
// any move: each move's reply count follows from the board it sends to (its free tiles,
// or all free tiles of the open boards when it is closed), the board it may close, and
// whether it wins the game.
func perft2(p *Position) uint64 {
	s := p.side
	var empty [9]int
	total := 0 // free tiles in open boards
	for open := ^p.closed & full9; open != 0; open &= open - 1 {
		b := bits.TrailingZeros16(open)
		empty[b] = 9 - bits.OnesCount16(p.cells[0][b]|p.cells[1][b])
		total += empty[b]
	}
	open := ^p.closed & full9
	if p.forced >= 0 {
		open = 1 << uint(p.forced)
	}
	var n uint64
	for ; open != 0; open &= open - 1 {
		b := bits.TrailingZeros16(open)
		own, occ := p.cells[s][b], p.cells[0][b]|p.cells[1][b]
		for free := ^occ & full9; free != 0; free &= free - 1 {
			t := bits.TrailingZeros16(free)
			c := own | 1<<t
			closed, left := p.closed, total-1
			if winTab[c] {
				if winTab[p.master[s]|1<<b] {
					continue // the move wins the game
				}
				closed |= 1 << b
				left = total - empty[b]
			} else if occ|1<<t == full9 {
				closed |= 1 << b
			}
			switch {
			case closed>>t&1 == 0:
				if t == b {
					n += uint64(empty[b] - 1)
				} else {
					n += uint64(empty[t])
				}
			case closed != full9:
				n += uint64(left) // a free move: every tile of every open board
			}
		}
	}
	return n
}

// DivideEntry is one line of a perft divide: a first move and the count below it.
type DivideEntry struct {
	Move  Move
	Count uint64
}

// Divide returns Perft(p, depth) broken down by the first move, in move order.
func Divide(p *Position, depth int) []DivideEntry {
	var buf [81]Move
	n := p.Moves(&buf)
	out := make([]DivideEntry, n)
	for i, m := range buf[:n] {
		q := p.Play(m)
		out[i] = DivideEntry{m, Perft(&q, depth-1)}
	}
	return out
}

// PerftContext is Perft that stops when ctx is done: it checks ctx between subtrees of
// about a millisecond of work and then returns ctx.Err().
func PerftContext(ctx context.Context, p *Position, depth int) (uint64, error) {
	if depth <= perftChunk {
		return Perft(p, depth), nil
	}
	n, ok := perftStop(*p, depth, ctx.Done())
	if !ok {
		return n, ctx.Err()
	}
	return n, nil
}

// perftChunk is the depth of the subtrees counted without a look at ctx: about 10^5
// to 10^6 leaves, under a millisecond.
const perftChunk = 5

func perftStop(p Position, depth int, done <-chan struct{}) (uint64, bool) {
	if depth <= perftChunk {
		select {
		case <-done:
			return 0, false
		default:
		}
		return Perft(&p, depth), true
	}
	if p.status != Ongoing {
		return 0, true
	}
	var n uint64
	var buf [81]Move
	for _, m := range buf[:p.Moves(&buf)] {
		c, ok := perftStop(p.Play(m), depth-1, done)
		n += c
		if !ok {
			return n, false
		}
	}
	return n, true
}
