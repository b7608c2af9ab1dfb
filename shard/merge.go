package shard

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/boardlab/boardlab/fileio"
)

// Kind is a kind of shard output that a caller knows how to merge (uttt self-play
// records, say), beside those Merge knows itself.
type Kind struct {
	// Name says what the parts hold, for messages.
	Name string
	// Match reports whether head, the first bytes of shard 0's file, is of this kind.
	Match func(head []byte) bool
	// Merge writes the merged output of the parts of shards 0 to N-1, given in order,
	// each read once from its start.
	Merge func(ctx context.Context, parts []Part, w io.Writer) error
}

// Part is one shard's output opened for a merge: its name for messages and a
// buffered reader at its start. Each part is read once, as a stream, so that a part
// given as a pipe or FIFO (merge <(cat part0) ...) merges as a file does; its head is
// looked at with Head, which consumes nothing.
type Part struct {
	Name string
	R    *bufio.Reader
	f    *os.File // a regular file's, read at its end to check a trailer before the merge
}

// partBuffer is the size of a part's read buffer, the most of its start Head shows:
// all parts are open at once, so a merge of thousands of parts holds this much for
// each.
const partBuffer = 16 << 10

// Head returns the first n bytes of the part (fewer if it is shorter) without
// consuming them; n is at most 16 KiB.
func (p Part) Head(n int) ([]byte, error) {
	b, err := p.R.Peek(min(n, partBuffer))
	if err == io.EOF {
		err = nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p.Name, err)
	}
	return b, nil
}

// OpenParts opens the shard files at paths for a merge, in order: a regular file, or a
// FIFO or pipe whose open and reads stop when ctx is cancelled (fileio.Input.Open).
// closeAll closes those opened; on an error they are closed already.
func OpenParts(ctx context.Context, paths []string) (parts []Part, closeAll func(), err error) {
	var closers []io.Closer
	closeAll = func() {
		for _, c := range closers {
			c.Close()
		}
	}
	for _, p := range paths {
		rc, err := fileio.Input{Path: p}.Open(ctx, nil)
		if err != nil {
			closeAll()
			if ctx.Err() != nil {
				return nil, nil, ctx.Err()
			}
			return nil, nil, fmt.Errorf("%s: %w", p, fileio.Cause(err))
		}
		closers = append(closers, rc)
		part := Part{Name: p, R: bufio.NewReaderSize(rc, partBuffer)}
		if f, ok := fileio.OSFile(rc); ok {
			if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
				part.f = f
			}
		}
		parts = append(parts, part)
	}
	return parts, closeAll, nil
}

// Merge combines the outputs of the shards of one job into w, exactly what the
// unsharded run writes. args is either BASE, the common --out path of files
// BASE.K-of-N, or the shard files in any order, each read once, as a stream (a FIFO
// or a pipe such as <(cat part) merges as a file does). By what the files hold:
//   - perft --divide parts (DivideHeader): the per-move counts and their total;
//   - line-stream parts (LinesHeader): the lines back in input order without their
//     line-number prefixes, streamed in bounded memory whatever their length; a part
//     whose header names its job must end with its LinesTrailer, and all must have
//     read the same standard input;
//   - the first of kinds whose Match accepts shard 0's start: its Merge;
//   - anything else: the files concatenated in shard order, byte for byte.
//
// Every shard from 0 to N-1 must be there exactly once and all of one job: a missing,
// doubled, foreign or cut part is an error naming it. Parts whose header names their
// job must all name the same one; parts written before headers named their job merge
// only among themselves. The headers, and the trailers of parts that are regular
// files, are checked before anything is written; a part given as a pipe is checked
// as it ends, after the lines before it have been written. Merge checks ctx between
// reads and returns ctx.Err() when it is cancelled; w then holds part of the output.
func Merge(ctx context.Context, args []string, w io.Writer, kinds ...Kind) error {
	if len(args) == 0 {
		return errors.New("no shard files given")
	}
	paths, err := expandBase(args)
	if err != nil {
		return err
	}
	parts, closeAll, err := OpenParts(ctx, paths)
	if err != nil {
		return err
	}
	defer closeAll()
	head, err := parts[0].Head(4096)
	if err != nil {
		return interruptedOr(ctx, err)
	}
	if bytes.HasPrefix(head, []byte(DivideHeader+" ")) {
		return mergeDivide(ctx, parts, w)
	}
	found, err := findParts(parts)
	if err != nil {
		return interruptedOr(ctx, err)
	}
	if found[0].lines {
		return mergeLines(ctx, found, w)
	}
	sorted := make([]Part, len(found))
	for i, p := range found {
		sorted[i] = p.Part
	}
	if head, err = sorted[0].Head(4096); err != nil {
		return interruptedOr(ctx, err)
	}
	for _, k := range kinds {
		if k.Match(head) {
			return k.Merge(ctx, sorted, w)
		}
	}
	return mergeCat(ctx, sorted, w)
}

// interruptedOr returns ctx.Err() when ctx is cancelled (the error came from it),
// else err.
func interruptedOr(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}

// expandBase returns the files BASE.K-of-N when args is one BASE without such a
// suffix, else args.
func expandBase(args []string) ([]string, error) {
	if len(args) != 1 {
		return args, nil
	}
	if _, _, ok := ParseSuffix(args[0]); ok {
		return args, nil
	}
	var paths []string
	matches, _ := filepath.Glob(globEscape(args[0]) + ".*-of-*")
	for _, m := range matches {
		if base, _, ok := ParseSuffix(m); ok && base == args[0] {
			paths = append(paths, m)
		}
	}
	if len(paths) > 0 {
		return paths, nil
	}
	if _, err := os.Stat(args[0]); err != nil {
		return nil, fmt.Errorf("no shard files %s.K-of-N found", args[0])
	}
	return args, nil
}

// part is one shard's output.
type part struct {
	Part
	shard Shard
	lines bool // a line-stream part (starts with LinesHeader)
}

// jobText describes a part's job for messages.
func (p *part) jobText() string {
	if p.shard.Job.ID == "" {
		return "no job named (an older analyze wrote it)"
	}
	return fmt.Sprintf("job %s of %q", p.shard.Job.ID, p.shard.Job.Name)
}

// findParts reads the parts' headers or names and returns the shards 0..N-1 of one
// job, in order, or an error naming what is missing, doubled or foreign.
func findParts(opened []Part) ([]part, error) {
	var parts []part
	for _, op := range opened {
		p := op.Name
		pt := part{Part: op}
		head, err := op.Head(4096)
		if err != nil {
			return nil, err
		}
		if line, _, _ := bytes.Cut(head, []byte("\n")); bytes.HasPrefix(line, []byte(LinesHeader+" ")) {
			if pt.shard, err = parseLinesHeader(string(line)); err != nil {
				return nil, fmt.Errorf("%s: bad shard header %q: %v", p, prefix(line, 80), err)
			}
			pt.lines = true
		}
		if _, s, ok := ParseSuffix(p); ok {
			if pt.lines && (s.K != pt.shard.K || s.N != pt.shard.N) {
				return nil, fmt.Errorf("%s: its name says shard %s but its header says %s", p, s, pt.shard)
			}
			if !pt.lines {
				pt.shard = s
			}
		} else if !pt.lines {
			return nil, fmt.Errorf("%s: not a shard output (neither named PATH.K-of-N nor starting with %q)", p, LinesHeader)
		}
		parts = append(parts, pt)
	}
	p0 := &parts[0]
	n := p0.shard.N
	byK := make([]*part, n)
	for i := range parts {
		p := &parts[i]
		if p.shard.N != n {
			return nil, fmt.Errorf("%s is shard %s but %s is shard %s: not parts of one job", p.Name, p.shard, p0.Name, p0.shard)
		}
		if p.lines != p0.lines {
			return nil, fmt.Errorf("%s and %s hold different kinds of output", p.Name, p0.Name)
		}
		if p.shard.Job != p0.shard.Job {
			return nil, fmt.Errorf("%s is shard %s of %s, but %s is of %s: not parts of one job", p.Name, p.shard, p.jobText(), p0.Name, p0.jobText())
		}
		if prev := byK[p.shard.K]; prev != nil {
			return nil, fmt.Errorf("shard %s is given twice: %s and %s", p.shard, prev.Name, p.Name)
		}
		byK[p.shard.K] = p
	}
	var missing []string
	for k, p := range byK {
		if p == nil {
			missing = append(missing, fmt.Sprintf("%d/%d", k, n))
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("shard(s) %v of %d missing", missing, n)
	}
	sorted := make([]part, n)
	for k, p := range byK {
		sorted[k] = *p
	}
	return sorted, nil
}

func globEscape(p string) string {
	var b bytes.Buffer
	for _, c := range []byte(p) {
		if c == '*' || c == '?' || c == '[' || c == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	return b.String()
}

// prefix returns at most n bytes of b for a message, with "..." when cut.
func prefix(b []byte, n int) string {
	if len(b) <= n {
		return string(b)
	}
	return string(b[:n]) + "..."
}

// mergeCat concatenates the parts in order.
func mergeCat(ctx context.Context, parts []Part, w io.Writer) error {
	for _, p := range parts {
		if err := ctx.Err(); err != nil {
			return err
		}
		if _, err := io.Copy(w, p.R); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return fmt.Errorf("%s: %v", p.Name, fileio.Cause(err))
		}
	}
	return nil
}

// lineReader reads the indexed lines of one line-stream part: the index of each line
// first (next), then its text, copied through to the output (copyLine), so that a
// line of any length passes in bounded memory.
type lineReader struct {
	part
	line    int64 // line number in the file, for messages
	idx     int64 // index of the pending line; -1 at the end
	last    int64
	num     []byte
	trailer *Trailer // the part's end line, once read
}

// needTrailer reports whether the part must end with its LinesTrailer: parts whose
// header names their job do (those of older versions that named no job did not).
func (l *lineReader) needTrailer() bool { return l.shard.Job.ID != "" }

// cutShort is the error of a part that ended without its trailer.
func (l *lineReader) cutShort() error {
	return fmt.Errorf("%s: cut short after line %d: no %q line at its end (the shard did not finish, or an older analyze wrote it): run that shard again", l.Name, l.line, LinesTrailer)
}

// next reads the index of the part's next line, checking that it belongs to this
// shard and does not go backwards; at the part's end it reads its trailer.
func (l *lineReader) next() error {
	l.num = l.num[:0]
	c, err := l.r().ReadByte()
	if err == io.EOF {
		if l.needTrailer() {
			return l.cutShort()
		}
		l.idx = -1
		return nil
	}
	if err != nil {
		return fmt.Errorf("%s: %w", l.Name, err)
	}
	if c == '#' && l.needTrailer() {
		return l.readTrailer()
	}
	for {
		if c == '\n' || (c != '\t' && len(l.num) > 20) {
			return fmt.Errorf("%s:%d: line without its input-line prefix (N<TAB>)", l.Name, l.line+1)
		}
		if c == '\t' {
			break
		}
		l.num = append(l.num, c)
		if c, err = l.r().ReadByte(); err == io.EOF {
			if l.needTrailer() {
				return fmt.Errorf("%s:%d: cut in the middle of its last line", l.Name, l.line+1)
			}
			return fmt.Errorf("%s:%d: line without its input-line prefix (N<TAB>)", l.Name, l.line+1)
		} else if err != nil {
			return fmt.Errorf("%s: %w", l.Name, err)
		}
	}
	l.line++
	idx, err := strconv.ParseInt(string(l.num), 10, 64)
	if err != nil || idx < 0 {
		return fmt.Errorf("%s:%d: bad input-line prefix %q", l.Name, l.line, l.num)
	}
	if idx%int64(l.shard.N) != int64(l.shard.K) {
		return fmt.Errorf("%s:%d: input line %d does not belong to shard %d/%d", l.Name, l.line, idx, l.shard.K, l.shard.N)
	}
	if idx < l.last {
		return fmt.Errorf("%s:%d: input line %d after %d: lines out of order", l.Name, l.line, idx, l.last)
	}
	l.last, l.idx = idx, idx
	return nil
}

// readTrailer reads the part's end line, after its '#', which must be its last.
func (l *lineReader) readTrailer() error {
	l.line++
	rest, err := l.r().ReadSlice('\n')
	switch {
	case err == io.EOF:
		return fmt.Errorf("%s:%d: cut in the middle of its end line", l.Name, l.line)
	case err == bufio.ErrBufferFull:
		return fmt.Errorf("%s:%d: bad end line %q...", l.Name, l.line, prefix(rest, 40))
	case err != nil:
		return fmt.Errorf("%s: %w", l.Name, err)
	}
	text := "#" + strings.TrimSuffix(string(rest), "\n")
	t, err := parseLinesTrailer(text)
	if err != nil {
		return fmt.Errorf("%s:%d: bad end line %q: %v", l.Name, l.line, prefix([]byte(text), 80), err)
	}
	if _, err := l.r().ReadByte(); err != io.EOF {
		return fmt.Errorf("%s:%d: more after its end line", l.Name, l.line)
	}
	l.trailer, l.idx = &t, -1
	return nil
}

func (l *lineReader) r() *bufio.Reader { return l.R }

// copyLine copies the rest of the pending line, with a newline, to w.
func (l *lineReader) copyLine(ctx context.Context, w io.Writer) error {
	for {
		frag, err := l.r().ReadSlice('\n')
		if len(frag) > 0 {
			if _, werr := w.Write(frag); werr != nil {
				return werr
			}
		}
		switch err {
		case nil:
			return nil
		case bufio.ErrBufferFull: // a long line: go on, unless stopped
			if err := ctx.Err(); err != nil {
				return err
			}
		case io.EOF: // the last line, without its newline
			if l.needTrailer() {
				return fmt.Errorf("%s:%d: cut in the middle of its last line", l.Name, l.line)
			}
			_, werr := w.Write([]byte{'\n'})
			return werr
		default:
			return fmt.Errorf("%s: %w", l.Name, err)
		}
	}
}

// tailTrailer reads the trailer at the end of a part that is a regular file, without
// moving its reader; ok is false for a part that is not one or needs none.
func tailTrailer(p *part) (t Trailer, ok bool, err error) {
	if p.f == nil || p.shard.Job.ID == "" {
		return Trailer{}, false, nil
	}
	fi, err := p.f.Stat()
	if err != nil {
		return Trailer{}, false, fmt.Errorf("%s: %w", p.Name, fileio.Cause(err))
	}
	n := min(fi.Size(), 4096)
	buf := make([]byte, n)
	if _, err := p.f.ReadAt(buf, fi.Size()-n); err != nil && err != io.EOF {
		return Trailer{}, false, fmt.Errorf("%s: %w", p.Name, fileio.Cause(err))
	}
	if !bytes.HasSuffix(buf, []byte("\n")) {
		return Trailer{}, false, fmt.Errorf("%s: cut in the middle of its last line (no %q line at its end): run that shard again", p.Name, LinesTrailer)
	}
	last := buf[bytes.LastIndexByte(buf[:n-1], '\n')+1 : n-1]
	if t, err = parseLinesTrailer(string(last)); err != nil {
		return Trailer{}, false, fmt.Errorf("%s: cut short: no %q line at its end (the shard did not finish, or an older analyze wrote it): run that shard again", p.Name, LinesTrailer)
	}
	return t, true, nil
}

// sameInput checks that the parts read the same standard input: trailers[i] (ok[i])
// is part i's.
func sameInput(parts []part, trailers []Trailer, ok []bool) error {
	first := -1
	for i := range parts {
		if !ok[i] {
			continue
		}
		if first < 0 {
			first = i
			continue
		}
		if trailers[i] != trailers[first] {
			return fmt.Errorf("%s read a %s, but %s read a %s: not parts of one job (the same command on different inputs)",
				parts[i].Name, trailers[i], parts[first].Name, trailers[first])
		}
	}
	return nil
}

// mergeLines merges line-stream parts back into input order: the line with the smallest
// input index first; lines of one input (same index) stay together and in order. The
// trailers of parts that are regular files are checked before anything is written.
func mergeLines(ctx context.Context, parts []part, w io.Writer) error {
	trailers := make([]Trailer, len(parts))
	known := make([]bool, len(parts))
	for i := range parts {
		var err error
		if trailers[i], known[i], err = tailTrailer(&parts[i]); err != nil {
			return err
		}
	}
	if err := sameInput(parts, trailers, known); err != nil {
		return err
	}
	ls := make([]*lineReader, len(parts))
	for i, p := range parts {
		l := &lineReader{part: p, last: -1}
		// The header, checked by findParts: skipped whatever its length.
		for {
			_, err := l.r().ReadSlice('\n')
			if err == nil {
				break
			}
			if err != bufio.ErrBufferFull {
				return interruptedOr(ctx, fmt.Errorf("%s: %w", p.Name, err))
			}
		}
		l.line = 1
		if err := l.next(); err != nil {
			return interruptedOr(ctx, err)
		}
		ls[i] = l
	}
	for n := 0; ; n++ {
		if n&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		var best *lineReader
		for _, l := range ls {
			if l.idx >= 0 && (best == nil || l.idx < best.idx) {
				best = l
			}
		}
		if best == nil {
			break
		}
		if err := best.copyLine(ctx, w); err != nil {
			return interruptedOr(ctx, err)
		}
		if err := best.next(); err != nil {
			return interruptedOr(ctx, err)
		}
	}
	for i, l := range ls {
		if l.trailer != nil {
			trailers[i], known[i] = *l.trailer, true
		}
	}
	if err := sameInput(parts, trailers, known); err != nil {
		return err
	}
	return ctx.Err()
}
