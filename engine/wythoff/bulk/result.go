package bulk

import (
	"context"
	"fmt"
	"io"
	"math/big"

	"github.com/boardlab/boardlab/engine/wythoff"
)

// Result is the answer for one input position, as values.
type Result struct {
	Line int64    // the input line, from 1
	A, B *big.Int // the piles
	// Cold is true when the player to move loses against perfect play; a position
	// with no move and not cold is misère's (0,0), which the player to move has won.
	Cold bool
	// Moves are the positions after a winning move: the first only, or every one
	// (at most three) with Answerer.All.
	Moves []wythoff.BigPosition
}

// Moves reads positions as Answer does and hands each answer to yield as a Result,
// in input order; bad lines go to Options.OnError in their place among the results.
// It runs on Options.Workers goroutines in bounded memory; JSON and Interactive do not
// apply. Moves stops at the first error yield or OnError returns, at a read error or
// a NUL byte (an *InputError), or when ctx is cancelled. The values are allocated for
// each position: Answer is the faster way to text.
func (a Answerer) Moves(ctx context.Context, in io.Reader, yield func(Result) error) (Stats, error) {
	if a.maxLine() < MinMaxLine {
		return Stats{}, fmt.Errorf("the line limit must be at least %d bytes, got %d", MinMaxLine, a.MaxLine)
	}
	if err := a.CheckMemory(); err != nil {
		return Stats{}, err
	}
	m := mover{all: a.All, misere: a.Misere, typed: true, yield: yield}
	return m.batchParallel(ctx, in, io.Discard, a.maxLine(), a.Options)
}

// result is the Result of the position (p, q) at block-relative line rel.
func (m *mover) result(rel int64, p, q *pile) Result {
	r := Result{Line: rel}
	if p.big == nil && q.big == nil {
		small, n := wythoff.Moves(p.small, q.small, m.misere)
		if !m.all && n > 1 {
			n = 1
		}
		r.A, r.B = new(big.Int).SetUint64(p.small), new(big.Int).SetUint64(q.small)
		r.Cold = n == 0 && !(m.misere && p.small|q.small == 0)
		if n > 0 {
			r.Moves = make([]wythoff.BigPosition, n)
			for i, mv := range small[:n] {
				r.Moves[i] = wythoff.BigPosition{X: new(big.Int).SetUint64(mv.X), Y: new(big.Int).SetUint64(mv.Y)}
			}
		}
		return r
	}
	r.A, r.B = new(big.Int).Set(p.toBig()), new(big.Int).Set(q.toBig())
	r.Moves = wythoff.MovesBig(r.A, r.B, m.misere)
	if !m.all && len(r.Moves) > 1 {
		r.Moves = r.Moves[:1]
	}
	r.Cold = len(r.Moves) == 0
	return r
}

// deliver hands a block's results and bad lines to yield and OnError in input order;
// base is the block's first line (0-based).
func (m *mover) deliver(blk *moveBlock, base int64, st *Stats, opt Options) error {
	errs := blk.errs
	for i := range blk.res {
		r := &blk.res[i]
		for len(errs) > 0 && errs[0].rel < r.Line {
			if err := m.fail(base, errs[0], st, opt); err != nil {
				return err
			}
			errs = errs[1:]
		}
		r.Line += base + 1
		if err := m.yield(*r); err != nil {
			return err
		}
		*r = Result{}
	}
	for _, e := range errs {
		if err := m.fail(base, e, st, opt); err != nil {
			return err
		}
	}
	return nil
}

// fail counts the bad line e of a block starting at line base and reports it.
func (m *mover) fail(base int64, e blockErr, st *Stats, opt Options) error {
	st.Failed++
	if opt.OnError == nil {
		return nil
	}
	return opt.OnError(&InputError{Line: base + e.rel + 1, Err: e.err})
}

// AppendText appends r as Answer writes it: "C D" per winning move separated by "; ",
// "lose" or "win", and a newline.
func AppendText(dst []byte, r Result) []byte {
	if len(r.Moves) == 0 {
		if r.Cold {
			return append(dst, "lose\n"...)
		}
		return append(dst, "win\n"...)
	}
	for i, mv := range r.Moves {
		if i > 0 {
			dst = append(dst, "; "...)
		}
		dst = append(mv.X.Append(dst, 10), ' ')
		dst = mv.Y.Append(dst, 10)
	}
	return append(dst, '\n')
}

// AppendJSON appends r as Answer writes it with JSON: {"position":[A,B],"cold":bool,
// "moves":[[C,D],...]} and a newline, a pile above 2^53-1 written as a string.
func AppendJSON(dst []byte, r Result) []byte {
	dst = append(dst, `{"position":[`...)
	dst = append(appendJSONBig(dst, r.A), ',')
	dst = appendJSONBig(dst, r.B)
	dst = append(dst, `],"cold":`...)
	if r.Cold {
		dst = append(dst, "true"...)
	} else {
		dst = append(dst, "false"...)
	}
	dst = append(dst, `,"moves":[`...)
	for i, mv := range r.Moves {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(appendJSONBig(append(dst, '['), mv.X), ',')
		dst = append(appendJSONBig(dst, mv.Y), ']')
	}
	return append(dst, "]}\n"...)
}
