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

// Options say how a job reads its inputs and writes its results. Workers, Shard,
// Progress and OnError are the fields of every game's bulk package, with the same
// meaning; the others are goban's own.
type Options struct {
	// Workers is the number of parallel workers; 0 means one per core.
	Workers int
	// Shard, when enabled, scores only the inputs (WriteLines: the lines) it owns.
	Shard shard.Shard
	// Progress, when not nil, is called with the counts so far after each batch of
	// results, in the goroutine that writes them.
	Progress func(Stats)
	// OnError, when not nil, receives each input, game or line that failed (an
	// *InputError), in input order, after the results before it were written to the
	// output and, when the output has a Flush() error method, flushed. It returns nil
	// to go on, or an error that stops the job and is returned by it. A nil OnError
	// goes on.
	OnError func(error) error

	Format  string  // how inputs are read: "auto" or "" (SGF by its content), "text" or "sgf"
	Komi    float64 // komi for white, used when KomiSet: overrides SGF's KM
	KomiSet bool
	JSON    bool   // one JSON object per input or game (or line) instead of text
	Map     bool   // add the ownership map after each result (not with WriteLines)
	SVGDir  string // when set, an existing directory that gets an ownership SVG per input or game
	MaxSize int    // refuse a text board larger than MaxSize x MaxSize; 0: DefaultMaxSize
	// Rules is how SGF games are counted: "" or "tromp-taylor" (nothing removed),
	// "record" (each record's RU[], Tromp-Taylor without one), or a rule set dead.Named
	// knows ("area", "territory", "chinese", ...), dead stones then estimated with
	// Playouts playouts (0: dead.DefaultPlayouts) from Seed. Text boards stay Tromp-Taylor.
	Rules    string
	Playouts int
	Seed     uint64
}

// bulkOpts are the options that say how inputs are read and shared out.
type bulkOpts struct {
	maxSize int
	jobs    int
	shard   shard.Shard
	share   float64 // of the memory limit, for one whole read of each worker
}

// resolve splits o into the options of scoring and of reading.
func (o *Options) resolve() (*scoreOpts, *bulkOpts) {
	so := &scoreOpts{format: o.Format, komi: o.Komi, komiSet: o.KomiSet, svgDir: o.SVGDir, asJSON: o.JSON, withMap: o.Map,
		pics: new(pictureNames)}
	so.setRules(o)
	if so.format == "" {
		so.format = "auto"
	}
	bo := &bulkOpts{maxSize: o.MaxSize, jobs: o.Workers, shard: o.Shard}
	if bo.maxSize <= 0 {
		bo.maxSize = DefaultMaxSize
	}
	if bo.jobs <= 0 {
		bo.jobs = runtime.GOMAXPROCS(0)
	}
	bo.share = 0.5 / float64(bo.jobs)
	return so, bo
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
	// claims (an SGF record), load reads the input whole (see fileio.ReadLimited) into whole
	// instead of parsing it as a text board. A gzip stream is decompressed and its
	// content looked at the same way.
	detect func(head []byte) bool
	whole  []byte
	head   []byte

	// wantGzip says the input is named *.gz: it must hold gzip data. inArchive says it
	// is a zip member: a zip archive in it is refused. wantSGF says it is named *.sgf
	// (or *.sgf.gz): content that detect does not claim is refused (see claim). share
	// is the part of the memory limit one whole read may take (0: a half).
	wantGzip, inArchive, wantSGF bool
	share                        float64
}

// Errors of inputs that are archives of the wrong kind.
var (
	ErrNotGzip    = errors.New("not gzip data, though the name ends in .gz")
	ErrNestedZip  = errors.New("a zip archive inside an archive is not read (unpack it first)")
	ErrNestedGzip = errors.New("gzip data inside gzip data is not read (unpack it first)")
)

// isGzip reports whether data starts with gzip's magic bytes.
func isGzip(data []byte) bool { return len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b }

// isZip reports whether data starts as a zip archive does.
func isZip(data []byte) bool {
	return len(data) >= 4 && data[0] == 'P' && data[1] == 'K' && (data[2] == 3 && data[3] == 4 || data[2] == 5 && data[3] == 6)
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

// loadMember reads a zip member into b, or into l.whole when detect claims it.
func (l *loader) loadMember(ctx context.Context, src *source, b *goban.Board, maxSize int) error {
	if hasExt(src.zf.Name, ".zip") {
		return ErrNestedZip
	}
	rc, err := fileio.OpenMember(src.zf)
	if err != nil {
		return err
	}
	defer rc.Close()
	l.inArchive = true
	return l.streamDetect(ctx, rc, b, maxSize)
}

// loadData takes an input read whole into data: an input detect claims is left in
// l.whole, gzip is decompressed (and looked at as streamDetect does), a text board is
// parsed into b.
func (l *loader) loadData(ctx context.Context, data []byte, b *goban.Board, maxSize int) error {
	if l.wantGzip || isGzip(data) {
		return l.streamDetect(ctx, bytes.NewReader(data), b, maxSize)
	}
	claimed, err := l.claim(data)
	if claimed {
		l.whole = data
	}
	if claimed || err != nil {
		return err
	}
	return l.parseWhole(ctx, data, b, maxSize)
}

// parseWhole parses a whole text board read into data.
func (l *loader) parseWhole(ctx context.Context, data []byte, b *goban.Board, maxSize int) error {
	if int64(len(data)) > int64(maxSize)*int64(maxSize) {
		// It could hold more symbols than the limit: let the parser count them.
		return l.stream(ctx, bytes.NewReader(data), nil, b, maxSize)
	}
	return b.ParseText(data) // a NUL byte is a *textin.BinaryError
}

// streamDetect reads the head of r and either reads r whole (an input detect claims)
// or streams it through the parser; gzip data is decompressed and its content looked
// at the same way.
func (l *loader) streamDetect(ctx context.Context, r io.Reader, b *goban.Board, maxSize int) error {
	cr := fileio.CheckedReader(ctx, r)
	head, err := l.readHead(cr)
	if err != nil {
		return err
	}
	if isGzip(head) {
		outer := append([]byte(nil), head...) // l.head is read into again below
		zr, err := gzip.NewReader(io.MultiReader(bytes.NewReader(outer), cr))
		if err != nil {
			return fmt.Errorf("gzip: %w", err)
		}
		zr.Multistream(true)
		gr := &gzipErrReader{zr}
		if head, err = l.readHead(gr); err != nil {
			return err
		}
		if isGzip(head) {
			return ErrNestedGzip
		}
		return l.content(ctx, io.MultiReader(bytes.NewReader(head), gr), head, b, maxSize, "gzip stream")
	}
	if l.wantGzip {
		return ErrNotGzip
	}
	return l.content(ctx, io.MultiReader(bytes.NewReader(head), cr), head, b, maxSize, "SGF input")
}

// readHead reads up to headSize bytes of r into l.head.
func (l *loader) readHead(r io.Reader) ([]byte, error) {
	if cap(l.head) < headSize {
		l.head = make([]byte, headSize)
	}
	n, err := io.ReadFull(r, l.head[:headSize])
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return nil, err
	}
	return l.head[:n], nil
}

// content takes an input whose first bytes are head and which r reads from its start:
// whole into l.whole when detect claims it, else streamed through the parser.
func (l *loader) content(ctx context.Context, r io.Reader, head []byte, b *goban.Board, maxSize int, what string) error {
	if l.inArchive && isZip(head) {
		return ErrNestedZip
	}
	if claimed, err := l.claim(head); claimed || err != nil {
		if err == nil {
			l.whole, err = fileio.ReadLimited(r, what, fileio.MaxMember, l.readShare())
		}
		return err
	}
	return l.stream(ctx, r, nil, b, maxSize)
}

// claim says whether detect claims the input whose first bytes are head (to be read
// whole); an input named *.sgf that it does not claim is an error (see notSGF).
func (l *loader) claim(head []byte) (bool, error) {
	if l.detect != nil && l.detect(head) {
		return true, nil
	}
	if l.wantSGF {
		return false, notSGF(head)
	}
	return false, nil
}

// isSGFName reports whether name says the input is an SGF record: it ends in .sgf or
// .sgf.gz, in any case.
func isSGFName(name string) bool {
	return hasExt(name, ".sgf") || hasExt(name, ".sgf.gz")
}

// notSGF is the error of an input named *.sgf whose content, starting with head, is not
// an SGF record: it is neither read as a text board nor scored as something else.
func notSGF(head []byte) error {
	if len(head) == 0 {
		return errors.New("empty: no SGF record, though the name ends in .sgf")
	}
	return fmt.Errorf("not an SGF record, though the name ends in .sgf: it starts %s, not with \"(;\"", fileio.QuotePrefix(head, 24))
}

// readShare is the part of the memory limit one whole read may take.
func (l *loader) readShare() float64 {
	if l.share <= 0 {
		return 0.5
	}
	return l.share
}

// gzipErrReader names gzip's errors as such.
type gzipErrReader struct{ r io.Reader }

func (g *gzipErrReader) Read(p []byte) (int, error) {
	n, err := g.r.Read(p)
	if err != nil && err != io.EOF && !errors.Is(err, fileio.ErrInterrupted) {
		err = fmt.Errorf("gzip: %w", err)
	}
	return n, err
}

// stream parses head and then r into b through the parser.
func (l *loader) stream(ctx context.Context, r io.Reader, head []byte, b *goban.Board, maxSize int) error {
	l.parser.MaxSize = maxSize
	l.parser.Reset()
	if _, err := l.parser.Write(head); err != nil {
		return err
	}
	if _, err := l.parser.ReadFrom(fileio.CheckedReader(ctx, r)); err != nil {
		return err
	}
	return l.parser.Board(b)
}
