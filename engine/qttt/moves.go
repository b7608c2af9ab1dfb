package qttt

import (
	"context"
	"math/bits"
	"math/rand/v2"
)

// Move is a move as a pair of cells a <= b (a == b for the single-cell move), packed as
// a | b<<4.
type Move uint8

// NewMove returns the move a-b with its cells in ascending order.
func NewMove(a, b int) Move {
	if a > b {
		a, b = b, a
	}
	return Move(a | b<<4)
}

// Cells returns the move's two cells, a <= b.
func (m Move) Cells() (a, b int) { return int(m & 15), int(m >> 4) }

func (m Move) String() string { a, b := m.Cells(); return FormatMove(a, b) }

// Moves appends the legal moves of p to buf and returns it: every pair of open cells, or
// the single-cell move when exactly one cell is open; none when the game is over or a
// measurement is pending.
func (p *Position) Moves(buf []Move) []Move {
	if p.pend != 0 || p.Over() {
		return buf
	}
	open := p.Open()
	if open&(open-1) == 0 {
		c := bits.TrailingZeros16(open)
		return append(buf, NewMove(c, c))
	}
	for s := open; s != 0; s &= s - 1 {
		a := bits.TrailingZeros16(s)
		for t := s & (s - 1); t != 0; t &= t - 1 {
			buf = append(buf, Move(a|bits.TrailingZeros16(t)<<4))
		}
	}
	return buf
}

// branches returns the number of move sequences of length one from p: every move, with a
// cycle-closing move counted once per measurement choice.
func (p *Position) branches() uint64 {
	if p.pend != 0 || p.Over() {
		return 0
	}
	open := p.Open()
	n := bits.OnesCount16(open)
	if n == 1 {
		return 1
	}
	var size [NumCells]uint8
	for s := open; s != 0; s &= s - 1 {
		size[p.find(bits.TrailingZeros16(s))]++
	}
	total := n * (n - 1) / 2
	for _, k := range size {
		total += int(k) * (int(k) - 1) / 2 // pairs inside a component close a cycle: two choices
	}
	return uint64(total)
}

// Perft counts the move sequences of length depth from p, each measurement choice a
// separate branch; sequences that end the game early are not counted. It stops with
// ctx's error when ctx is cancelled.
func Perft(ctx context.Context, p *Position, depth int) (uint64, error) {
	pf := perfter{ctx: ctx}
	pf.stack[0] = *p
	n := pf.perft(0, depth)
	return n, pf.err
}

type perfter struct {
	ctx   context.Context
	err   error
	calls uint32
	stack [20]Position
}

func (pf *perfter) perft(ply, depth int) uint64 {
	p := &pf.stack[ply]
	if depth <= 1 {
		if depth == 0 {
			return 1
		}
		return p.branches()
	}
	if pf.calls++; pf.calls&0x3FF == 0 && pf.err == nil {
		pf.err = pf.ctx.Err()
	}
	if pf.err != nil {
		return 0
	}
	var buf [36]Move
	var n uint64
	c := &pf.stack[ply+1]
	for _, m := range p.Moves(buf[:0]) {
		a, b := m.Cells()
		*c = *p
		if !c.Play(a, b) {
			n += pf.perft(ply+1, depth-1)
			continue
		}
		d := *c
		c.Measure(a)
		n += pf.perft(ply+1, depth-1)
		if a != b {
			*c = d
			c.Measure(b)
			n += pf.perft(ply+1, depth-1)
		}
	}
	return n
}

// RandomGame plays a game of uniformly random legal moves (and random measurement
// choices) to its end, appends its record to buf and returns it with the final position.
func RandomGame(rng *rand.Rand, buf []byte) ([]byte, Position) {
	var p Position
	var mv [36]Move
	for {
		moves := p.Moves(mv[:0])
		if len(moves) == 0 {
			return buf, p
		}
		a, b := moves[rng.IntN(len(moves))].Cells()
		if p.n > 0 {
			buf = append(buf, ' ')
		}
		buf = append(buf, CellName(a), CellName(b))
		if p.Play(a, b) {
			ra, na, rb, nb := p.Choices()
			root, num := ra, na
			if rng.IntN(2) == 1 {
				root, num = rb, nb
			}
			buf = append(buf, ' ')
			if num >= 10 {
				buf = append(buf, byte('0'+num/10))
			}
			buf = append(buf, byte('0'+num%10))
			p.Measure(root)
		}
	}
}
