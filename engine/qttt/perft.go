package qttt

import (
	"context"
	"math/bits"
)

// Perft counts depend only on which cells hold classical X and O marks and on the set
// of quantum marks with their owners: legal moves, cycles, measurements and the end of
// the game never look at mark numbers or their order. PerftHash shares counts between
// positions that agree on these (and between symmetric ones).

// pairBit[s][a*9+b] is the bit of the pair {σa, σb} among the 36 pairs under symmetry s.
var pairBit [8][NumCells * NumCells]uint64

type perftEntry struct {
	w0, w1 uint64 // w0: X cells, O cells, depth, X pairs; w1: O pairs | 1<<63
	count  uint64
}

// PerftHasher counts like Perft with a table of counts keyed by the order-free canonical
// form of positions. It is not safe for concurrent use.
type PerftHasher struct {
	tt    []perftEntry
	mask  uint64
	stack [20]Position
	ctx   context.Context
	err   error
	calls uint32
}

// NewPerftHasher returns a hasher with 2^bits table entries of 24 bytes.
func NewPerftHasher(ttBits int) *PerftHasher {
	return &PerftHasher{tt: make([]perftEntry, 1<<ttBits), mask: 1<<ttBits - 1}
}

// Perft returns the same count as the package's Perft.
func (h *PerftHasher) Perft(ctx context.Context, p *Position, depth int) (uint64, error) {
	h.ctx, h.err = ctx, nil
	if depth == 0 {
		return 1, nil
	}
	h.stack[0] = *p
	n := h.perft(0, depth)
	return n, h.err
}

func (h *PerftHasher) perft(ply, depth int) uint64 {
	p := &h.stack[ply]
	if depth == 1 {
		return p.branches()
	}
	if h.calls++; h.calls&0x3FF == 0 && h.err == nil {
		h.err = h.ctx.Err()
	}
	if h.err != nil || p.Over() {
		return 0
	}
	w0, w1 := perftKey(p, depth)
	e := &h.tt[(w1^w0*0x9E3779B97F4A7C15)*0xBF58476D1CE4E5B9>>20&h.mask]
	if e.w0 == w0 && e.w1 == w1 {
		return e.count
	}
	var buf [36]Move
	var n uint64
	c := &h.stack[ply+1]
	for _, m := range p.Moves(buf[:0]) {
		a, b := m.Cells()
		*c = *p
		if !c.Play(a, b) {
			n += h.perft(ply+1, depth-1)
			continue
		}
		d := *c
		c.Measure(a)
		n += h.perft(ply+1, depth-1)
		if a != b {
			*c = d
			c.Measure(b)
			n += h.perft(ply+1, depth-1)
		}
	}
	if h.err == nil {
		*e = perftEntry{w0, w1, n}
	}
	return n
}

// perftKey is the smallest over the eight symmetries of (classical cells, X pairs,
// O pairs) with the depth.
func perftKey(p *Position, depth int) (uint64, uint64) {
	symOnce.Do(initSym)
	var best0, best1 uint64
	for s := 0; s < 8; s++ {
		var xp, op uint64
		for q := p.quant; q != 0; q &= q - 1 {
			k := bits.TrailingZeros16(q)
			bit := pairBit[s][int(p.ea[k])*NumCells+int(p.eb[k])]
			if k&1 == 1 {
				xp |= bit
			} else {
				op |= bit
			}
		}
		w0 := uint64(symBoard[s][p.xs]) | uint64(symBoard[s][p.os])<<9 | uint64(depth)<<18 | xp<<22
		w1 := op | 1<<63
		if s == 0 || w0 < best0 || w0 == best0 && w1 < best1 {
			best0, best1 = w0, w1
		}
	}
	return best0, best1
}

// Divide counts the move sequences of length d from p below each first move and each
// measurement choice with count (Perft, or a PerftHasher's Perft), calls each(m, mark, n)
// for them in move order (mark 0 for a move that closes no cycle, else the measurement
// number chosen) and returns their sum. progress, when not nil, is called with the first
// moves done and their number before each first move. Divide stops with count's error.
func Divide(ctx context.Context, count func(context.Context, *Position, int) (uint64, error), p *Position, d int,
	each func(m Move, mark int, n uint64), progress func(done, total int)) (uint64, error) {
	var total uint64
	if d == 0 {
		return 1, ctx.Err()
	}
	moves := p.Moves(nil)
	for i, m := range moves {
		if progress != nil {
			progress(i, len(moves))
		}
		a, b := m.Cells()
		c := *p
		if !c.Play(a, b) {
			n, err := count(ctx, &c, d-1)
			if err != nil {
				return total, err
			}
			if each != nil {
				each(m, 0, n)
			}
			total += n
			continue
		}
		ra, na, rb, nb := c.Choices()
		for i, root := range []int{ra, rb} {
			if i == 1 && ra == rb {
				break
			}
			num := []int{na, nb}[i]
			e := c
			e.Measure(root)
			n, err := count(ctx, &e, d-1)
			if err != nil {
				return total, err
			}
			if each != nil {
				each(m, num, n)
			}
			total += n
		}
	}
	return total, nil
}
