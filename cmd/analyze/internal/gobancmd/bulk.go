package gobancmd

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/shard"
)

// defaultMaxSize is the default --max-size: a 65,536-by-65,536 board is 4.3 G points,
// about 1 GiB of bit planes while it is read and as much again once placed.
const defaultMaxSize = 65536

// bulkOpts are the flags of "goban score" for bulk input: --lines, --max-size, --jobs
// and --shard.
type bulkOpts struct {
	lines   bool
	maxSize int
	jobs    int
	spec    *cli.ShardSpec
	shard   shard.Shard
}

// addBulkFlags registers the bulk flags on fs.
func addBulkFlags(fs *flag.FlagSet) *bulkOpts {
	o := &bulkOpts{}
	fs.BoolVar(&o.lines, "lines", false, "read one board per line of each input (the whole board on one line) and print one result per line")
	fs.IntVar(&o.maxSize, "max-size", defaultMaxSize, "refuse a board larger than `N`xN (counted before any board memory is allocated)")
	cli.JobsVar(fs, &o.jobs, 0, 0, "parallel workers `N` (0: one per core)")
	o.spec = cli.ShardFlag(fs)
	return o
}

// resolve checks the bulk flags after parsing and fills the shard (from --shard or the
// scheduler's variables); it returns -1 to go on or an exit status.
func (o *bulkOpts) resolve(cmd string, stderr io.Writer) int {
	if o.maxSize < 1 {
		return cli.Usagef(stderr, cmd, "--max-size %d: must be at least 1", o.maxSize)
	}
	if o.jobs < 0 {
		return cli.Usagef(stderr, cmd, "--jobs %d: must be 0 (all cores) or more", o.jobs)
	}
	s, err := o.spec.Resolve(cmd, nil, stderr)
	if err != nil {
		return cli.Usagef(stderr, cmd, "%v", err)
	}
	o.shard = s
	return -1
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
	r, err := in.Open(cli.InterruptContext(), stdin)
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
