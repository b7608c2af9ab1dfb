package wythoffcmd

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/shard"
)

// moveBlock is a run of whole input lines answered by one worker.
type moveBlock struct {
	seq   int
	first int64  // input line number (0-based) of the first line, or -1: not counted
	data  []byte // the lines, each ending in '\n'
	diag  string // a too-long line's diagnostic (data is then empty)
	out   []byte // the answers
	errs  []byte // the diagnostics of bad lines
	// without --shard the reader does not count lines (first is -1): the worker
	// counts them, and a block with diagnostics is answered again by the writer, who
	// knows its first line's number, for the diagnostics alone (redo)
	lines  int64
	redo   bool
	long   int64  // a too-long line's length when first is -1 (diag is then empty)
	prefix []byte // its first bytes
}

// blockBytes is the input a block holds before it is handed to a worker (a variable
// so that tests can cut small blocks).
var blockBytes = 128 << 10

// slack is the room fastLine and fastLines read beyond a line (their 8-byte loads).
var slack [fastSlack]byte

// batchParallel is batch on workers goroutines: this goroutine reads the input and
// cuts it into blocks of whole lines, the workers answer the blocks, and a writer puts
// answers and diagnostics out in input order, so the output is byte for byte that of
// batch. At most 2*workers+2 blocks exist at a time: memory stays bounded whatever the
// input's length. With one worker, one goroutine reads, answers and writes each block
// in turn: no hand-over costs CPU time.
func (m *mover) batchParallel(ctx context.Context, in io.Reader, out io.Writer, stderr io.Writer, maxLine int, sh shard.Shard, workers int) (int, error) {
	if sh.Enabled() {
		if err := shard.WriteLinesHeader(out, sh); err != nil {
			return cli.ExitFail, err
		}
	}
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w := &blockWriter{m: m, out: out, stderr: stderr, maxLine: maxLine, shard: sh, cancel: cancel, code: cli.ExitOK}
	var rerr error
	if workers <= 1 {
		blk := newMoveBlock()
		var a, b pile
		sc := m.scratch(sh)
		w.recycle = func(*moveBlock) {}
		rerr = m.cutBlocks(cctx, in, maxLine, sh,
			func() *moveBlock { return blk },
			func(blk *moveBlock) {
				m.answerBlock(blk, maxLine, sh, &a, &b, sc)
				w.put(blk)
			})
	} else {
		nblocks := 2*workers + 2
		free := make(chan *moveBlock, nblocks)
		for i := 0; i < nblocks; i++ {
			free <- newMoveBlock()
		}
		todo := make(chan *moveBlock, nblocks)
		done := make(chan *moveBlock, nblocks)
		var wg sync.WaitGroup
		for range workers {
			wg.Go(func() {
				var a, b pile
				sc := m.scratch(sh)
				for blk := range todo {
					m.answerBlock(blk, maxLine, sh, &a, &b, sc)
					done <- blk
				}
			})
		}
		w.recycle = func(b *moveBlock) { free <- b }
		writerDone := make(chan struct{})
		go func() {
			defer close(writerDone)
			for blk := range done {
				w.put(blk)
			}
		}()
		rerr = m.cutBlocks(cctx, in, maxLine, sh,
			func() *moveBlock {
				select {
				case blk := <-free:
					return blk
				case <-cctx.Done():
					return nil
				}
			},
			func(blk *moveBlock) { todo <- blk })
		close(todo)
		wg.Wait()
		close(done)
		<-writerDone
	}
	if w.err != nil {
		return w.code, w.err
	}
	var re *readError
	if errors.As(rerr, &re) {
		// the number of the line the read stopped in: known once every block is counted
		if re.line < 0 {
			re.line = w.lines
		}
		return w.code, fmt.Errorf("stdin:%d: %w", re.line+1, re.err)
	}
	return w.code, rerr
}

// newMoveBlock returns an empty block with room for blockBytes of input.
func newMoveBlock() *moveBlock {
	// the answers are about as long as the lines: out rarely grows
	return &moveBlock{data: make([]byte, 0, blockBytes+4096), out: make([]byte, 0, blockBytes+blockBytes/4)}
}

// scratch returns a worker's room for the AVX-512 passes, or nil when they do not run.
func (m *mover) scratch(sh shard.Shard) *asmScratch {
	if !noAsm && m.fastOK(sh.Enabled()) && haveAsm() {
		return new(asmScratch)
	}
	return nil
}

// blockWriter puts answered blocks out in input order: it holds a block that comes
// early, numbers the diagnostics of blocks the reader did not count, and hands each
// block back (recycle) once written.
type blockWriter struct {
	m       *mover
	out     io.Writer
	stderr  io.Writer
	maxLine int
	shard   shard.Shard
	cancel  func()
	recycle func(*moveBlock)

	pending map[int]*moveBlock
	next    int
	pa, pb  pile
	again   *moveBlock
	lines   int64 // lines of the blocks written
	code    int
	err     error // the first write error
}

func (w *blockWriter) put(blk *moveBlock) {
	if blk.seq != w.next {
		if w.pending == nil {
			w.pending = map[int]*moveBlock{}
		}
		w.pending[blk.seq] = blk
		return
	}
	for blk != nil {
		w.write(blk)
		w.next++
		blk = w.pending[w.next]
		delete(w.pending, w.next)
	}
}

func (w *blockWriter) write(b *moveBlock) {
	if w.err == nil {
		if _, err := w.out.Write(b.out); err != nil {
			w.err = err
			w.cancel()
		}
	}
	switch {
	case b.first >= 0:
	case b.long > 0:
		b.errs = append(b.errs, longLine(w.lines, b.long, w.maxLine, b.prefix)...)
	case b.redo:
		// the diagnostics again, now that the first line's number is known
		if w.again == nil {
			w.again = &moveBlock{}
		}
		again := w.again
		again.first, again.data, again.out, again.errs = w.lines, b.data, again.out[:0], again.errs[:0]
		w.m.answerBlock(again, w.maxLine, w.shard, &w.pa, &w.pb, nil)
		b.errs = append(b.errs, again.errs...)
	}
	w.lines += b.lines
	if len(b.errs) > 0 {
		w.stderr.Write(b.errs)
		w.code = cli.ExitFail
	}
	b.data, b.out, b.errs, b.diag = b.data[:0], b.out[:0], b.errs[:0], ""
	b.lines, b.redo, b.long, b.prefix = 0, false, 0, b.prefix[:0]
	w.recycle(b)
}

// readError is a read error of cutBlocks in input line line (0-based; -1 when the
// lines are not counted).
type readError struct {
	line int64
	err  error
}

func (e *readError) Error() string { return e.err.Error() }

// cutBlocks reads the input straight into blocks taken from take (nil: stop), cuts
// each after its last newline (the partial line goes on to the next block) and hands
// them to send, numbering the lines with one bytes.Count per block. A block grows up to
// maxLine+1 bytes to hold a long line; a line still longer is skipped here in constant
// memory and becomes a block of its own holding its diagnostic.
func (m *mover) cutBlocks(ctx context.Context, in io.Reader, maxLine int, sh shard.Shard, take func() *moveBlock, send func(*moveBlock)) error {
	r := fileio.NewContextReader(ctx, in)
	// the lines are numbered here only for --shard (the workers pick lines by number)
	count := sh.Enabled()
	var (
		seq     int
		line    int64 // number of the next line, when counted
		carry   []byte
		scratch []byte
		eof     bool
		rerr    error
	)
	// fill reads into *data until it holds target bytes or the input ends or fails.
	fill := func(data *[]byte, target int) {
		if cap(*data) < target+len(slack) {
			nd := make([]byte, len(*data), target+len(slack))
			copy(nd, *data)
			*data = nd
		}
		for len(*data) < target && !eof && rerr == nil {
			n, err := r.Read((*data)[len(*data):target])
			*data = (*data)[:len(*data)+n]
			if err == io.EOF {
				eof = true
			} else if err != nil {
				rerr = err
			}
		}
	}
	for (!eof || len(carry) > 0) && rerr == nil {
		blk := take()
		if blk == nil || ctx.Err() != nil {
			return ctx.Err()
		}
		blk.seq, blk.first = seq, line
		if !count {
			blk.first = -1
		}
		seq++
		blk.data = append(blk.data[:0], carry...)
		carry = carry[:0]
		fill(&blk.data, max(blockBytes, len(blk.data)))
		for bytes.LastIndexByte(blk.data, '\n') < 0 && !eof && rerr == nil && len(blk.data) <= maxLine {
			fill(&blk.data, min(2*len(blk.data)+4096, maxLine+1))
		}
		last := bytes.LastIndexByte(blk.data, '\n')
		switch {
		case last >= 0:
			carry = append(carry, blk.data[last+1:]...)
			blk.data = blk.data[:last+1]
		case len(blk.data) > maxLine:
			// a line longer than maxLine: skip the rest of it, keep what follows
			if scratch == nil {
				scratch = make([]byte, 64<<10)
			}
			long := int64(len(blk.data))
			for !eof && rerr == nil {
				n, err := r.Read(scratch)
				if i := bytes.IndexByte(scratch[:n], '\n'); i >= 0 {
					long += int64(i)
					carry = append(carry, scratch[i+1:n]...)
					break
				}
				long += int64(n)
				if err == io.EOF {
					eof = true
				} else if err != nil {
					rerr = err
				} else if ctx.Err() != nil {
					rerr = ctx.Err()
				}
			}
			if rerr != nil {
				// cut by a read error: the error is reported in this line, as the
				// plain path reports it
				blk.data = blk.data[:0]
				break
			}
			if !count {
				blk.long, blk.prefix, blk.lines = long, append(blk.prefix[:0], blk.data[:min(len(blk.data), 40)]...), 1
			} else if sh.Owns(line) {
				blk.diag = longLine(line, long, maxLine, blk.data)
			}
			blk.data = blk.data[:0]
			line++
		case rerr != nil: // a partial line before a read error is not answered
			blk.data = blk.data[:0]
		case len(blk.data) > 0: // the last line, without a newline
			blk.data = append(blk.data, '\n')
		}
		if count {
			line += int64(bytes.Count(blk.data, []byte{'\n'}))
		}
		if cap(blk.data)-len(blk.data) < len(slack) {
			blk.data = append(blk.data, slack[:]...)[:len(blk.data)]
		}
		send(blk)
	}
	if rerr != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if !count {
			line = -1
		}
		return &readError{line, rerr}
	}
	return ctx.Err()
}

// answerBlock answers the lines of blk into blk.out and blk.errs. sc, when not nil,
// makes the fast path take the AVX-512 passes (asmLines).
func (m *mover) answerBlock(blk *moveBlock, maxLine int, sh shard.Shard, a, b *pile, sc *asmScratch) {
	if blk.diag != "" {
		blk.errs = append(blk.errs, blk.diag...)
		return
	}
	first := max(blk.first, 0)
	data := blk.data
	fast := m.fastOK(sh.Enabled())
	i := first
	for ; len(data) > 0; i++ {
		if fast {
			var used, lines int
			if sc != nil {
				blk.out, used, lines = m.asmLines(blk.out, data, sc)
				data, i = data[used:], i+int64(lines)
			}
			blk.out, used, lines = m.fastLines(blk.out, data)
			data, i = data[used:], i+int64(lines)
			if len(data) == 0 {
				break
			}
		}
		j := bytes.IndexByte(data, '\n')
		if sh.Owns(i) {
			var msg string
			if j > maxLine {
				msg = longLine(i, int64(j), maxLine, data[:j])
			} else {
				blk.out, msg = m.line(blk.out, data[:j], i, sh, a, b)
			}
			if msg != "" {
				if blk.first < 0 {
					blk.redo = true // numbered by the writer
				} else {
					blk.errs = append(blk.errs, msg...)
				}
			}
		}
		data = data[j+1:]
	}
	if blk.long == 0 {
		blk.lines = i - first
	}
}
