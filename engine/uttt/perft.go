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
	return perft(p, depth)
}

func perft(p *Position, depth int) uint64 {
	if p.status != Ongoing {
		return 0
	}
	var n uint64
	if p.forced >= 0 {
		return perftBoard(p, int(p.forced), depth)
	}
	for open := ^p.closed & full9; open != 0; open &= open - 1 {
		n += perftBoard(p, bits.TrailingZeros16(open), depth)
	}
	return n
}

// perftBoard counts the sequences starting with a move in board b.
func perftBoard(p *Position, b, depth int) uint64 {
	var n uint64
	base := Move(b * 9)
	free := ^(p.cells[0][b] | p.cells[1][b]) & full9
	if depth == 2 {
		for ; free != 0; free &= free - 1 {
			q := p.Play(base + Move(bits.TrailingZeros16(free)))
			n += uint64(q.CountMoves())
		}
		return n
	}
	for ; free != 0; free &= free - 1 {
		q := p.Play(base + Move(bits.TrailingZeros16(free)))
		n += perft(&q, depth-1)
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
