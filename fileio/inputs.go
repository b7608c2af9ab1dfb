// Package fileio reads the inputs of bulk jobs (files, directory trees, standard input)
// so that reads stop when a context is cancelled, reads lines in bounded memory and
// writes output files that appear under their final name only when complete.
package fileio

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"syscall"
	"time"

	"github.com/boardlab/boardlab/internal/machine"
	"github.com/boardlab/boardlab/internal/memlimit"
)

// Input is one named input of a batch command: a file, or standard input ("-").
type Input struct {
	Path string // as the user will see it in output; "-" for standard input
	// Err, when not nil, is why Expand could not make the path an input: Open returns
	// it, so a job reports it in the input's place.
	Err error
}

// ErrInterrupted is returned by reads that stopped because their context was
// cancelled; errors.Is(err, context.Canceled) holds too.
var ErrInterrupted = errors.New("interrupted")

type interrupted struct{ cause error }

func (e interrupted) Error() string        { return "interrupted" }
func (e interrupted) Is(target error) bool { return target == ErrInterrupted }
func (e interrupted) Unwrap() error        { return e.cause }

// Open opens the input for reading until ctx is cancelled; stdin is read for "-" and
// returned wrapped so closing it is harmless: a FIFO or device
// whose open or reads would block (no writer, no data) returns an error wrapping
// ctx.Err() promptly after Ctrl-C instead of hanging.
func (in Input) Open(ctx context.Context, stdin io.Reader) (io.ReadCloser, error) {
	if err := ctx.Err(); err != nil {
		return nil, interrupted{err}
	}
	if in.Err != nil {
		return nil, in.Err
	}
	if in.Path == "-" {
		return io.NopCloser(NewContextReader(ctx, stdin)), nil
	}
	// The type comes from stat, which never blocks: opening a FIFO to look at it would
	// block without a writer, and closing such a look-only descriptor before opening
	// the FIFO for good would leave it without a reader for a moment, in which a
	// short writer's data is thrown away.
	fi, err := os.Stat(in.Path)
	if err != nil {
		return nil, err
	}
	if fi.IsDir() {
		return nil, &fs.PathError{Op: "read", Path: in.Path, Err: syscall.EISDIR}
	}
	if fi.Mode().IsRegular() {
		f, err := os.Open(in.Path)
		if err != nil {
			return nil, err
		}
		if fi, err = f.Stat(); err != nil {
			f.Close()
			return nil, err
		}
		return &fileReader{f: f, ctx: ctx, size: fi.Size()}, nil
	}
	// A FIFO, device or socket: open it blocking (a FIFO waits for its writer) on a
	// goroutine, and give up on it when ctx is cancelled.
	type opened struct {
		f   *os.File
		err error
	}
	ch := make(chan opened, 1)
	go func() {
		f, err := os.Open(in.Path)
		ch <- opened{f, err}
	}()
	select {
	case o := <-ch:
		if o.err != nil {
			return nil, o.err
		}
		return &ctxReadCloser{Reader: NewContextReader(ctx, o.f), f: o.f}, nil
	case <-ctx.Done():
		go func() {
			if o := <-ch; o.f != nil {
				o.f.Close()
			}
		}()
		return nil, interrupted{ctx.Err()}
	}
}

// ReadAll reads the whole input, or stops with an error wrapping ctx.Err()
// when ctx is cancelled. An input too large for the memory the process may use
// (memlimit.MemoryLimit) fails with an error wrapping ErrTooLarge instead of exhausting it: a
// regular file beyond a quarter of the limit, a stream (a pipe, a device such as
// /dev/zero) beyond an eighth, since its size is not known in advance.
func (in Input) ReadAll(ctx context.Context, stdin io.Reader) ([]byte, error) {
	return in.readAtMost(ctx, stdin, -4, -8)
}

// smallInput is a size every process can hold: reading up to it does not ask for the
// memory limit (which costs a few system calls).
const smallInput = 16 << 20

// resolveMax turns a negative max, -k meaning MemoryLimit()/k, into bytes.
func resolveMax(max int64) int64 {
	if max < 0 {
		return memlimit.MemoryLimit() / -max
	}
	return max
}

// ErrTooLarge is wrapped by the error of ReadAtMost for an input beyond its limit.
var ErrTooLarge = errors.New("input too large")

// ReadAtMost reads the whole input if it holds at most max >= 0 bytes; a larger input fails
// with an error wrapping ErrTooLarge after reading at most max+1 bytes (a regular file
// is judged by its size without reading it).
func (in Input) ReadAtMost(ctx context.Context, stdin io.Reader, max int64) ([]byte, error) {
	return in.readAtMost(ctx, stdin, max, max)
}

func (in Input) readAtMost(ctx context.Context, stdin io.Reader, maxFile, maxStream int64) ([]byte, error) {
	r, err := in.Open(ctx, stdin)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	tooLarge := func(max int64) error {
		max = resolveMax(max)
		return fmt.Errorf("%w: more than %s (%d bytes)", ErrTooLarge, machine.FormatBytes(max), max)
	}
	if fr, ok := r.(*fileReader); ok {
		data, big, err := fr.readAll(maxFile)
		if big {
			return nil, tooLarge(maxFile)
		}
		return data, err
	}
	data, big, err := readChunks(r, maxStream, nil)
	if big {
		return nil, tooLarge(maxStream)
	}
	return data, err
}

// readChunks reads r to its end in chunks and returns it in one exact-size slice, so
// that reading n bytes of unknown length peaks at 2n bytes (io.ReadAll's growing
// slice leaves more garbage); big is true, with no data, once r holds more than max
// (max < 0: resolveMax, asked only past smallInput). A chunk never reaches past
// max+1 bytes. check, unless nil, is called before each chunk is allocated with the
// bytes read so far and the chunk's size: its error ends the read, with no data.
func readChunks(r io.Reader, max int64, check func(total int64, size int) error) (data []byte, big bool, err error) {
	var chunks [][]byte
	var total int64
	size := 64 << 10
	for {
		if max >= 0 {
			size = int(min(int64(size), max+1-total))
		}
		if check != nil {
			if err := check(total, size); err != nil {
				return nil, false, err
			}
		}
		c := make([]byte, size)
		n, rerr := io.ReadFull(r, c)
		if n > 0 {
			chunks = append(chunks, c[:n])
			total += int64(n)
		}
		if total > smallInput {
			max = resolveMax(max)
		}
		if total > max && max >= 0 {
			return nil, true, nil
		}
		if rerr == io.EOF || rerr == io.ErrUnexpectedEOF {
			break
		}
		if rerr != nil {
			err = rerr // return what was read, as io.ReadAll does
			break
		}
		size = min(2*size, 4<<20)
	}
	if len(chunks) == 1 {
		return chunks[0], false, err
	}
	data = make([]byte, 0, total)
	for _, c := range chunks {
		data = append(data, c...)
	}
	return data, false, err
}

// fileReader reads a regular file, checking ctx between reads.
type fileReader struct {
	f    *os.File
	ctx  context.Context
	size int64 // when opened
}

func (r *fileReader) Read(p []byte) (int, error) {
	if err := r.ctx.Err(); err != nil {
		return 0, interrupted{err}
	}
	return r.f.Read(p)
}

func (r *fileReader) Close() error { return r.f.Close() }

// readAll reads the rest of the file into a buffer sized from its length, as
// os.ReadFile does; big is true, with no data, when the file holds more than max
// bytes (judged by its size when that says so, without reading; max < 0: resolveMax,
// asked only past smallInput).
func (r *fileReader) readAll(max int64) (data []byte, big bool, err error) {
	size := 512
	if r.size > 0 {
		if r.size > smallInput {
			max = resolveMax(max)
		}
		if r.size > max && max >= 0 {
			return nil, true, nil
		}
		size = int(r.size) + 1
	}
	data = make([]byte, 0, size)
	for {
		n, err := r.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if len(data) > smallInput {
			max = resolveMax(max)
		}
		if int64(len(data)) > max && max >= 0 {
			return nil, true, nil
		}
		if err != nil {
			if err == io.EOF {
				err = nil
			}
			return data, false, err
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
	}
}

type ctxReadCloser struct {
	io.Reader
	f *os.File
}

func (r *ctxReadCloser) Close() error {
	if c, ok := r.Reader.(io.Closer); ok {
		c.Close()
	}
	return r.f.Close()
}

// NewContextReader returns a reader of r whose reads stop with an error wrapping
// ctx.Err() once ctx is cancelled, even a read that is blocked waiting for data: a
// pipe or FIFO the runtime can poll gets a read deadline, any other non-regular file
// (a terminal, a blocking pipe on stdin) is read by a goroutine that is abandoned on
// cancellation. Regular files and in-memory readers are checked between reads.
func NewContextReader(ctx context.Context, r io.Reader) io.Reader {
	f, ok := r.(*os.File)
	if !ok {
		return &checkReader{r: r, ctx: ctx}
	}
	return &lazyFileReader{f: f, ctx: ctx}
}

// lazyFileReader asks what kind of file it reads at its first read
// (contextFileReader), so that a command that never reads its standard input pays
// nothing for it.
type lazyFileReader struct {
	f    *os.File
	ctx  context.Context
	once sync.Once
	r    io.Reader
}

func (l *lazyFileReader) Read(p []byte) (int, error) {
	l.once.Do(func() { l.r = contextFileReader(l.ctx, l.f) })
	return l.r.Read(p)
}

// Close stops what the first read set up (the deadline's watch of ctx); it leaves the
// file open.
func (l *lazyFileReader) Close() error {
	l.once.Do(func() { l.r = &checkReader{r: l.f, ctx: l.ctx} }) // never read: nothing to stop
	if c, ok := l.r.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

// contextFileReader is NewContextReader's reader of a file, chosen by its kind.
func contextFileReader(ctx context.Context, f *os.File) io.Reader {
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		return &checkReader{r: f, ctx: ctx}
	}
	if nonBlocking(f) && f.SetReadDeadline(time.Time{}) == nil {
		stop := context.AfterFunc(ctx, func() { f.SetReadDeadline(time.Unix(1, 0)) })
		return &deadlineReader{f: f, ctx: ctx, stop: stop}
	}
	return &pumpReader{r: f, ctx: ctx}
}

// NewPumpReader returns a reader of r whose reads stop with an error wrapping ctx.Err()
// once ctx is cancelled, even a read blocked in r: r is read by a goroutine that is
// abandoned on cancellation. It suits any reader that may block (a network connection,
// a pipe given as an io.Reader).
func NewPumpReader(ctx context.Context, r io.Reader) io.Reader { return &pumpReader{r: r, ctx: ctx} }

// CheckedReader returns r reading only while ctx is not cancelled: ctx is checked
// before each read, which suits readers that do not block (regular files, memory);
// NewContextReader also stops a blocked read. A read after Ctrl-C returns an error
// wrapping ctx.Err() that says "interrupted".
func CheckedReader(ctx context.Context, r io.Reader) io.Reader { return &checkReader{r: r, ctx: ctx} }

// CheckedWriter returns a writer of w that checks ctx before each write: once ctx is
// cancelled a write returns an error wrapping ctx.Err() that says "interrupted",
// without writing. An encoder that stops at its first write error (image/png, a
// buffered SVG writer) then stops at its next buffer's worth of output.
func CheckedWriter(ctx context.Context, w io.Writer) io.Writer { return &checkWriter{w: w, ctx: ctx} }

type checkWriter struct {
	w   io.Writer
	ctx context.Context
}

func (c *checkWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, interrupted{err}
	}
	return c.w.Write(p)
}

type checkReader struct {
	r   io.Reader
	ctx context.Context
}

func (c *checkReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, interrupted{err}
	}
	return c.r.Read(p)
}

type deadlineReader struct {
	f    *os.File
	ctx  context.Context
	stop func() bool
}

func (d *deadlineReader) Read(p []byte) (int, error) {
	n, err := d.f.Read(p)
	if err != nil && d.ctx.Err() != nil && errors.Is(err, os.ErrDeadlineExceeded) {
		err = interrupted{d.ctx.Err()}
	}
	return n, err
}

func (d *deadlineReader) Close() error { d.stop(); return nil }

// pumpReader reads r on its own goroutine so that a read blocked in the kernel does
// not block the caller after ctx is cancelled. Two 64 KiB buffers go round.
type pumpReader struct {
	r    io.Reader
	ctx  context.Context
	once sync.Once
	ch   chan chunk
	free chan []byte
	cur  []byte // the buffer p.buf is part of, returned to free when used up
	buf  []byte // the unread rest of the last chunk
	err  error
}

type chunk struct {
	b   []byte
	err error
}

func (p *pumpReader) Read(b []byte) (int, error) {
	p.once.Do(func() {
		p.ch = make(chan chunk, 1)
		p.free = make(chan []byte, 2)
		p.free <- make([]byte, 64<<10)
		p.free <- make([]byte, 64<<10)
		go func() {
			for {
				var buf []byte
				select {
				case buf = <-p.free:
				case <-p.ctx.Done():
					return
				}
				n, err := p.r.Read(buf)
				select {
				case p.ch <- chunk{buf[:n], err}:
				case <-p.ctx.Done():
					return
				}
				if err != nil {
					return
				}
			}
		}()
	})
	for len(p.buf) == 0 {
		if p.cur != nil {
			p.free <- p.cur[:cap(p.cur)]
			p.cur = nil
		}
		if p.err != nil {
			return 0, p.err
		}
		select {
		case c := <-p.ch:
			p.cur, p.buf, p.err = c.b, c.b, c.err
		case <-p.ctx.Done():
			return 0, interrupted{p.ctx.Err()}
		}
	}
	n := copy(b, p.buf)
	p.buf = p.buf[n:]
	return n, nil
}

// OSFile returns the *os.File under a reader returned by Open or NewContextReader (the stdin commands get is one), when there is one (a file, a FIFO,
// a device, standard input), for callers that need its size or descriptor. Reads should still go through the reader, which honours the context.
func OSFile(r io.Reader) (*os.File, bool) {
	switch v := r.(type) {
	case *os.File:
		return v, true
	case *fileReader:
		return v.f, true
	case *ctxReadCloser:
		return v.f, true
	case *deadlineReader:
		return v.f, true
	case *pumpReader:
		return OSFile(v.r)
	case *checkReader:
		return OSFile(v.r)
	}
	return nil, false
}

// ExpandError is an argument that could not be expanded into inputs.
type ExpandError struct {
	Path string
	Err  error
}

// Error returns "PATH: CAUSE".
func (e *ExpandError) Error() string { return fmt.Sprintf("%s: %v", e.Path, e.Err) }

// Unwrap returns the cause, such as ErrSymlinkLoop.
func (e *ExpandError) Unwrap() error { return e.Err }

// Errors Expand reports in place of an input.
var (
	ErrSymlinkLoop    = errors.New("symbolic link loop")
	ErrDanglingLink   = errors.New("dangling symbolic link (its target does not exist)")
	ErrNotRegularFile = errors.New("not a regular file")
)

// Expand turns FILE|DIR|- arguments into inputs in order: no argument means standard
// input, a directory (or a symbolic link to one) is walked recursively and contributes
// its regular files in sorted path order (hidden files and directories are skipped).
// Inside a walked directory symbolic links are followed; a link loop, a dangling link
// or a special file (FIFO, device, socket) is reported in place rather than skipped.
// A file named as an argument is read whatever its type, so a FIFO or a device works.
// An argument that cannot be read is returned as an error in place (Input with that
// path and the error, in Input.Err and at the same index in errs), so callers can
// report it where it stood and go on with the rest.
func Expand(args []string) (inputs []Input, errs []error) {
	if len(args) == 0 {
		args = []string{"-"}
	}
	add := func(p string, err error) {
		inputs = append(inputs, Input{Path: p, Err: err})
		errs = append(errs, err)
	}
	for _, a := range args {
		if a == "-" {
			add(a, nil)
			continue
		}
		fi, err := os.Stat(a)
		if err != nil {
			add(a, &ExpandError{a, linkError(a, err)})
			continue
		}
		if !fi.IsDir() {
			add(a, nil)
			continue
		}
		var found []walked
		walkDir(a, []os.FileInfo{fi}, &found)
		sort.SliceStable(found, func(i, j int) bool { return found[i].path < found[j].path })
		for _, w := range found {
			add(w.path, w.err)
		}
	}
	return inputs, errs
}

type walked struct {
	path string
	err  error
}

// walkDir appends dir's regular files and errors to found; chain holds the
// directories from the argument down to dir, to detect link loops.
func walkDir(dir string, chain []os.FileInfo, found *[]walked) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		*found = append(*found, walked{dir, &ExpandError{dir, unwrapPath(err)}})
		if len(ents) == 0 {
			return
		}
	}
	for _, d := range ents {
		name := d.Name()
		if len(name) > 1 && name[0] == '.' {
			continue
		}
		p := filepath.Join(dir, name)
		t := d.Type()
		switch {
		case t.IsRegular():
			*found = append(*found, walked{p, nil})
			continue
		case t.IsDir():
			fi, err := d.Info()
			if err != nil {
				*found = append(*found, walked{p, &ExpandError{p, unwrapPath(err)}})
				continue
			}
			walkDir(p, append(chain, fi), found)
			continue
		case t&fs.ModeSymlink == 0 && t&fs.ModeType != 0:
			*found = append(*found, walked{p, &ExpandError{p, fmt.Errorf("%w (%s)", ErrNotRegularFile, kind(t))}})
			continue
		}
		// A symbolic link (or an entry whose type the directory did not say).
		fi, err := os.Stat(p)
		if err != nil {
			*found = append(*found, walked{p, &ExpandError{p, linkError(p, err)}})
			continue
		}
		switch {
		case fi.Mode().IsRegular():
			*found = append(*found, walked{p, nil})
		case fi.IsDir():
			loop := false
			for _, c := range chain {
				loop = loop || os.SameFile(c, fi)
			}
			if loop {
				*found = append(*found, walked{p, &ExpandError{p, fmt.Errorf("%w: it leads back to an enclosing directory", ErrSymlinkLoop)}})
				continue
			}
			walkDir(p, append(chain, fi), found)
		default:
			*found = append(*found, walked{p, &ExpandError{p, fmt.Errorf("%w (%s)", ErrNotRegularFile, kind(fi.Mode()))}})
		}
	}
}

// linkError explains a failed stat of p: a link loop or a dangling link gets its own
// words, anything else the system's.
func linkError(p string, err error) error {
	if errors.Is(err, syscall.ELOOP) {
		return ErrSymlinkLoop
	}
	if errors.Is(err, fs.ErrNotExist) {
		if li, lerr := os.Lstat(p); lerr == nil && li.Mode()&fs.ModeSymlink != 0 {
			if target, rerr := os.Readlink(p); rerr == nil {
				return fmt.Errorf("%w: %s", ErrDanglingLink, target)
			}
			return ErrDanglingLink
		}
	}
	return unwrapPath(err)
}

func kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe; name it as an argument to read it"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device; name it as an argument to read it"
	}
	return "a special file"
}

func unwrapPath(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}

// Name is the input's name in messages: its path, or "stdin".
func (in Input) Name() string {
	if in.Path == "-" {
		return "stdin"
	}
	return in.Path
}

// Cause strips the path that an error from Expand or os repeats, for messages that
// name the input already.
func Cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var ee *ExpandError
	if errors.As(err, &ee) {
		return ee.Err
	}
	return err
}
