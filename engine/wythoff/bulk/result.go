package bulk

import (
	"context"
	"fmt"
	"io"
	"math/big"
	"strconv"

	"github.com/boardlab/boardlab/engine/wythoff"
)

// Result is the answer for one input position, as values; it holds no pointer unless
// a pile is beyond 2^64-1.
type Result struct {
	Line int64  // the input line, from 1
	A, B uint64 // the piles (when Big is nil)
	// Cold is true when the player to move loses against perfect play; a position
	// with no move and not cold is misère's (0,0), which the player to move has won.
	Cold bool
	// Moves[:N] are the positions after a winning move: the first only, or every one
	// (at most three) with Answerer.All.
	Moves [3]wythoff.Position
	N     int
	// Big, when not nil, is the position and its moves instead, a pile being beyond
	// 2^64-1 (A, B, Moves and N are then zero).
	Big *BigResult
}

// BigResult is a position with a pile beyond 2^64-1 and its winning moves.
type BigResult struct {
	A, B  *big.Int
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
		r.A, r.B = p.small, q.small
		r.Moves, r.N = wythoff.Moves(p.small, q.small, m.misere)
		if !m.all && r.N > 1 {
			r.N, r.Moves[1], r.Moves[2] = 1, wythoff.Position{}, wythoff.Position{}
		}
		r.Cold = r.N == 0 && !(m.misere && p.small|q.small == 0)
		return r
	}
	big := &BigResult{A: new(big.Int).Set(p.toBig()), B: new(big.Int).Set(q.toBig())}
	big.Moves = wythoff.MovesBig(big.A, big.B, m.misere)
	if !m.all && len(big.Moves) > 1 {
		big.Moves = big.Moves[:1]
	}
	r.Cold, r.Big = len(big.Moves) == 0, big
	return r
}

// deliver hands a block's results and bad lines to yield and OnError in input order;
// base is the block's first line (0-based).
func (m *mover) deliver(blk *moveBlock, base int64, st *Stats, opt Options) error {
	errs := blk.errs
	for i := range blk.res {
		r := &blk.res[i]
		for len(errs) > 0 && errs[0].rel < r.Line {
			if err := m.fail(blk, base, errs[0], st, opt); err != nil {
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
		if err := m.fail(blk, base, e, st, opt); err != nil {
			return err
		}
	}
	return nil
}

// fail counts the bad line e of block blk, which starts at line base, and reports it.
func (m *mover) fail(blk *moveBlock, base int64, e blockErr, st *Stats, opt Options) error {
	st.Failed++
	if opt.OnError == nil {
		return nil
	}
	return opt.OnError(&InputError{Line: base + e.rel + 1, Byte: blk.off + int64(e.at), Err: e.err})
}

// AppendText appends r as Answer writes it: "C D" per winning move separated by "; ",
// "lose" or "win", and a newline.
func AppendText(dst []byte, r Result) []byte {
	if r.N == 0 && (r.Big == nil || len(r.Big.Moves) == 0) {
		if r.Cold {
			return append(dst, "lose\n"...)
		}
		return append(dst, "win\n"...)
	}
	if r.Big != nil {
		for i, mv := range r.Big.Moves {
			if i > 0 {
				dst = append(dst, "; "...)
			}
			dst = append(mv.X.Append(dst, 10), ' ')
			dst = mv.Y.Append(dst, 10)
		}
		return append(dst, '\n')
	}
	for i, mv := range r.Moves[:r.N] {
		if i > 0 {
			dst = append(dst, "; "...)
		}
		dst = append(strconv.AppendUint(dst, mv.X, 10), ' ')
		dst = strconv.AppendUint(dst, mv.Y, 10)
	}
	return append(dst, '\n')
}

// AppendJSON appends r as Answer writes it with JSON: {"position":[A,B],"cold":bool,
// "moves":[[C,D],...]} and a newline, a pile above 2^53-1 written as a string.
func AppendJSON(dst []byte, r Result) []byte {
	dst = append(dst, `{"position":[`...)
	if r.Big != nil {
		dst = append(appendJSONBig(dst, r.Big.A), ',')
		dst = appendJSONBig(dst, r.Big.B)
	} else {
		dst = append(appendJSONUint(dst, r.A), ',')
		dst = appendJSONUint(dst, r.B)
	}
	dst = append(dst, `],"cold":`...)
	dst = strconv.AppendBool(dst, r.Cold)
	dst = append(dst, `,"moves":[`...)
	if r.Big != nil {
		for i, mv := range r.Big.Moves {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(appendJSONBig(append(dst, '['), mv.X), ',')
			dst = append(appendJSONBig(dst, mv.Y), ']')
		}
	}
	for i, mv := range r.Moves[:r.N] {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(appendJSONUint(append(dst, '['), mv.X), ',')
		dst = append(appendJSONUint(dst, mv.Y), ']')
	}
	return append(dst, "]}\n"...)
}
