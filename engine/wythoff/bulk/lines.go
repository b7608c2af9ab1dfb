// Package bulk answers Wythoff's Nim positions given as text, one "A B" line each,
// with a winning move or "lose", in input order on several cores and in bounded
// memory; the common lines take a SWAR (and, where the CPU has it, AVX-512) fast path.
//
// It follows the bulk contract shared with the other games' bulk packages: a job
// takes its input as a value (here an io.Reader) and an Options (Workers, Shard,
// Progress, OnError), hands each result as a typed value to a callback in input order
// (Answerer.Moves gives a Result), reports each bad line as an *InputError to
// Options.OnError in its place among the results, and returns a Stats (Inputs,
// Records, Failed). Rendering is separate: AppendText and AppendJSON write a Result as
// the command does, and Answerer.Answer is the fast path that writes the text
// directly.
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
	"github.com/boardlab/boardlab/internal/plural"
	"github.com/boardlab/boardlab/shard"
)

// DefaultMaxLine is the longest line Answer holds when Answerer.MaxLine is 0.
const DefaultMaxLine = 1 << 20

// MinMaxLine is the smallest MaxLine Answer accepts.
const MinMaxLine = 64

// Options say how a bulk job runs; the same fields, with the same meaning, in every
// game's bulk package.
type Options struct {
	// Workers is the number of goroutines answering (0 or less: GOMAXPROCS).
	Workers int
	// Shard, when enabled, answers only the lines i (0-based) it owns; the text path
	// prefixes each answer with i and a tab, after a shard.WriteLinesHeader line.
	Shard shard.Shard
	// Progress, when not nil, is called with the counts so far, in the goroutine that
	// delivers the results, after each batch of them.
	Progress func(Stats)
	// OnError, when not nil, receives each bad line, an *InputError, in input order
	// among the results; it returns nil to go on, or an error that stops the job and is
	// returned by it. A nil OnError goes on.
	OnError func(error) error
}

// Answerer says how to answer positions as text: which moves, in which form, and how
// the job runs. It is the fast path that writes answers directly; Move returns them
// as values.
type Answerer struct {
	All    bool // every winning move (at most three), not just one
	Misere bool // misère play: whoever takes the last counter loses
	JSON   bool // one JSON object per position instead of text

	// MaxLine is the longest line held (0: DefaultMaxLine); a longer line is reported
	// as bad and skipped in constant memory.
	MaxLine int
	// Interactive answers each line as soon as it is read and flushes out when it has
	// a Flush() error method: for lines typed by hand.
	Interactive bool
	// Options are the workers, shard, progress and error handling.
	Options Options

	plain bool // the line-by-line path even for a stream (the tests' reference)
}

// Stats count what a bulk job read and found; the same fields in every game's bulk
// package.
type Stats struct {
	Inputs  int64 // inputs read (a stream is one)
	Records int64 // records read: here input lines, blank, comment and bad lines included
	Failed  int64 // bad records, each given to OnError
}

// InputError is a bad record of an input, or a read error in it: the input's Name
// (empty for the reader Answer and Move read), the Line (from 1), the Byte offset of
// the line and why. Byte is the offset of the line's first byte in its input, from 0
// (a byte order mark counts; for stdin, from the first byte read from it), the same
// with a shard or several workers as without: never in a shard's part or a worker's
// block. It is 0 for a read error.
// It is fileio.InputError, the one error type of every game's bulk jobs.
type InputError = fileio.InputError

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

func (a Answerer) workers() int { return a.Options.workers() }

func (o Options) workers() int {
	if o.Workers <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return o.Workers
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
	return memlimit.CheckAlloc(fmt.Sprintf("answering on %s with lines up to %d bytes", plural.Of(a.workers(), "worker"), a.maxLine()), a.Memory(), 0.5)
}

func (a Answerer) mover() mover {
	return mover{all: a.All, misere: a.Misere, json: a.JSON, interactive: a.Interactive}
}

// Answer reads positions "A B" (also "A,B", "(A,B)" or "[A, B]"; blank lines and lines
// starting with # are skipped; a leading UTF-8 byte order mark is dropped) from in, one
// a line, and writes one answer a line to out in input order: the position after a
// winning move ("C D"; with All every winning move separated by "; "), "lose" when the
// player to move loses, or "win" when the game is over and the player to move has won
// (misère (0,0)). A bad line goes to Options.OnError and the others are still answered.
// Answer stops at a NUL byte (a *textin.BinaryError in an *InputError), a read or write
// error, an error returned by OnError, or when ctx is cancelled.
func (a Answerer) Answer(ctx context.Context, in io.Reader, out io.Writer) (Stats, error) {
	if a.maxLine() < MinMaxLine {
		return Stats{}, fmt.Errorf("the line limit must be at least %d bytes, got %d", MinMaxLine, a.MaxLine)
	}
	if err := a.CheckMemory(); err != nil {
		return Stats{}, err
	}
	m := a.mover()
	if a.Interactive || a.plain {
		return m.batch(ctx, in, out, a.maxLine(), a.Options)
	}
	return m.batchParallel(ctx, in, out, a.maxLine(), a.Options)
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
func (m *mover) batch(ctx context.Context, in io.Reader, out io.Writer, maxLine int, opt Options) (Stats, error) {
	st := Stats{Inputs: 1}
	sh := opt.Shard
	if sh.Enabled() {
		if err := shard.WriteLinesHeader(out, sh); err != nil {
			return st, err
		}
	}
	tr := textin.NewReader(fileio.NewContextReader(ctx, in), "positions")
	lr := fileio.NewLineReader(tr, maxLine)
	var a, b pile
	buf := make([]byte, 0, 64<<10)
	report := func(e *InputError) error {
		st.Failed++
		if opt.OnError == nil {
			return nil
		}
		return opt.OnError(e)
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
			return st, &InputError{Line: i + 1, Err: err}
		}
		if !ok {
			break
		}
		st.Records++
		if !sh.Owns(i) {
			continue
		}
		var err error
		if length > int64(len(line)) {
			err = &LongLineError{length, int64(maxLine), bytes.Clone(line[:min(len(line), 40)])}
		} else {
			buf, err = m.line(buf, line, i, sh, &a, &b)
		}
		if err != nil {
			if err := report(&InputError{Line: i + 1, Byte: textin.Dropped(tr) + lr.Offset(), Err: err}); err != nil {
				out.Write(buf)
				return st, err
			}
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
			if opt.Progress != nil {
				opt.Progress(st)
			}
		}
	}
	_, err := out.Write(buf)
	return st, err
}

// line answers input line i (0-based), appending the answer to buf, or returns why the
// line is bad. a and b are scratch piles.
func (m *mover) line(buf, line []byte, i int64, sh shard.Shard, a, b *pile) ([]byte, error) {
	if ok, err := readPiles(line, a, b); !ok {
		return buf, err
	}
	if sh.Enabled() {
		buf = shard.AppendLineIndex(buf, i)
	}
	return m.answer(buf, a, b), nil
}

// readPiles reads a position line into a and b; ok is false for a blank or comment
// line and for a bad one, whose error is returned.
func readPiles(line []byte, a, b *pile) (ok bool, err error) {
	if x, y, sp, ok := fastLine(line); ok {
		a.small, a.big, a.digits = x, nil, canonical(line[:sp])
		b.small, b.big, b.digits = y, nil, canonical(line[sp+1:])
	} else if text := bytes.TrimSpace(line); len(text) == 0 || text[0] == '#' {
		return false, nil
	} else if err := parseLine(text, a, b); err != nil {
		return false, err
	}
	return true, nil
}
