package uttt

import "math/bits"

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
	var n uint64
	open := ^p.closed & full9
	if p.forced >= 0 {
		open = 1 << uint(p.forced)
	}
	for ; open != 0; open &= open - 1 {
		b := bits.TrailingZeros16(open)
		base := Move(b * 9)
		free := ^(p.cells[0][b] | p.cells[1][b]) & full9
		if depth == 2 {
			for ; free != 0; free &= free - 1 {
				q := p.Play(base + Move(bits.TrailingZeros16(free)))
				n += uint64(q.CountMoves())
			}
			continue
		}
		for ; free != 0; free &= free - 1 {
			n += perft(p.Play(base+Move(bits.TrailingZeros16(free))), depth-1)
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
