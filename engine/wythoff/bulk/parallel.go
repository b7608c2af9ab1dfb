package bulk

import (
	"bytes"
	"context"
	"errors"
	"io"

	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/fileio/textin"
	"github.com/boardlab/boardlab/pipeline"
	"github.com/boardlab/boardlab/shard"
)

// moveBlock is a run of whole input lines answered by one worker.
type moveBlock struct {
	first int64    // input line number (0-based) of the first line, or -1: not counted
	off   int64    // offset in the input of the block's first byte
	data  []byte   // the lines, each ending in '\n'
	out   []byte   // the answers
	res   []Result // or, for Moves, the answers as values (Line relative to first)
	errs  []blockErr
	// without a shard the reader does not count lines (first is -1): the worker counts
	// them, and the consumer, who knows the block's first line, numbers the errors
	lines  int64
	long   int64  // the length of a too-long line, the block's only line
	prefix []byte // its first bytes
}

// blockErr is a bad line of a block: its index in the block, the length of the
// block's answers before it, the offset of its first byte in the block, and why it is
// bad.
type blockErr struct {
	rel int64
	off int
	at  int
	err error
}

// blockBytes is the input a block holds before it is handed to a worker (a variable
// so that tests can cut small blocks).
var blockBytes = 128 << 10

// slack is the room fastLine and fastLines read beyond a line (their 8-byte loads).
var slack [fastSlack]byte

// worker is a goroutine's scratch.
type worker struct {
	a, b pile
	sc   *asmScratch
}

// batchParallel is batch on a pipeline.Stream of blocks: this goroutine reads the
// input and cuts it into blocks of whole lines, the workers answer the blocks, and the
// consumer writes answers and reports bad lines in input order, so the output is byte
// for byte that of batch. Memory stays bounded whatever the input's length.
func (m *mover) batchParallel(ctx context.Context, in io.Reader, out io.Writer, maxLine int, opt Options) (Stats, error) {
	st := Stats{Inputs: 1}
	sh, workers := opt.Shard, opt.workers()
	if sh.Enabled() {
		if err := shard.WriteLinesHeader(out, sh); err != nil {
			return st, err
		}
	}
	ws := make([]worker, workers)
	for i := range ws {
		ws[i].sc = m.scratch(sh)
	}
	var wline int64 // lines of the blocks consumed
	// ctx stops the reading only: the blocks read before are still answered and
	// written, as batch writes the lines it read (the stream stops itself on a write
	// error, and the reading with it)
	err := pipeline.Stream[moveBlock]{
		Workers: workers,
		New:     newMoveBlock,
		Produce: func(sctx context.Context, take func() *moveBlock, send func(*moveBlock) bool) error {
			rctx, cancel := context.WithCancel(ctx)
			defer cancel()
			defer context.AfterFunc(sctx, cancel)()
			return m.cutBlocks(rctx, in, maxLine, sh, take, send)
		},
		Work: func(w int, blk *moveBlock) {
			m.answerBlock(blk, maxLine, sh, &ws[w].a, &ws[w].b, ws[w].sc)
		},
		Consume: func(b *moveBlock) error {
			base := b.first
			if base < 0 {
				base = wline
			}
			var err error
			if m.typed {
				err = m.deliver(b, base, &st, opt)
			} else {
				err = m.write(out, b, base, &st, opt)
			}
			wline += b.lines
			b.data, b.out, b.res, b.errs = b.data[:0], b.out[:0], b.res[:0], b.errs[:0]
			b.lines, b.long, b.prefix = 0, 0, b.prefix[:0]
			if opt.Progress != nil {
				st.Records = wline
				opt.Progress(st)
			}
			return err
		},
	}.Run(context.WithoutCancel(ctx))
	st.Records = wline
	var re *readError
	if errors.As(err, &re) {
		// the number of the line the read stopped in: known once every block is counted
		if re.line < 0 {
			re.line = wline
		}
		return st, &InputError{Line: re.line + 1, Err: re.err}
	}
	return st, err
}

// write writes a block's answers to out, reporting each bad line once the answers
// before it are written, and stops at a write error or an error OnError returns.
func (m *mover) write(out io.Writer, b *moveBlock, base int64, st *Stats, opt Options) error {
	prev := 0
	for _, e := range b.errs {
		if _, err := out.Write(b.out[prev:e.off]); err != nil {
			return err
		}
		prev = e.off
		if err := m.fail(b, base, e, st, opt); err != nil {
			return err
		}
	}
	_, err := out.Write(b.out[prev:])
	return err
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
func (m *mover) cutBlocks(ctx context.Context, in io.Reader, maxLine int, sh shard.Shard, take func() *moveBlock, send func(*moveBlock) bool) error {
	r := textin.NewReader(fileio.NewContextReader(ctx, in), "positions")
	// the lines are numbered here only for --shard (the workers pick lines by number)
	count := sh.Enabled()
	var (
		line    int64 // number of the next line, when counted
		pos     int64 // offset after the byte order mark of the next block's first byte
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
		blk.first = line
		if !count {
			blk.first = -1
		}
		blk.data = append(blk.data[:0], carry...)
		carry = carry[:0]
		fill(&blk.data, max(blockBytes, len(blk.data)))
		blk.off = pos + textin.Dropped(r) // known once the first bytes are read
		for bytes.LastIndexByte(blk.data, '\n') < 0 && !eof && rerr == nil && len(blk.data) <= maxLine {
			fill(&blk.data, min(2*len(blk.data)+4096, maxLine+1))
		}
		last := bytes.LastIndexByte(blk.data, '\n')
		switch {
		case last >= 0:
			carry = append(carry, blk.data[last+1:]...)
			blk.data = blk.data[:last+1]
			pos += int64(last + 1)
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
			blk.lines = 1
			pos += long + 1
			if !count || sh.Owns(line) {
				blk.long, blk.prefix = long, append(blk.prefix[:0], blk.data[:min(len(blk.data), 40)]...)
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
		if !send(blk) {
			return ctx.Err()
		}
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
	if blk.lines > 0 { // a too-long line, or one this shard skips
		if blk.long > 0 {
			blk.errs = append(blk.errs, blockErr{0, 0, 0, &LongLineError{blk.long, int64(maxLine), bytes.Clone(blk.prefix)}})
		}
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
			var err error
			var ok bool
			switch {
			case j > maxLine:
				err = &LongLineError{int64(j), int64(maxLine), bytes.Clone(data[:min(j, 40)])}
			case m.typed:
				if ok, err = readPiles(data[:j], a, b); ok {
					blk.res = append(blk.res, m.result(i-first, a, b))
				}
			default:
				blk.out, err = m.line(blk.out, data[:j], i, sh, a, b)
			}
			if err != nil {
				blk.errs = append(blk.errs, blockErr{i - first, len(blk.out), len(blk.data) - len(data), err})
			}
		}
		data = data[j+1:]
	}
	blk.lines = i - first
}
