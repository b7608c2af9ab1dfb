package bulk

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/fileio/textin"
	"github.com/boardlab/boardlab/pipeline"
	"github.com/boardlab/boardlab/shard"
)

// chunkSize is the size of the blocks --lines reads: whole lines go to a worker
// together, so the hand-over costs once per block rather than once per board.
const chunkSize = 512 << 10

// lineChunk is a block of whole lines of one input, and then the output they gave; a
// chunk without data (an input's error, a line longer than a chunk) comes to the
// workers already done.
type lineChunk struct {
	in     int    // index of the input
	first  int64  // 0-based index of its first line among all lines read
	lineNo int64  // 1-based number of its first line in its input
	off    int64  // offset in its input of its first line's first byte
	data   []byte // whole lines; the last may lack its newline at the end of the input
	buf    []byte // the chunk's own buffer, data's backing store
	lines  int64  // number of lines in data
	out    []byte // output lines
	scored int64  // boards scored into out
	fails  []lineFail
}

// lineFail is an error of line (0: the input itself), which starts at offset at of its
// input, to report after out[..outAt].
type lineFail struct {
	outAt int
	line  int64
	at    int64
	err   error
}

// lineWorker is what one worker reuses from line to line.
type lineWorker struct {
	board  goban.Board
	scorer goban.Scorer
	parser goban.Parser
}

// linesRun is one run of "goban score --lines".
type linesRun struct {
	o      *bulkOpts
	inputs []fileio.Input
	names  []string // input names in messages
	shown  []string // input paths in results (fileio.SafeName)
	quoted [][]byte // input paths as JSON strings
	json   bool
	single bool
	opened int64 // inputs opened, counted by read
}

// WriteLines reads every line of every input (a file, "-" for stdin, or a folder: its
// files that IsLinesFile takes) as one text board (the whole board on one line; blank lines and
// lines starting with # are skipped) and writes one
// result per line to out, in input order, scoring in parallel; a bad line or input is
// handed to o.OnError as an *InputError (with the Line, or Line 0 for the input), the
// others still scored. With o.Shard it scores the lines the shard owns, after a
// shard.WriteLinesHeader header. It returns the counts, and an error when out fails
// (a *WriteError), ctx stops the run or OnError returns one.
func WriteLines(ctx context.Context, ins []fileio.Input, stdin io.Reader, out io.Writer, o Options) (Stats, error) {
	_, bo := o.resolve()
	inputs, errs := gameInputs(ins, IsLinesFile, linesNames)
	lr := &linesRun{o: bo, inputs: inputs, json: o.JSON,
		single: len(inputs) == 1 && inputs[0].Path == ins[0].Path}
	for _, in := range inputs {
		lr.names = append(lr.names, in.Name())
		lr.shown = append(lr.shown, fileio.SafeName(in.Path))
		q, _ := json.Marshal(in.Path)
		lr.quoted = append(lr.quoted, q)
	}
	w := bufio.NewWriterSize(out, 1<<16)
	var st Stats
	// An error OnError returns stops the reading, as ctx does.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var stop errStop
	var werr error
	write := func(p []byte) {
		if werr == nil && stop.err == nil {
			_, werr = w.Write(p)
		}
	}
	if bo.shard.Enabled() {
		werr = shard.WriteLinesHeader(w, bo.shard)
	}
	scratch := make([]lineWorker, max(bo.jobs, 1))
	// ctx stops the reading only: the chunks read before are still scored and written.
	// A write error does not stop the run, as in Score: the bad lines are still reported.
	err := pipeline.Stream[lineChunk]{
		Workers: bo.jobs,
		New:     func() *lineChunk { return &lineChunk{buf: make([]byte, chunkSize)} },
		Produce: func(_ context.Context, take func() *lineChunk, send func(*lineChunk) bool) error {
			if !lr.read(ctx, stdin, errs, take, send) {
				if err := ctx.Err(); err != nil {
					return err
				}
				return context.Canceled
			}
			return nil
		},
		Work: func(worker int, c *lineChunk) { lr.score(&scratch[worker], c) },
		Consume: func(c *lineChunk) error {
			at := 0
			for _, f := range c.fails {
				write(c.out[at:f.outAt])
				if werr == nil {
					werr = flush(w, out)
				}
				if stop.err == nil {
					st.Failed++
				}
				if !stop.reportAt(o.OnError, lr.names[c.in], f.line, f.at, f.err) {
					cancel()
				}
				at = f.outAt
			}
			write(c.out[at:])
			st.Lines += c.lines
			st.Records += c.scored
			if o.Progress != nil {
				o.Progress(st)
			}
			clear(c.fails)
			c.out, c.fails, c.data, c.lines, c.scored = c.out[:0], c.fails[:0], nil, 0, 0
			return nil
		},
	}.Run(context.WithoutCancel(ctx))
	if werr == nil {
		werr = w.Flush()
	}
	st.Inputs = lr.opened
	switch {
	case werr != nil:
		return st, &WriteError{werr}
	case stop.err != nil:
		return st, stop.err
	case err != nil:
		return st, err
	}
	return st, ctx.Err()
}

// fail records the error of one line (lineNo > 0), which starts at offset at of its
// input, or of a whole input (lineNo 0).
func (lr *linesRun) fail(c *lineChunk, lineNo, at int64, err error) {
	c.fails = append(c.fails, lineFail{len(c.out), lineNo, at, fileio.Cause(err)})
}

// read splits the inputs into chunks of whole lines taken from take and handed to
// send, in order; it streams a line longer than a chunk through a parser itself. It
// returns false when ctx or the run stopped it.
func (lr *linesRun) read(ctx context.Context, stdin io.Reader, errs []error, take func() *lineChunk, send func(*lineChunk) bool) bool {
	var index int64 // lines read before, over all inputs
	carry := make([]byte, 0, chunkSize)
	long := &lineWorker{}
	get := func() *lineChunk {
		if ctx.Err() != nil {
			return nil
		}
		return take()
	}
	for i, in := range lr.inputs {
		if errs[i] != nil {
			if !lr.readFailed(get, send, i, errs[i]) {
				return false
			}
			continue
		}
		r, err := in.Open(ctx, stdin)
		if err != nil {
			if !lr.readFailed(get, send, i, err) {
				return false
			}
			continue
		}
		lr.opened++
		rd := fileio.CheckedReader(ctx, r)
		lineNo := int64(1)
		var pos int64 // offset of carry's first byte in the input
		carry = carry[:0]
		eof := false
		for !eof {
			c := get()
			if c == nil {
				r.Close()
				return false
			}
			c.in, c.first, c.lineNo, c.off = i, index, lineNo, pos
			m := copy(c.buf, carry)
			var rerr error
			for {
				n, err := rd.Read(c.buf[m:])
				m += n
				if err != nil {
					rerr = err
					break
				}
				if n > 0 || m == len(c.buf) {
					break
				}
			}
			if rerr != nil {
				// Score the lines read, then report a read error after them.
				eof = true
				if rerr != io.EOF && ctx.Err() != nil {
					r.Close()
					return false
				}
			}
			data := c.buf[:m]
			carry = carry[:0]
			if !eof {
				nl := bytes.LastIndexByte(data, '\n')
				if nl < 0 && m == len(c.buf) {
					// A line longer than a chunk: stream it.
					size, ok := lr.longLine(ctx, long, c, rd, &carry, &eof, &rerr)
					if !ok {
						r.Close()
						return false
					}
					pos += size + 1
					index += c.lines
					lineNo += c.lines
					if !send(c) {
						r.Close()
						return false
					}
					if rerr != nil && rerr != io.EOF {
						lr.readFailed(get, send, i, rerr)
					}
					continue
				}
				carry = append(carry, data[nl+1:]...)
				data = data[:nl+1]
			}
			pos += int64(len(data))
			c.data = data
			c.lines = int64(bytes.Count(data, []byte{'\n'}))
			if eof && len(data) > 0 && data[len(data)-1] != '\n' {
				c.lines++
			}
			index += c.lines
			lineNo += c.lines
			if !send(c) {
				r.Close()
				return false
			}
			if eof && rerr != io.EOF {
				if !lr.readFailed(get, send, i, rerr) {
					r.Close()
					return false
				}
			}
		}
		r.Close()
	}
	return true
}

// readFailed reports an error of input i (it could not be opened or read) in a chunk
// of its own; false when the run is stopping.
func (lr *linesRun) readFailed(get func() *lineChunk, send func(*lineChunk) bool, i int, err error) bool {
	c := get()
	if c == nil {
		return false
	}
	c.in = i
	lr.fail(c, 0, 0, err)
	return send(c)
}

// longLine reads the rest of a line that filled chunk c without a newline, streaming it
// through a parser when this shard owns it, and scores it into c. What follows the line
// is left in carry; eof and rerr say how reading ended. It returns the bytes of the line
// read (without its newline), and false when the run is stopping.
func (lr *linesRun) longLine(ctx context.Context, w *lineWorker, c *lineChunk, r io.Reader, carry *[]byte, eof *bool, rerr *error) (int64, bool) {
	owned := lr.o.shard.Owns(c.first) && c.buf[0] != '#'
	w.parser.MaxSize = lr.o.maxSize
	w.parser.Reset()
	var perr error
	// A NUL byte is binary data, not a board: the line is reported and the rest of the
	// input not read (a stream such as /dev/zero has no end).
	var off int64
	binary := false
	feed := func(p []byte) {
		if err := textin.Check(p, goban.TextWhat, off); err != nil && !binary {
			binary = true
			perr = fmt.Errorf("%w; the rest of the input is not read", err)
		}
		off += int64(len(p))
		if owned && perr == nil {
			_, perr = w.parser.Write(p)
		}
	}
	feed(c.buf)
	for !binary {
		n, err := r.Read(c.buf)
		p := c.buf[:n]
		if nl := bytes.IndexByte(p, '\n'); nl >= 0 {
			feed(p[:nl])
			*carry = append((*carry)[:0], p[nl+1:]...)
			break
		}
		feed(p)
		if err != nil {
			*eof, *rerr = true, err
			if err != io.EOF && ctx.Err() != nil {
				return off, false
			}
			break
		}
	}
	if binary {
		*carry = (*carry)[:0]
		*eof, *rerr = true, io.EOF
	}
	c.data, c.lines = nil, 1
	if owned {
		if perr == nil {
			perr = w.parser.Board(&w.board)
		}
		if perr != nil {
			lr.fail(c, c.lineNo, c.off, perr)
		} else {
			lr.emit(c, c.first, c.lineNo, w.scorer.Score(&w.board))
		}
	}
	return off, true
}

// score scores the lines of chunk c into c.out.
func (lr *linesRun) score(w *lineWorker, c *lineChunk) {
	data := c.data
	hasNUL := bytes.IndexByte(data, 0) >= 0
	limit := int64(lr.o.maxSize) * int64(lr.o.maxSize)
	idx, lineNo := c.first, c.lineNo
	for len(data) > 0 {
		var line []byte
		at := c.off + int64(len(c.data)-len(data))
		if nl := bytes.IndexByte(data, '\n'); nl >= 0 {
			line, data = data[:nl], data[nl+1:]
		} else {
			line, data = data, nil
		}
		if lr.o.shard.Owns(idx) && !skipLine(line) {
			var err error
			if hasNUL {
				err = textin.Check(line, goban.TextWhat, 0)
			}
			switch {
			case err != nil:
			case int64(len(line)) > limit:
				w.parser.MaxSize = lr.o.maxSize
				w.parser.Reset()
				w.parser.Write(line)
				err = w.parser.Board(&w.board)
			default:
				err = w.board.Parse(line)
			}
			if err != nil {
				lr.fail(c, lineNo, at, err)
			} else {
				lr.emit(c, idx, lineNo, w.scorer.Score(&w.board))
			}
		}
		idx++
		lineNo++
	}
}

// skipLine reports whether a line holds no board: blank (spaces, tabs, CR) or a
// comment starting with #.
func skipLine(line []byte) bool {
	if len(line) > 0 && line[0] == '#' {
		return true
	}
	for _, b := range line {
		if b != ' ' && b != '\t' && b != '\r' {
			return false
		}
	}
	return true
}

// emit appends the output line of line lineNo (global index idx) of c's input.
func (lr *linesRun) emit(c *lineChunk, idx, lineNo int64, res goban.Result) {
	b := c.out
	if lr.o.shard.Enabled() {
		b = shard.AppendLineIndex(b, idx)
	}
	if lr.json {
		b = append(b, `{"path":`...)
		b = append(b, lr.quoted[c.in]...)
		b = strconv.AppendInt(append(b, `,"line":`...), lineNo, 10)
		b = strconv.AppendInt(append(b, `,"size":`...), int64(res.Size), 10)
		b = strconv.AppendInt(append(b, `,"black":`...), int64(res.Black), 10)
		b = strconv.AppendInt(append(b, `,"white":`...), int64(res.White), 10)
		b = append(res.AppendText(append(b, `,"result":"`...)), "\"}\n"...)
	} else {
		if !lr.single {
			b = append(b, lr.shown[c.in]...)
			b = strconv.AppendInt(append(b, ':'), lineNo, 10)
			b = append(b, '\t')
		}
		b = append(res.AppendText(b), '\n')
	}
	c.out = b
	c.scored++
}
