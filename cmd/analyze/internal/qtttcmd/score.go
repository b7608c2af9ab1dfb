package qtttcmd

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/bits"
	"runtime"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/qttt"
	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/shard"
)

const scoreUsage = "analyze qttt score [--json] [-o FILE] [-j N] [--shard K/N] [FILE|DIR|-]..."

const scoreHelp = `Scores quantum tic-tac-toe game records, one per line, and prints X's score and O's
per record in input order, e.g. "0.5 1" or "2 0". A record is the seed's notation: moves
as two cell letters A-I (either case), each cycle-closing move followed by its
measurement number, tokens separated by blanks or written together ("AB BE DE AE 1" is
"ABBEDEAE1"). A record may stop before the game ends: the position is scored as it
stands. Blank lines are skipped. A line may carry the expected score after a tab, as
"analyze qttt random" writes it ("RECORD<TAB>X O"): a different score is an error.

No argument or - reads standard input; a DIR is walked in sorted order. --json prints
one object per record instead: file, line, record, x, o, moves, over, the final board
(classical marks as X1/O4, quantum marks with their cells), the lines made (player,
cells, largest mark) and each measurement (the move that closed the cycle, who chose,
the cycle, the number written and the marks it made classical).

Records are scored in parallel by --jobs workers; the output keeps the input order.

A bad line is reported on stderr with its file, line, token and the reason; the other
lines are still scored and the exit status is 1. A line longer than 65,535 bytes is
reported by its number and length with a short prefix, and skipped.

--shard K/N scores every N-th line of the inputs taken together (line i, counted from
0 over all inputs in order, belongs to shard i mod N). The shard's output starts with
the line "#boardlab-shard-lines K/N" and each result line is prefixed with its input
line number i and a tab, so "analyze merge" can restore the input order exactly; with
-o PATH the shard writes PATH.K-of-N.`

// maxLine is the longest line scored; longer lines are reported and skipped.
const maxLine = 1 << 16

// chunkBytes is the amount of input handed to a worker at once.
const chunkBytes = 1 << 16

func runScore(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("qttt score", scoreUsage, scoreHelp, stderr)
	asJSON := fs.Bool("json", false, "print JSON Lines: one object per record with board, lines and measurements")
	outPath := cli.OutFlag(fs, "write the scores to `FILE` (created atomically) instead of standard output, and a summary to stderr")
	jobs := cli.JobsFlag(fs, 0, 0, "score with `N` parallel workers (0: one per CPU; at most 4 per CPU)")
	shardSpec := cli.ShardFlag(fs)
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	if *jobs < 0 {
		return cli.Usagef(stderr, "qttt score", "--jobs %d: want a number of workers >= 1, or 0 for one per CPU", *jobs)
	}
	shard, err := shardSpec.Resolve("qttt score", nil, stderr)
	if err != nil {
		return cli.Usagef(stderr, "qttt score", "%v", err)
	}
	path := shard.Path(*outPath)
	out, err := fileio.CreateOutput(path, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "analyze qttt score: %v\n", err)
		return cli.ExitFail
	}
	start := time.Now()
	res := scoreInputs(ctx, pos, stdin, out, stderr, scoreOptions{json: *asJSON, jobs: *jobs, shard: shard})
	if res.interrupted {
		out.Commit()
		fmt.Fprintf(stderr, "analyze qttt score: interrupted after %d records\n", res.records)
		return cli.ExitInterrupted
	}
	if err := out.Commit(); err != nil {
		fmt.Fprintf(stderr, "analyze qttt score: %v\n", err)
		return cli.ExitFail
	}
	if *outPath != "" {
		el := time.Since(start)
		fmt.Fprintf(stderr, "analyze qttt score: %d records scored, %d bad, in %v (%.3g records/s) -> %s\n",
			res.records, res.bad, el.Round(time.Microsecond), float64(res.records+res.bad)/el.Seconds(), path)
	}
	if res.bad > 0 || res.failed {
		return cli.ExitFail
	}
	return cli.ExitOK
}

type scoreOptions struct {
	json  bool
	jobs  int
	shard shard.Shard
}

type scoreResult struct {
	records, bad int
	failed       bool // some input or line failed
	interrupted  bool
}

// chunk is a run of whole lines of one input, scored by one worker. The reader fills
// the input side, a worker the output side; chunks are recycled, so a long run does
// not allocate per line.
type chunk struct {
	file   string
	line   int64 // 1-based line number of the first line in file
	global int64 // 0-based index of the first line over all inputs
	data   []byte
	long   []longLine // lines too long to score, replaced by empty lines in data
	ioErr  error      // an error about the input itself, reported after data's lines

	out          []byte
	errs         []lineErr // messages to print after out[:off]
	records, bad int
	done         chan struct{}
}

type longLine struct {
	line   int64
	size   int64
	prefix []byte
}

type lineErr struct {
	off int
	msg string
}

// scoreInputs scores every line of the inputs named by args into out, in order, with
// opt.jobs workers. A reader goroutine cuts the inputs into chunks of whole lines,
// workers score chunks, and this goroutine writes them out in order. Memory is bounded
// by the number of chunks in flight. On ctx's cancellation it returns at once with
// what was written, even when the reader is blocked in a read.
func scoreInputs(ctx context.Context, args []string, stdin io.Reader, out *fileio.Output, stderr io.Writer, opt scoreOptions) scoreResult {
	workers := workerCount(opt.jobs)
	nChunks := 4 * workers
	free := make(chan *chunk, nChunks)
	for range nChunks {
		free <- &chunk{data: make([]byte, 0, chunkBytes+maxLine+1)}
	}
	work := make(chan *chunk, nChunks)
	order := make(chan *chunk, nChunks)
	stop := make(chan struct{})
	defer close(stop)
	go readChunks(ctx, stop, args, stdin, opt.shard, free, work, order)
	for range workers {
		go func() {
			w := scoreWorker{json: opt.json, sharded: opt.shard.Enabled()}
			for c := range work {
				w.score(c)
				close(c.done)
			}
		}()
	}
	var res scoreResult
	if opt.shard.Enabled() {
		shard.WriteLinesHeader(out, opt.shard)
	}
	for {
		var c *chunk
		var ok bool
		select {
		case c, ok = <-order:
		default:
			out.Flush() // nothing ready: show what is done
			select {
			case c, ok = <-order:
			case <-ctx.Done():
				res.interrupted = true
				return res
			}
		}
		if ctx.Err() != nil {
			res.interrupted = true
			return res
		}
		if !ok {
			break
		}
		select {
		case <-c.done:
		case <-ctx.Done():
			res.interrupted = true
			return res
		}
		prev := 0
		for _, e := range c.errs {
			out.Write(c.out[prev:e.off])
			prev = e.off
			out.Flush()
			fmt.Fprintf(stderr, "analyze qttt score: %s\n", e.msg)
			res.failed = true
		}
		out.Write(c.out[prev:])
		res.records += c.records
		res.bad += c.bad
		free <- c
	}
	if ctx.Err() != nil {
		res.interrupted = true
	}
	return res
}

// readChunks reads the inputs line by line into chunks, sends each chunk to order (in
// input order) and to work, and closes both at the end. Lines another shard owns are
// kept as empty lines so that line numbers stay right.
func readChunks(ctx context.Context, stop <-chan struct{}, args []string, stdin io.Reader, shard shard.Shard,
	free <-chan *chunk, work, order chan<- *chunk) {
	defer close(work)
	defer close(order)
	var c *chunk
	get := func(file string, line, global int64) bool {
		select {
		case c = <-free:
		case <-stop:
			return false
		}
		c.file, c.line, c.global = file, line, global
		c.data, c.long, c.ioErr = c.data[:0], c.long[:0], nil
		c.out, c.errs, c.records, c.bad = c.out[:0], c.errs[:0], 0, 0
		c.done = make(chan struct{})
		return true
	}
	send := func() bool {
		select {
		case order <- c:
		case <-stop:
			return false
		}
		work <- c
		c = nil
		return true
	}
	inputs, errs := fileio.Expand(args)
	var global int64
	var br *bufio.Reader
	for i, in := range inputs {
		if ctx.Err() != nil {
			return
		}
		name := in.Name()
		if errs[i] != nil {
			if !get(name, 0, global) {
				return
			}
			c.ioErr = fileio.Cause(errs[i])
			if !send() {
				return
			}
			continue
		}
		r, err := in.Open(cli.InterruptContext(), stdin)
		if err != nil {
			if !get(name, 0, global) {
				return
			}
			c.ioErr = fileio.Cause(err)
			if !send() {
				return
			}
			continue
		}
		if br == nil {
			br = bufio.NewReaderSize(r, maxLine)
		} else {
			br.Reset(r)
		}
		line := int64(1)
		if !get(name, line, global) {
			r.Close()
			return
		}
		for {
			s, err := br.ReadSlice('\n')
			if err == bufio.ErrBufferFull {
				ll := longLine{line: line, size: int64(len(s)), prefix: bytes.Clone(s[:min(len(s), 40)])}
				for err == bufio.ErrBufferFull {
					s, err = br.ReadSlice('\n')
					ll.size += int64(len(s))
				}
				if len(s) > 0 && s[len(s)-1] == '\n' {
					ll.size-- // the line's length without its newline
				}
				if shard.Owns(global) {
					c.long = append(c.long, ll)
				}
				c.data = append(c.data, '\n')
				line++
				global++
			} else if len(s) > 0 {
				if shard.Owns(global) {
					c.data = append(c.data, s...)
					if s[len(s)-1] != '\n' {
						c.data = append(c.data, '\n')
					}
				} else {
					c.data = append(c.data, '\n')
				}
				line++
				global++
			}
			if err != nil && err != io.EOF {
				c.ioErr = fileio.Cause(err)
			}
			// Hand the chunk over when it is full, and when the next read would wait, so
			// that a slow stream is answered line by line.
			if err != nil || len(c.data) >= chunkBytes || len(c.long) >= 64 || (br.Buffered() == 0 && len(c.data) > 0) {
				if !send() {
					r.Close()
					return
				}
				if err != nil || ctx.Err() != nil {
					break
				}
				if !get(name, line, global) {
					r.Close()
					return
				}
			}
		}
		r.Close()
	}
}

func defaultJobs() int { return runtime.GOMAXPROCS(0) }

// workerCount returns the workers to run for --jobs n: one per CPU for 0, and never
// more than four per CPU (the work is CPU-bound; more would only cost memory).
func workerCount(n int) int {
	if n <= 0 {
		return defaultJobs()
	}
	return min(n, 4*defaultJobs())
}

// scoreWorker scores chunks; its scratch buffers are reused from chunk to chunk.
type scoreWorker struct {
	json    bool
	sharded bool
	tmp     []byte
}

func (w *scoreWorker) score(c *chunk) {
	data := c.data
	line, global := c.line, c.global
	long := c.long
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		s := data[:i]
		data = data[i+1:]
		if len(long) > 0 && long[0].line == line {
			ll := long[0]
			long = long[1:]
			c.bad++
			w.fail(c, line, fmt.Sprintf("line of %d bytes, longer than the limit of %d: skipped (it starts %s)", ll.size, maxLine-1, quotePrefix(ll.prefix, 24)))
		} else if len(s) > 0 {
			w.scoreLine(c, line, global, s)
		}
		line++
		global++
	}
	if c.ioErr != nil {
		w.fail(c, 0, c.ioErr.Error())
	}
}

func (w *scoreWorker) fail(c *chunk, line int64, msg string) {
	if line > 0 {
		msg = fmt.Sprintf("%s:%d: %s", c.file, line, msg)
	} else {
		msg = c.file + ": " + msg
	}
	c.errs = append(c.errs, lineErr{len(c.out), msg})
}

func (w *scoreWorker) scoreLine(c *chunk, line, global int64, s []byte) {
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
		c.bad++
		w.fail(c, line, err.Error())
		return
	}
	sc := p.Score()
	w.tmp = sc.AppendText(w.tmp[:0])
	if hasExpect {
		if want := bytes.TrimSpace(expect); !bytes.Equal(w.tmp, want) {
			c.bad++
			w.fail(c, line, fmt.Sprintf("record scores %q, the line says %s", w.tmp, quotePrefix(want, 24)))
			return
		}
	}
	c.records++
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

// quotePrefix quotes b, cut to its first n bytes (with "..." after the quote) when
// longer, so that a message never echoes a huge line.
func quotePrefix(b []byte, n int) string {
	if len(b) <= n {
		return fmt.Sprintf("%q", b)
	}
	return fmt.Sprintf("%q...", b[:n])
}

type jsonLine struct {
	Player string `json:"player"`
	Cells  string `json:"cells"`
	Max    int    `json:"max"`
}

type jsonQuantum struct {
	Mark  int    `json:"mark"`
	Cells string `json:"cells"`
}

type jsonMeasurement struct {
	Move      int            `json:"move"`
	Chooser   string         `json:"chooser"`
	Cycle     string         `json:"cycle"`
	Mark      int            `json:"mark"`
	Collapsed map[string]int `json:"collapsed"`
}

type jsonResult struct {
	File         string            `json:"file"`
	Line         int               `json:"line"`
	Record       string            `json:"record"`
	X            float64           `json:"x"`
	O            float64           `json:"o"`
	Moves        int               `json:"moves"`
	Over         bool              `json:"over"`
	Board        [9]string         `json:"board"`
	Quantum      []jsonQuantum     `json:"quantum"`
	Lines        []jsonLine        `json:"lines"`
	Measurements []jsonMeasurement `json:"measurements"`
}

func jsonRecord(file string, line int, rec string, p *qttt.Position, tr *qttt.Trace) jsonResult {
	s := p.Score()
	r := jsonResult{File: file, Line: line, Record: rec, X: float64(s.X) / 2, O: float64(s.O) / 2,
		Moves: p.Marks(), Over: p.Over(), Quantum: []jsonQuantum{}, Lines: []jsonLine{}, Measurements: []jsonMeasurement{}}
	for c := 0; c < qttt.NumCells; c++ {
		if m := p.Cell(c); m != 0 {
			r.Board[c] = fmt.Sprintf("%s%d", qttt.Owner(m), m)
		}
	}
	for q := p.Quantum(); q != 0; q &= q - 1 {
		k := bits.TrailingZeros16(q)
		a, b := p.Edge(k)
		r.Quantum = append(r.Quantum, jsonQuantum{k, qttt.FormatMove(a, b)})
	}
	for _, l := range p.Lines() {
		r.Lines = append(r.Lines, jsonLine{l.Player.String(), string([]byte{qttt.CellName(l.Cells[0]), qttt.CellName(l.Cells[1]), qttt.CellName(l.Cells[2])}), l.Max})
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
		jm := jsonMeasurement{Move: i + 1, Chooser: chooser, Cycle: qttt.CellSet(m.Cycle), Mark: m.Mark, Collapsed: map[string]int{}}
		for c := m.Collapsed; c != 0; c &= c - 1 {
			cell := bits.TrailingZeros16(c)
			jm.Collapsed[string(qttt.CellName(cell))] = q.Cell(cell)
		}
		r.Measurements = append(r.Measurements, jm)
	}
	return r
}
