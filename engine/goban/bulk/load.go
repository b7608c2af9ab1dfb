package bulk

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"

	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/shard"
)

// DefaultMaxSize is the default Options.MaxSize: a 65,536-by-65,536 board is 4.3 G
// points, about 1 GiB of bit planes while it is read and as much again once placed.
const DefaultMaxSize = 65536

// Options say how Score and ScoreLines read their inputs and write their results.
type Options struct {
	Format  string  // how inputs are read: "auto" or "" (SGF by its content), "text" or "sgf"
	Komi    float64 // komi for white, used when KomiSet: overrides SGF's KM
	KomiSet bool
	JSON    bool   // one JSON object per input or game (or line) instead of text
	Map     bool   // add the ownership map after each result (not with ScoreLines)
	SVGDir  string // when set, an existing directory that gets an ownership SVG per input or game
	MaxSize int    // refuse a text board larger than MaxSize x MaxSize; 0: DefaultMaxSize
	Jobs    int    // parallel workers; 0: one per core
	Shard   shard.Shard

	// Report, when set, is told of each input, game or line that failed, in input
	// order, after the results before it were written to the output.
	Report func(name string, err error)
	// Progress, when set, is told how many inputs (of total; lines: total 0) are done.
	Progress func(done, total int64)
}

// bulkOpts are the options that say how inputs are read and shared out.
type bulkOpts struct {
	maxSize int
	jobs    int
	shard   shard.Shard
}

// resolve splits o into the options of scoring and of reading.
func (o *Options) resolve() (*scoreOpts, *bulkOpts) {
	so := &scoreOpts{format: o.Format, komi: o.Komi, komiSet: o.KomiSet, svgDir: o.SVGDir, asJSON: o.JSON, withMap: o.Map}
	if so.format == "" {
		so.format = "auto"
	}
	bo := &bulkOpts{maxSize: o.MaxSize, jobs: o.Jobs, shard: o.Shard}
	if bo.maxSize <= 0 {
		bo.maxSize = DefaultMaxSize
	}
	if bo.jobs <= 0 {
		bo.jobs = runtime.GOMAXPROCS(0)
	}
	return so, bo
}

// sizeErr adds the flag to raise to a *goban.SizeError.
func sizeErr(err error) error {
	var se *goban.SizeError
	if errors.As(err, &se) {
		return fmt.Errorf("%v (raise it with --max-size)", err)
	}
	return err
}

// wholeFile bounds the regular files read whole into a worker's buffer; larger ones
// stream through the parser.
const wholeFile = 16 << 20

// listedBuf is the size of the buffer loadListed reads a file into with one call.
const listedBuf = 64 << 10

// loader reads inputs into a board with as few system calls as a regular file allows
// (openat, fstat, one read, close, into a reused buffer) and streams everything else
// (stdin, pipes, devices, large files) through a bounded goban.Parser.
type loader struct {
	buf    []byte
	path   []byte // NUL-terminated path for the open call
	dir    string // the directory open as *dirFD-1 (*dirFD 0: none)
	dirFD  *int
	atime  bool // O_NOATIME was refused: open without it
	parser goban.Parser

	// detect, when set, is asked about the first bytes of each input; for an input it
	// claims (an SGF record), load reads the input whole (at most maxMember bytes) into
	// whole instead of parsing it as a text board. A gzip stream is always read whole,
	// decompressed, for the caller to look at its content.
	detect func(head []byte) bool
	whole  []byte
	head   []byte
}

// headSize is how much of a streamed input is looked at to recognise its kind.
const headSize = 512

// load reads input in into b, bounded by maxSize; listed says a directory listing
// found it to be a regular file (and its path is NUL-terminated, see listDir).
func (l *loader) load(ctx context.Context, in fileio.Input, listed bool, stdin io.Reader, b *goban.Board, maxSize int) error {
	l.whole = nil
	if listed {
		if done, err := l.loadListed(ctx, in.Path, b, maxSize); done {
			return err
		}
	}
	if in.Path != "-" {
		done, err := l.loadRegular(ctx, in.Path, b, maxSize)
		if done {
			return err
		}
	}
	r, err := in.Open(ctx, stdin)
	if err != nil {
		return err
	}
	defer r.Close()
	return l.streamDetect(ctx, r, b, maxSize)
}

// loadData takes an input read whole into data: an input detect claims is left in
// l.whole, gzip is decompressed into l.whole, a text board is parsed into b.
func (l *loader) loadData(ctx context.Context, data []byte, b *goban.Board, maxSize int) error {
	if l.detect != nil && l.detect(data) {
		l.whole = data
		return nil
	}
	if len(data) > 2 && data[0] == 0x1f && data[1] == 0x8b {
		return l.streamDetect(ctx, bytes.NewReader(data), b, maxSize)
	}
	return l.parseWhole(ctx, data, b, maxSize)
}

// parseWhole parses a whole text board read into data.
func (l *loader) parseWhole(ctx context.Context, data []byte, b *goban.Board, maxSize int) error {
	if int64(len(data)) > int64(maxSize)*int64(maxSize) {
		// It could hold more symbols than the limit: let the parser count them.
		return l.stream(ctx, bytes.NewReader(data), nil, b, maxSize)
	}
	return b.ParseText(data) // a NUL byte is a *goban.BinaryError
}

// streamDetect reads the head of r and either reads r whole (an input detect claims, or
// gzip) or streams it through the parser.
func (l *loader) streamDetect(ctx context.Context, r io.Reader, b *goban.Board, maxSize int) error {
	if cap(l.head) < headSize {
		l.head = make([]byte, headSize)
	}
	cr := fileio.CheckedReader(ctx, r)
	n, err := io.ReadFull(cr, l.head[:headSize])
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return err
	}
	head := l.head[:n]
	if len(head) > 2 && head[0] == 0x1f && head[1] == 0x8b {
		zr, err := gzip.NewReader(io.MultiReader(bytes.NewReader(head), cr))
		if err != nil {
			return fmt.Errorf("gzip: %w", err)
		}
		l.whole, err = readLimited(zr, "gzip stream")
		return err
	}
	if l.detect != nil && l.detect(head) {
		l.whole, err = readLimited(io.MultiReader(bytes.NewReader(head), cr), "SGF input")
		return err
	}
	return l.stream(ctx, r, head, b, maxSize)
}

// stream parses head and then r into b through the parser.
func (l *loader) stream(ctx context.Context, r io.Reader, head []byte, b *goban.Board, maxSize int) error {
	l.parser.MaxSize = maxSize
	l.parser.Reset()
	if _, err := l.parser.Write(head); err != nil {
		return sizeErr(err)
	}
	if _, err := l.parser.ReadFrom(fileio.CheckedReader(ctx, r)); err != nil {
		return sizeErr(err)
	}
	return sizeErr(l.parser.Board(b))
}
