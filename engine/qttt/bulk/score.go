// Package bulk scores quantum tic-tac-toe game records and plays random games in bulk,
// on several workers, with the output in input order and memory bounded.
//
// It follows the bulk contract shared with the other games' bulk packages: a job
// takes its inputs as values (here fileio.Inputs, and the reader an input "-" reads)
// and an Options (Workers, Shard, Progress, OnError), hands each
// result as a typed value to a callback in input order (Score gives a Result),
// reports each bad line or unreadable input as an *InputError to Options.OnError in
// its place among the results, and returns a Stats (Inputs, Records, Failed).
// Rendering is separate: AppendText and AppendJSON write a Result as the command
// does, and WriteScores is the fast path that writes the text directly.
package bulk

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"os"
	"runtime"

	"github.com/boardlab/boardlab/engine/qttt"
	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/fileio/textin"
	"github.com/boardlab/boardlab/pipeline"
	"github.com/boardlab/boardlab/shard"
)

// MaxLine is the longest line Score scores, in bytes without its newline; a longer line
// is reported by its number and length and skipped.
const MaxLine = 1<<16 - 1

// chunkBytes is the amount of input handed to a worker at once.
const chunkBytes = 1 << 16

// Options say how a bulk job runs; the same fields, with the same meaning, in every
// game's bulk package.
type Options struct {
	// Workers is the number of goroutines: 0 means one per CPU, and more than four per
	// CPU count as four per CPU.
	Workers int
	// Shard, when enabled, scores only the lines it owns (Random: plays nothing of
	// itself; the caller gives the range). WriteScores then writes the line-stream form
	// that shard.Merge puts back together: a header, then each result prefixed with its
	// input line number.
	Shard shard.Shard
	// Progress, when not nil, is called with the counts so far, in the goroutine that
	// delivers the results, after each batch of them.
	Progress func(Stats)
	// OnError, when not nil, receives each bad line or unreadable input (an
	// *InputError) in input order, in its place among the results (for WriteScores,
	// once the output before it has been written and, when the writer has a Flush()
	// error method, flushed). It returns nil to go on, or an error that stops the job
	// and is returned by it. A nil OnError goes on.
	OnError func(error) error
}

// Stats count what a bulk job read and did; the same fields in every game's bulk
// package.
type Stats struct {
	Inputs  int64 // inputs opened (Random: none)
	Records int64 // records scored and delivered (Random: games played)
	Failed  int64 // bad lines and unreadable inputs, each given to OnError
}

// InputError is a bad line of an input (Line from 1) or an input that could not be
// read to its end (Line 0): the input's Name, the Line, the Byte offset of the line and
// why. Byte is the offset of the line's first byte in its input, from 0 (a byte order
// mark counts; for stdin, from the first byte read from it), the same with a shard or
// several workers as without: never in a shard's part or a worker's chunk. It is 0 for
// the input itself.
// It is fileio.InputError, the one error type of every game's bulk jobs.
type InputError = fileio.InputError

// WriteScores scores every record of the inputs (as fileio.Expand makes them from
// FILE, DIR walked in sorted order, or "-", which reads stdin) one per line and writes "X O" (or with
// asJSON a JSONRecord object) per record to w in input order: the fast path to the
// text that Score's Results render to. Blank lines are skipped; a line may carry the
// expected score after a tab, and a different score is an error. Bad lines are counted
// and reported through opt.OnError; the others are still scored. A NUL byte ends its
// input with an error (text records never hold one) and a leading UTF-8 byte order mark
// is skipped. WriteScores returns ctx.Err() when ctx is cancelled, after writing the
// records scored before, the first error writing to w, or the error OnError returns.
func WriteScores(ctx context.Context, inputs []fileio.Input, stdin io.Reader, w io.Writer, asJSON bool, opt Options) (Stats, error) {
	if opt.Shard.Enabled() {
		if err := shard.WriteLinesHeader(w, opt.Shard); err != nil {
			return Stats{}, err
		}
	}
	flusher, _ := w.(interface{ Flush() error })
	return run(ctx, inputs, stdin, opt, scoreWorker{json: asJSON, sharded: opt.Shard.Enabled()}, func(c *chunk, st *Stats) error {
		prev := 0
		for i := range c.errs {
			e := &c.errs[i]
			if _, err := w.Write(c.out[prev:e.off]); err != nil {
				return err
			}
			prev = e.off
			if flusher != nil && opt.OnError != nil {
				if err := flusher.Flush(); err != nil {
					return err
				}
			}
			if err := fail(e, st, opt); err != nil {
				return err
			}
		}
		if _, err := w.Write(c.out[prev:]); err != nil {
			return err
		}
		if c.wait && flusher != nil { // the input is slow: show what is done
			return flusher.Flush()
		}
		return nil
	})
}

// Score scores the records of the inputs as WriteScores does and hands each to yield
// as a Result, in input order, with the bad lines and unreadable inputs given to
// opt.OnError in their place. It stops at the first error yield or OnError returns,
// or when ctx is cancelled (returning ctx.Err()).
func Score(ctx context.Context, inputs []fileio.Input, stdin io.Reader, opt Options, yield func(Result) error) (Stats, error) {
	return run(ctx, inputs, stdin, opt, scoreWorker{typed: true}, func(c *chunk, st *Stats) error {
		prev := 0
		for i := range c.errs {
			e := &c.errs[i]
			for _, r := range c.res[prev:e.off] {
				if err := yield(r); err != nil {
					return err
				}
			}
			prev = e.off
			if err := fail(e, st, opt); err != nil {
				return err
			}
		}
		for _, r := range c.res[prev:] {
			if err := yield(r); err != nil {
				return err
			}
		}
		return nil
	})
}

// fail counts the failed line or input e and reports it to OnError.
func fail(e *lineErr, st *Stats, opt Options) error {
	st.Failed++
	if opt.OnError == nil {
		return nil
	}
	return opt.OnError(&e.err)
}

// run reads the inputs into chunks, scores them with copies of proto on the workers
// and hands them to deliver in input order.
func run(ctx context.Context, inputs []fileio.Input, stdin io.Reader, opt Options, proto scoreWorker, deliver func(*chunk, *Stats) error) (Stats, error) {
	var st Stats
	s := pipeline.Stream[chunk]{
		Workers: Workers(opt.Workers),
		New:     func() *chunk { return &chunk{data: make([]byte, 0, chunkBytes+MaxLine+2)} },
		Produce: func(ctx context.Context, take func() *chunk, send func(*chunk) bool) error {
			return readChunks(ctx, inputs, stdin, opt.Shard, take, send)
		},
		Consume: func(c *chunk) error {
			if c.line == 1 {
				st.Inputs++
			}
			if err := deliver(c, &st); err != nil {
				return err
			}
			st.Records += c.records
			if opt.Progress != nil {
				opt.Progress(st)
			}
			return nil
		},
	}
	workers := make([]scoreWorker, s.Workers)
	for i := range workers {
		workers[i] = proto
	}
	s.Work = func(i int, c *chunk) { workers[i].score(c) }
	err := s.Run(ctx)
	return st, err
}

// Workers returns the workers to run for a requested n: one per CPU for n <= 0, and
// never more than four per CPU (the work is CPU-bound; more would only cost memory).
func Workers(n int) int {
	cpus := runtime.GOMAXPROCS(0)
	if n <= 0 {
		return cpus
	}
	return min(n, 4*cpus)
}

// chunk is a run of whole lines of one input, scored by one worker. The reader fills
// the input side, a worker the output side; chunks are recycled, so a long run does
// not allocate per line.
type chunk struct {
	file   string
	line   int64 // 1-based line number of the first line in file
	global int64 // 0-based index of the first line over all inputs
	off    int64 // offset in file of the first line's first byte
	data   []byte
	long   []longLine // lines too long to score, replaced by empty lines in data
	at     []lineAt   // where a line does not start right after the one before in data
	ioErr  error      // an error about the input itself, reported after data's lines
	wait   bool       // sent because the next read may wait on the input

	out     []byte
	res     []Result  // or, for Score, the results as values
	errs    []lineErr // failures to report after out[:off] (res[:off] for Score)
	records int64
}

type longLine struct {
	line   int64
	size   int64
	prefix []byte
}

// lineAt says line starts at offset off of its input: kept for the lines whose start
// does not follow from data (after a "\r\n", a long line or a line of another shard).
type lineAt struct {
	line int64
	off  int64
}

type lineErr struct {
	off int
	err InputError
}

// readChunks reads the inputs line by line into chunks and sends them in input order.
// Lines another shard owns are kept as empty lines so that line numbers stay right.
func readChunks(ctx context.Context, inputs []fileio.Input, stdin io.Reader, sh shard.Shard, take func() *chunk, send func(*chunk) bool) error {
	var c *chunk
	get := func(file string, line, global int64) bool {
		if c = take(); c == nil {
			return false
		}
		c.file, c.line, c.global = file, line, global
		c.data, c.long, c.at, c.ioErr, c.wait = c.data[:0], c.long[:0], c.at[:0], nil, false
		c.out, c.res, c.errs, c.records = c.out[:0], c.res[:0], c.errs[:0], 0
		return true
	}
	inputFail := func(name string, global int64, err error) bool {
		if !get(name, 0, global) {
			return false
		}
		c.ioErr = err
		return send(c)
	}
	if _, isFile := stdin.(*os.File); !isFile && stdin != nil {
		// Open stops a blocked read of a file; any other reader is pumped, so that a
		// cancellation is answered even while its Read blocks.
		stdin = fileio.NewPumpReader(ctx, stdin)
	}
	var global int64
	for _, in := range inputs {
		if ctx.Err() != nil {
			return nil
		}
		name := in.Name()
		r, err := in.Open(ctx, stdin) // an input Expand could not make fails here
		if err != nil {
			if !inputFail(name, global, fileio.Cause(err)) {
				return nil
			}
			continue
		}
		ok := readInput(ctx, name, r, sh, &global, &c, get, send)
		r.Close()
		if !ok {
			return nil
		}
	}
	return nil
}

// isBinary reports whether err is a *textin.BinaryError.
func isBinary(err error) bool {
	var be *textin.BinaryError
	return errors.As(err, &be)
}

// readInput reads one input into chunks; it returns false once the run is stopping.
func readInput(ctx context.Context, name string, r io.Reader, sh shard.Shard, global *int64, cp **chunk,
	get func(string, int64, int64) bool, send func(*chunk) bool) bool {
	// The text reader drops a byte order mark and stops at a NUL byte: text never holds
	// one, and an endless device such as /dev/zero then stops at once.
	tr := textin.NewReader(r, "game records")
	lr := fileio.NewLineReader(tr, MaxLine)
	if !get(name, 1, *global) {
		return false
	}
	c := *cp
	var bom, next int64 // next: where the next line starts if it follows from c.data
	for {
		s, line, length, ok := lr.Next()
		err := lr.Err()
		if err != nil && ok && isBinary(err) {
			ok = false // the line holding the NUL byte is no record
		}
		if line == 1 {
			bom = textin.Dropped(tr)
			c.off, next = bom, bom
		}
		if ok {
			if off := bom + lr.Offset(); off != next {
				c.at = append(c.at, lineAt{line, off})
				next = off
			}
			n := len(c.data)
			switch {
			case !sh.Owns(*global):
				c.data = append(c.data, '\n')
			case length > int64(len(s)):
				c.long = append(c.long, longLine{line: line, size: length, prefix: bytes.Clone(s[:min(len(s), 40)])})
				c.data = append(c.data, '\n')
			default:
				c.data = append(append(c.data, s...), '\n')
			}
			next += int64(len(c.data) - n)
			*global++
		}
		if err != nil {
			c.ioErr = fileio.Cause(err)
		}
		end := !ok || err != nil
		// Hand the chunk over when it is full, and when the next read would wait, so
		// that a slow stream is answered line by line.
		if end || len(c.data) >= chunkBytes || len(c.long) >= 64 || (lr.Buffered() == 0 && len(c.data) > 0) {
			c.wait = lr.Buffered() == 0
			if !send(c) {
				return false
			}
			if end || ctx.Err() != nil {
				return ctx.Err() == nil
			}
			if !get(name, line+1, *global) {
				return false
			}
			c = *cp
			c.off = next
		}
	}
}

// scoreWorker scores chunks; its scratch buffers are reused from chunk to chunk.
type scoreWorker struct {
	json    bool
	sharded bool
	typed   bool // Results into chunk.res, not text
	tmp     []byte
}

func (w *scoreWorker) score(c *chunk) {
	data := c.data
	line, global, off := c.line, c.global, c.off
	long, at := c.long, c.at
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		s := data[:i]
		data = data[i+1:]
		if len(at) > 0 && at[0].line == line {
			off = at[0].off
			at = at[1:]
		}
		if len(long) > 0 && long[0].line == line {
			ll := long[0]
			long = long[1:]
			w.fail(c, line, off, fmt.Errorf("line of %d bytes, longer than the limit of %d: skipped (it starts %s)", ll.size, MaxLine, fileio.QuotePrefix(ll.prefix, 24)))
		} else if len(s) > 0 {
			w.scoreLine(c, line, global, off, s)
		}
		line++
		global++
		off += int64(i + 1)
	}
	if c.ioErr != nil {
		w.fail(c, 0, 0, c.ioErr)
	}
}

// fail records the failure of line (0: the input itself), which starts at offset at.
func (w *scoreWorker) fail(c *chunk, line, at int64, err error) {
	off := len(c.out)
	if w.typed {
		off = len(c.res)
	}
	c.errs = append(c.errs, lineErr{off, InputError{Name: c.file, Line: line, Byte: at, Err: err}})
}

func (w *scoreWorker) scoreLine(c *chunk, line, global, at int64, s []byte) {
	rec, expect, hasExpect := bytes.Cut(s, []byte{'\t'})
	rec = bytes.TrimRight(rec, "\r")
	if !hasExpect && len(bytes.TrimSpace(rec)) == 0 {
		return
	}
	var tr *qttt.Trace
	if w.json {
		tr = &qttt.Trace{}
	}
	p, err := qttt.Replay(rec, tr)
	if err != nil {
		w.fail(c, line, at, err)
		return
	}
	sc := p.Score()
	w.tmp = sc.AppendText(w.tmp[:0])
	if hasExpect {
		if want := bytes.TrimSpace(expect); !bytes.Equal(w.tmp, want) {
			w.fail(c, line, at, fmt.Errorf("record scores %q, the line says %s", w.tmp, fileio.QuotePrefix(want, 24)))
			return
		}
	}
	c.records++
	if w.typed {
		c.res = append(c.res, Result{File: c.file, Line: line, Record: string(rec), Position: p, Score: sc})
		return
	}
	if w.sharded {
		c.out = shard.AppendLineIndex(c.out, global)
	}
	if w.json {
		b, _ := json.Marshal(jsonRecord(c.file, int(line), string(rec), &p, tr))
		c.out = append(append(c.out, b...), '\n')
		return
	}
	c.out = append(append(c.out, w.tmp...), '\n')
}

// JSONLine is a tic-tac-toe made: its player, its cells (such as "ABC") and its
// largest mark.
type JSONLine struct {
	Player string `json:"player"`
	Cells  string `json:"cells"`
	Max    int    `json:"max"`
}

// JSONQuantum is a quantum mark and its two cells (such as "AB").
type JSONQuantum struct {
	Mark  int    `json:"mark"`
	Cells string `json:"cells"`
}

// JSONMeasurement is a measurement: the move that closed the cycle (from 1), who
// chose ("X", "O" or "forced"), the cycle's cells, the number written and the marks it
// made classical, by cell.
type JSONMeasurement struct {
	Move      int            `json:"move"`
	Chooser   string         `json:"chooser"`
	Cycle     string         `json:"cycle"`
	Mark      int            `json:"mark"`
	Collapsed map[string]int `json:"collapsed"`
}

// JSONRecord is the object WriteScores writes per record with asJSON (AppendJSON too): where the
// record was, X's and O's scores, the moves made, whether the game is over, the final
// board (classical marks as "X1"), its quantum marks, the lines made and each
// measurement.
type JSONRecord struct {
	File         string            `json:"file"`
	Line         int               `json:"line"`
	Record       string            `json:"record"`
	X            float64           `json:"x"`
	O            float64           `json:"o"`
	Moves        int               `json:"moves"`
	Over         bool              `json:"over"`
	Board        [9]string         `json:"board"`
	Quantum      []JSONQuantum     `json:"quantum"`
	Lines        []JSONLine        `json:"lines"`
	Measurements []JSONMeasurement `json:"measurements"`
}

func jsonRecord(file string, line int, rec string, p *qttt.Position, tr *qttt.Trace) JSONRecord {
	s := p.Score()
	r := JSONRecord{File: file, Line: line, Record: rec, X: float64(s.X) / 2, O: float64(s.O) / 2,
		Moves: p.Marks(), Over: p.Over(), Quantum: []JSONQuantum{}, Lines: []JSONLine{}, Measurements: []JSONMeasurement{}}
	for c := 0; c < qttt.NumCells; c++ {
		if m := p.Cell(c); m != 0 {
			r.Board[c] = fmt.Sprintf("%s%d", qttt.Owner(m), m)
		}
	}
	for q := p.Quantum(); q != 0; q &= q - 1 {
		k := bits.TrailingZeros16(q)
		a, b := p.Edge(k)
		r.Quantum = append(r.Quantum, JSONQuantum{k, qttt.FormatMove(a, b)})
	}
	for _, l := range p.Lines() {
		r.Lines = append(r.Lines, JSONLine{l.Player.String(), string([]byte{qttt.CellName(l.Cells[0]), qttt.CellName(l.Cells[1]), qttt.CellName(l.Cells[2])}), l.Max})
	}
	// Replay the trace to read the marks each measurement made classical.
	var q qttt.Position
	for i, m := range tr.Moves {
		q.Play(m.A, m.B)
		if m.Mark == 0 {
			continue
		}
		ra, na, rb, _ := q.Choices()
		root := ra
		if m.Mark != na {
			root = rb
		}
		q.Measure(root)
		chooser := qttt.Owner(i + 2).String()
		if m.A == m.B {
			chooser = "forced"
		}
		jm := JSONMeasurement{Move: i + 1, Chooser: chooser, Cycle: qttt.CellSet(m.Cycle), Mark: m.Mark, Collapsed: map[string]int{}}
		for c := m.Collapsed; c != 0; c &= c - 1 {
			cell := bits.TrailingZeros16(c)
			jm.Collapsed[string(qttt.CellName(cell))] = q.Cell(cell)
		}
		r.Measurements = append(r.Measurements, jm)
	}
	return r
}

// Result is one scored record, as values: where it was, the record (without an
// expected score), the position it reaches and its score.
type Result struct {
	File     string
	Line     int64 // from 1
	Record   string
	Position qttt.Position
	Score    qttt.Score
}

// AppendText appends r as WriteScores writes it without a shard: "X O" and a newline.
func AppendText(dst []byte, r Result) []byte {
	return append(r.Score.AppendText(dst), '\n')
}

// AppendJSON appends r as WriteScores writes it with asJSON: a JSONRecord object and a
// newline. It replays the record for its measurements.
func AppendJSON(dst []byte, r Result) []byte {
	tr := &qttt.Trace{}
	p, err := qttt.Replay([]byte(r.Record), tr)
	if err != nil { // not a Result of Score: the position as given, no measurements
		p, tr = r.Position, &qttt.Trace{}
	}
	b, _ := json.Marshal(jsonRecord(r.File, int(r.Line), r.Record, &p, tr))
	return append(append(dst, b...), '\n')
}
