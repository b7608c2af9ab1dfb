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
)

// Kind is a kind of shard output that a caller knows how to merge (uttt self-play
// records, say), beside those Merge knows itself.
type Kind struct {
	// Name says what the parts hold, for messages.
	Name string
	// Match reports whether head, the first bytes of shard 0's file, is of this kind.
	Match func(head []byte) bool
	// Merge writes the merged output of the files of shards 0 to N-1, given in order.
	Merge func(ctx context.Context, paths []string, w io.Writer) error
}

// Merge combines the outputs of the shards of one job into w, exactly what the
// unsharded run writes. args is either BASE, the common --out path of files
// BASE.K-of-N, or the shard files in any order. By what the files hold:
//   - perft --divide parts (DivideHeader): the per-move counts and their total;
//   - line-stream parts (LinesHeader): the lines back in input order without their
//     line-number prefixes, streamed in bounded memory whatever their length;
//   - the first of kinds whose Match accepts shard 0's start: its Merge;
//   - anything else: the files concatenated in shard order, byte for byte.
//
// Every shard from 0 to N-1 must be there exactly once and all of one job: a missing,
// doubled or foreign part is an error naming it. Parts whose header names their job
// must all name the same one; parts written before headers named their job merge
// only among themselves. Merge checks ctx between reads and returns ctx.Err() when it
// is cancelled; w then holds part of the output.
func Merge(ctx context.Context, args []string, w io.Writer, kinds ...Kind) error {
	if len(args) == 0 {
		return errors.New("no shard files given")
	}
	paths, err := expandBase(args)
	if err != nil {
		return err
	}
	if head, err := readHead(paths[0], 4096); err == nil && bytes.HasPrefix(head, []byte(DivideHeader+" ")) {
		return mergeDivide(ctx, paths, w)
	}
	parts, err := findParts(paths)
	if err != nil {
		return err
	}
	if parts[0].lines {
		return mergeLines(ctx, parts, w)
	}
	head, err := readHead(parts[0].path, 4096)
	if err != nil {
		return err
	}
	sorted := make([]string, len(parts))
	for i, p := range parts {
		sorted[i] = p.path
	}
	for _, k := range kinds {
		if k.Match(head) {
			return k.Merge(ctx, sorted, w)
		}
	}
	return mergeCat(ctx, sorted, w)
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

// part is one shard's output file.
type part struct {
	path  string
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
func findParts(paths []string) ([]part, error) {
	var parts []part
	for _, p := range paths {
		pt := part{path: p}
		head, err := readHead(p, 4096)
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
			return nil, fmt.Errorf("%s is shard %s but %s is shard %s: not parts of one job", p.path, p.shard, p0.path, p0.shard)
		}
		if p.lines != p0.lines {
			return nil, fmt.Errorf("%s and %s hold different kinds of output", p.path, p0.path)
		}
		if p.shard.Job != p0.shard.Job {
			return nil, fmt.Errorf("%s is shard %s of %s, but %s is of %s: not parts of one job", p.path, p.shard, p.jobText(), p0.path, p0.jobText())
		}
		if prev := byK[p.shard.K]; prev != nil {
			return nil, fmt.Errorf("shard %s is given twice: %s and %s", p.shard, prev.path, p.path)
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

func readHead(path string, n int) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	buf := make([]byte, n)
	m, err := io.ReadFull(f, buf)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return nil, err
	}
	return buf[:m], nil
}

// prefix returns at most n bytes of b for a message, with "..." when cut.
func prefix(b []byte, n int) string {
	if len(b) <= n {
		return string(b)
	}
	return string(b[:n]) + "..."
}

// ctxReader reads r while ctx is not cancelled.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(b []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(b)
}

// mergeCat concatenates the files in order.
func mergeCat(ctx context.Context, paths []string, w io.Writer) error {
	for _, p := range paths {
		if err := ctx.Err(); err != nil {
			return err
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		_, err = io.Copy(w, ctxReader{ctx, f})
		f.Close()
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return fmt.Errorf("%s: %v", p, err)
		}
	}
	return nil
}

// lineReader reads the indexed lines of one line-stream part: the index of each line
// first (next), then its text, copied through to the output (copyLine), so that a
// line of any length passes in bounded memory.
type lineReader struct {
	part
	f    *os.File
	r    *bufio.Reader
	line int64 // line number in the file, for messages
	idx  int64 // index of the pending line; -1 at the end
	last int64
	num  []byte
}

// next reads the index of the part's next line, checking that it belongs to this
// shard and does not go backwards.
func (l *lineReader) next() error {
	l.num = l.num[:0]
	for {
		c, err := l.r.ReadByte()
		if err == io.EOF && len(l.num) == 0 {
			l.idx = -1
			return nil
		}
		if err != nil && err != io.EOF {
			return fmt.Errorf("%s: %w", l.path, err)
		}
		if err == io.EOF || c == '\n' || (c != '\t' && len(l.num) > 20) {
			return fmt.Errorf("%s:%d: line without its input-line prefix (N<TAB>)", l.path, l.line+1)
		}
		if c == '\t' {
			break
		}
		l.num = append(l.num, c)
	}
	l.line++
	idx, err := strconv.ParseInt(string(l.num), 10, 64)
	if err != nil || idx < 0 {
		return fmt.Errorf("%s:%d: bad input-line prefix %q", l.path, l.line, l.num)
	}
	if idx%int64(l.shard.N) != int64(l.shard.K) {
		return fmt.Errorf("%s:%d: input line %d does not belong to shard %d/%d", l.path, l.line, idx, l.shard.K, l.shard.N)
	}
	if idx < l.last {
		return fmt.Errorf("%s:%d: input line %d after %d: lines out of order", l.path, l.line, idx, l.last)
	}
	l.last, l.idx = idx, idx
	return nil
}

// copyLine copies the rest of the pending line, with a newline, to w.
func (l *lineReader) copyLine(ctx context.Context, w io.Writer) error {
	for {
		frag, err := l.r.ReadSlice('\n')
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
			_, werr := w.Write([]byte{'\n'})
			return werr
		default:
			return fmt.Errorf("%s: %w", l.path, err)
		}
	}
}

// mergeLines merges line-stream parts back into input order: the line with the smallest
// input index first; lines of one input (same index) stay together and in order.
func mergeLines(ctx context.Context, parts []part, w io.Writer) error {
	ls := make([]*lineReader, len(parts))
	for i, p := range parts {
		f, err := os.Open(p.path)
		if err != nil {
			return err
		}
		defer f.Close()
		l := &lineReader{part: p, f: f, r: bufio.NewReaderSize(ctxReader{ctx, f}, 1<<16), last: -1}
		// The header, checked by findParts: skipped whatever its length.
		for {
			_, err := l.r.ReadSlice('\n')
			if err == nil {
				break
			}
			if err != bufio.ErrBufferFull {
				return fmt.Errorf("%s: %w", p.path, err)
			}
		}
		l.line = 1
		if err := l.next(); err != nil {
			return err
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
			return ctx.Err()
		}
		if err := best.copyLine(ctx, w); err != nil {
			return err
		}
		if err := best.next(); err != nil {
			return err
		}
	}
}
