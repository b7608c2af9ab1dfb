package wythoffcmd

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
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
// input's length.
func (m *mover) batchParallel(ctx context.Context, in io.Reader, out io.Writer, stderr io.Writer, maxLine int, shard cli.Shard, workers int) (int, error) {
	if shard.Enabled() {
		if err := cli.WriteLinesHeader(out, shard); err != nil {
			return cli.ExitFail, err
		}
	}
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	nblocks := 2*workers + 2
	free := make(chan *moveBlock, nblocks)
	for i := 0; i < nblocks; i++ {
		// the answers are about as long as the lines: out rarely grows
		free <- &moveBlock{data: make([]byte, 0, blockBytes+4096), out: make([]byte, 0, blockBytes+blockBytes/4)}
	}
	todo := make(chan *moveBlock, nblocks)
	done := make(chan *moveBlock, nblocks)

	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var a, b pile
			var sc *asmScratch
			if !noAsm && m.fastOK(shard.Enabled()) && haveAsm() {
				sc = new(asmScratch)
			}
			for blk := range todo {
				m.answerBlock(blk, maxLine, shard, &a, &b, sc)
				done <- blk
			}
		}()
	}

	code := cli.ExitOK
	var werr error
	writerDone := make(chan struct{})
	var lines int64 // lines of the blocks written
	go func() {
		defer close(writerDone)
		pending := map[int]*moveBlock{}
		next := 0
		var pa, pb pile
		var again *moveBlock
		for blk := range done {
			pending[blk.seq] = blk
			for {
				b, ok := pending[next]
				if !ok {
					break
				}
				delete(pending, next)
				next++
				if werr == nil {
					if _, err := out.Write(b.out); err != nil {
						werr = err
						cancel()
					}
				}
				switch {
				case b.first >= 0:
				case b.long > 0:
					b.errs = append(b.errs, longLine(lines, b.long, maxLine, b.prefix)...)
				case b.redo:
					// the diagnostics again, now that the first line's number is known
					if again == nil {
						again = &moveBlock{}
					}
					again.first, again.data, again.out, again.errs = lines, b.data, again.out[:0], again.errs[:0]
					m.answerBlock(again, maxLine, shard, &pa, &pb, nil)
					b.errs = append(b.errs, again.errs...)
				}
				lines += b.lines
				if len(b.errs) > 0 {
					stderr.Write(b.errs)
					code = cli.ExitFail
				}
				b.data, b.out, b.errs, b.diag = b.data[:0], b.out[:0], b.errs[:0], ""
				b.lines, b.redo, b.long, b.prefix = 0, false, 0, b.prefix[:0]
				free <- b
			}
		}
	}()

	rerr := m.cutBlocks(cctx, in, maxLine, shard, free, todo)
	close(todo)
	wg.Wait()
	close(done)
	<-writerDone
	if werr != nil {
		return code, werr
	}
	var re *readError
	if errors.As(rerr, &re) {
		// the number of the line the read stopped in: known once every block is counted
		if re.line < 0 {
			re.line = lines
		}
		return code, fmt.Errorf("stdin:%d: %w", re.line+1, re.err)
	}
	return code, rerr
}

// readError is a read error of cutBlocks in input line line (0-based; -1 when the
// lines are not counted).
type readError struct {
	line int64
	err  error
}

func (e *readError) Error() string { return e.err.Error() }

// cutBlocks reads the input straight into blocks taken from free, cuts each after
// its last newline (the partial line goes on to the next block) and sends them to
// todo, numbering the lines with one bytes.Count per block. A block grows up to
// maxLine+1 bytes to hold a long line; a line still longer is skipped here in constant
// memory and becomes a block of its own holding its diagnostic.
func (m *mover) cutBlocks(ctx context.Context, in io.Reader, maxLine int, shard cli.Shard, free <-chan *moveBlock, todo chan<- *moveBlock) error {
	r := cli.NewContextReader(ctx, in)
	// the lines are numbered here only for --shard (the workers pick lines by number)
	count := shard.Enabled()
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
		var blk *moveBlock
		select {
		case blk = <-free:
		case <-ctx.Done():
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
			} else if shard.Owns(line) {
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
		todo <- blk
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
func (m *mover) answerBlock(blk *moveBlock, maxLine int, shard cli.Shard, a, b *pile, sc *asmScratch) {
	if blk.diag != "" {
		blk.errs = append(blk.errs, blk.diag...)
		return
	}
	first := max(blk.first, 0)
	data := blk.data
	fast := m.fastOK(shard.Enabled())
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
		if shard.Owns(i) {
			var msg string
			if j > maxLine {
				msg = longLine(i, int64(j), maxLine, data[:j])
			} else {
				blk.out, msg = m.line(blk.out, data[:j], i, shard, a, b)
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
