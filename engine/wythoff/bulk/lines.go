// Package bulk answers Wythoff's Nim positions given as text, one "A B" line each,
// with a winning move or "lose", in input order on several cores and in bounded
// memory; the common lines take a SWAR (and, where the CPU has it, AVX-512) fast path.
package bulk

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"

	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/fileio/textin"
	"github.com/boardlab/boardlab/internal/memlimit"
	"github.com/boardlab/boardlab/shard"
)

// DefaultMaxLine is the longest line Answer holds when Answerer.MaxLine is 0.
const DefaultMaxLine = 1 << 20

// MinMaxLine is the smallest MaxLine Answer accepts.
const MinMaxLine = 64

// Answerer says how to answer positions: which moves, in which form, on how many cores.
type Answerer struct {
	All    bool // every winning move (at most three), not just one
	Misere bool // misère play: whoever takes the last counter loses
	JSON   bool // one JSON object per position instead of text

	// MaxLine is the longest line held (0: DefaultMaxLine); a longer line is reported
	// as bad and skipped in constant memory.
	MaxLine int
	// Workers is the number of goroutines answering (0 or less: GOMAXPROCS).
	Workers int
	// Shard, when enabled, answers only the lines i (0-based) it owns, each answer
	// prefixed by i and a tab, after a shard.WriteLinesHeader line.
	Shard shard.Shard
	// Interactive answers each line as soon as it is read and flushes out when it has
	// a Flush() error method: for lines typed by hand.
	Interactive bool
	// Bad, when not nil, receives every bad line's *LineError in input order.
	Bad func(err *LineError)

	plain bool // the line-by-line path even for a stream (the tests' reference)
}

// Stats counts the lines of a stream.
type Stats struct {
	Lines int64 // lines read
	Bad   int64 // lines reported to Bad
}

// LineError is a bad input line (Line counts from 1), or a read error in that line.
type LineError struct {
	Line int64
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }
func (e *LineError) Unwrap() error { return e.Err }

// LongLineError is a line longer than the limit: its length and first bytes.
type LongLineError struct {
	Length, Max int64
	Prefix      []byte
}

func (e *LongLineError) Error() string {
	return fmt.Sprintf("line of %d bytes is longer than the limit of %d bytes (starts %s...)", e.Length, e.Max, strconv.Quote(string(e.Prefix)))
}

func (a Answerer) maxLine() int {
	if a.MaxLine == 0 {
		return DefaultMaxLine
	}
	return a.MaxLine
}

func (a Answerer) workers() int {
	if a.Workers <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return a.Workers
}

// Memory is the most memory Answer's buffers may take: 2*Workers+2 blocks, each able
// to grow to hold a line of MaxLine bytes and its answer.
func (a Answerer) Memory() int64 {
	w := int64(a.workers())
	block := 2 * (int64(max(blockBytes, a.maxLine())) + 4096 + fastSlack)
	if block > (math.MaxInt64-w*(16<<10))/(2*w+2) {
		return math.MaxInt64
	}
	return (2*w+2)*block + w*(16<<10) // and each worker's stack and scratch
}

// CheckMemory returns an error wrapping memlimit's when Memory is more than half of
// what this process may use; Answer checks it before allocating.
func (a Answerer) CheckMemory() error {
	return memlimit.CheckAlloc(fmt.Sprintf("answering on %d workers with lines up to %d bytes", a.workers(), a.maxLine()), a.Memory(), 0.5)
}

func (a Answerer) mover() mover {
	return mover{all: a.All, misere: a.Misere, json: a.JSON, interactive: a.Interactive}
}

// Answer reads positions "A B" (also "A,B", "(A,B)" or "[A, B]"; blank lines and lines
// starting with # are skipped; a leading UTF-8 byte order mark is dropped) from in, one
// a line, and writes one answer a line to out in input order: the position after a
// winning move ("C D"; with All every winning move separated by "; "), "lose" when the
// player to move loses, or "win" when the game is over and the player to move has won
// (misère (0,0)). A bad line goes to Bad and the others are still answered. Answer
// stops at a NUL byte (a *textin.BinaryError in a *LineError), a read or write error, or when
// ctx is cancelled.
func (a Answerer) Answer(ctx context.Context, in io.Reader, out io.Writer) (Stats, error) {
	if a.maxLine() < MinMaxLine {
		return Stats{}, fmt.Errorf("the line limit must be at least %d bytes, got %d", MinMaxLine, a.MaxLine)
	}
	if err := a.CheckMemory(); err != nil {
		return Stats{}, err
	}
	m := a.mover()
	if a.Interactive || a.plain {
		return m.batch(ctx, in, out, a.maxLine(), a.Shard, a.Bad)
	}
	return m.batchParallel(ctx, in, out, a.maxLine(), a.Shard, a.workers(), a.Bad)
}

// Position appends the answer for the piles x and y (non-negative decimal integers of
// any size): one winning move a line (every one with All), "lose", "win", or the JSON
// object. The error names the pile that is not a number.
func (a Answerer) Position(dst []byte, x, y string) ([]byte, error) {
	var p, q pile
	if err := p.parse([]byte(x)); err != nil {
		return dst, fmt.Errorf("pile A: %v", err)
	}
	if err := q.parse([]byte(y)); err != nil {
		return dst, fmt.Errorf("pile B: %v", err)
	}
	m := a.mover()
	m.single = true
	return m.answer(dst, &p, &q), nil
}

// batch is Answer line by line: the path a terminal gets, and the tests' reference.
func (m *mover) batch(ctx context.Context, in io.Reader, out io.Writer, maxLine int, sh shard.Shard, bad func(*LineError)) (Stats, error) {
	var st Stats
	if sh.Enabled() {
		if err := shard.WriteLinesHeader(out, sh); err != nil {
			return st, err
		}
	}
	lr := fileio.NewLineReader(textin.NewReader(fileio.NewContextReader(ctx, in), "positions"), maxLine)
	var a, b pile
	buf := make([]byte, 0, 64<<10)
	report := func(e *LineError) {
		st.Bad++
		if bad != nil {
			bad(e)
		}
	}
	for i := int64(0); ; i++ {
		if i&4095 == 0 && ctx.Err() != nil {
			out.Write(buf)
			return st, ctx.Err()
		}
		line, _, length, ok := lr.Next()
		if err := lr.Err(); err != nil {
			// a line cut by a read error is not answered
			out.Write(buf)
			if ctx.Err() != nil {
				return st, ctx.Err()
			}
			return st, &LineError{i + 1, err}
		}
		if !ok {
			break
		}
		st.Lines++
		if !sh.Owns(i) {
			continue
		}
		if length > int64(len(line)) {
			report(&LineError{i + 1, &LongLineError{length, int64(maxLine), bytes.Clone(line[:min(len(line), 40)])}})
			continue
		}
		var err error
		if buf, err = m.line(buf, line, i, sh, &a, &b); err != nil {
			report(&LineError{i + 1, err})
		}
		if m.interactive {
			if _, err := out.Write(buf); err != nil {
				return st, err
			}
			buf = buf[:0]
			if f, ok := out.(interface{ Flush() error }); ok {
				if err := f.Flush(); err != nil {
					return st, err
				}
			}
		}
		if len(buf) >= 60<<10 {
			if _, err := out.Write(buf); err != nil {
				return st, err
			}
			buf = buf[:0]
		}
	}
	_, err := out.Write(buf)
	return st, err
}

// line answers input line i (0-based), appending the answer to buf, or returns why the
// line is bad. a and b are scratch piles.
func (m *mover) line(buf, line []byte, i int64, sh shard.Shard, a, b *pile) ([]byte, error) {
	if x, y, sp, ok := fastLine(line); ok {
		a.small, a.big, a.digits = x, nil, canonical(line[:sp])
		b.small, b.big, b.digits = y, nil, canonical(line[sp+1:])
	} else if text := bytes.TrimSpace(line); len(text) == 0 || text[0] == '#' {
		return buf, nil
	} else if err := parseLine(text, a, b); err != nil {
		return buf, err
	}
	if sh.Enabled() {
		buf = shard.AppendLineIndex(buf, i)
	}
	return m.answer(buf, a, b), nil
}
