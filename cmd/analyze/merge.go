package main

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

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/shard"
)

const mergeUsage = "analyze merge [-o FILE] BASE | SHARD-FILE..."

const mergeHelp = `Combines the outputs of a job run as shards (--shard K/N, or a scheduler's index
variable) into exactly what the unsharded run prints.

BASE names the shards' common --out path: the files BASE.0-of-N ... BASE.(N-1)-of-N are
merged. Shard files may also be listed one by one, in any order. Every shard from 0 to
N-1 must be there exactly once; a missing, doubled or foreign shard is an error naming it.

How the parts combine depends on what they hold, recognised from their contents:
  - line-stream shards (goban score --lines, wythoff move, qttt score on a stream: files
    starting with "#boardlab-shard-lines K/N"): lines back in input order, without the
    line-number prefixes; the shards may be files of any name (redirected stdout);
  - self-play records (uttt selfplay --out): the statistics report of the whole run;
  - game reviews (uttt review --out): the move and game lines in order and the players'
    summary over all games;
  - perft --divide parts: the per-move counts and their total;
  - anything else (tables, generated boards, ordered results of a file list): the parts
    concatenated in shard order, byte for byte.`

// merger combines complete, checked shard files into w.
type merger func(ctx context.Context, shards []shardFile, w io.Writer, stdout, stderr io.Writer) error

// shardFile is one part of a sharded job's output.
type shardFile struct {
	path  string
	shard shard.Shard
	lines bool // a line-stream shard (starts with shard.LinesHeader)
}

// mergeKinds are the content-specific mergers, tried in order on the first bytes of
// shard 0; the concatenation is the fallback. Groups register theirs in init.
var mergeKinds []struct {
	name  string
	match func(head []byte) bool
	merge merger
}

func runMerge(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("merge", mergeUsage, mergeHelp, stderr)
	outPath := cli.OutFlag(fs, "write the merged output to `FILE` (atomically) instead of stdout")
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	if len(pos) == 0 {
		return cli.Usagef(stderr, "merge", "no shard files given")
	}
	out, err := fileio.CreateOutput(*outPath, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "analyze merge: %v\n", err)
		return cli.ExitUsage
	}
	// Kinds that check their own parts, whatever the files are named.
	if head, err := readHead(pos[0], 4096); err == nil {
		for _, k := range directKinds {
			if k.match(head) {
				return finishMerge(k.merge(ctx, pos, out, stderr), out, stderr)
			}
		}
	}
	shards, err := findShards(pos)
	if err != nil {
		out.Abort()
		fmt.Fprintf(stderr, "analyze merge: %v\n", err)
		return cli.ExitFail
	}
	head, err := readHead(shards[0].path, 4096)
	if err != nil {
		out.Abort()
		fmt.Fprintf(stderr, "analyze merge: %v\n", err)
		return cli.ExitFail
	}
	merge := merger(mergeCat)
	if shards[0].lines {
		merge = mergeLines
	} else {
		for _, k := range mergeKinds {
			if k.match(head) {
				merge = k.merge
				break
			}
		}
	}
	return finishMerge(merge(ctx, shards, out, stdout, stderr), out, stderr)
}

// reported is an error a merger has already printed; its exit status is code.
type reported struct{ code int }

func (r reported) Error() string { return fmt.Sprintf("exit status %d", r.code) }

// finishMerge commits the output after a successful merge, or discards it and reports
// the error.
func finishMerge(err error, out *fileio.Output, stderr io.Writer) int {
	if err != nil {
		out.Abort()
		var r reported
		switch {
		case errors.As(err, &r):
			return r.code
		case errors.Is(err, context.Canceled):
			fmt.Fprintf(stderr, "analyze merge: interrupted\n")
			return cli.ExitInterrupted
		}
		fmt.Fprintf(stderr, "analyze merge: %v\n", err)
		return cli.ExitFail
	}
	if err := out.Commit(); err != nil {
		fmt.Fprintf(stderr, "analyze merge: %v\n", err)
		return cli.ExitFail
	}
	return cli.ExitOK
}

// findShards resolves the arguments into the shards 0..N-1 of one job, in order, or an
// error naming what is missing, doubled or inconsistent.
func findShards(args []string) ([]shardFile, error) {
	var paths []string
	if len(args) == 1 {
		if _, _, ok := shard.ParseSuffix(args[0]); !ok {
			matches, _ := filepath.Glob(globEscape(args[0]) + ".*-of-*")
			for _, m := range matches {
				if base, _, ok := shard.ParseSuffix(m); ok && base == args[0] {
					paths = append(paths, m)
				}
			}
			if len(paths) == 0 {
				if _, err := os.Stat(args[0]); err != nil {
					return nil, fmt.Errorf("no shard files %s.K-of-N found", args[0])
				}
			}
		}
	}
	if len(paths) == 0 {
		paths = args
	}
	var shards []shardFile
	for _, p := range paths {
		sf := shardFile{path: p}
		head, err := readHead(p, 128)
		if err != nil {
			return nil, err
		}
		if line, _, _ := bytes.Cut(head, []byte("\n")); bytes.HasPrefix(line, []byte(shard.LinesHeader+" ")) {
			if err := sf.shard.Set(string(line[len(shard.LinesHeader)+1:])); err != nil {
				return nil, fmt.Errorf("%s: bad shard header %q: %v", p, line, err)
			}
			sf.lines = true
		}
		if _, s, ok := shard.ParseSuffix(p); ok {
			if sf.lines && s != sf.shard {
				return nil, fmt.Errorf("%s: its name says shard %s but its header says %s", p, s, sf.shard)
			}
			sf.shard = s
		} else if !sf.lines {
			return nil, fmt.Errorf("%s: not a shard output (neither named PATH.K-of-N nor starting with %q)", p, shard.LinesHeader)
		}
		shards = append(shards, sf)
	}
	n := shards[0].shard.N
	byK := make([]*shardFile, n)
	for i := range shards {
		s := &shards[i]
		if s.shard.N != n {
			return nil, fmt.Errorf("%s is shard %s but %s is shard %s: not parts of one job", s.path, s.shard, shards[0].path, shards[0].shard)
		}
		if s.lines != shards[0].lines {
			return nil, fmt.Errorf("%s and %s hold different kinds of output", s.path, shards[0].path)
		}
		if prev := byK[s.shard.K]; prev != nil {
			return nil, fmt.Errorf("shard %s is given twice: %s and %s", s.shard, prev.path, s.path)
		}
		byK[s.shard.K] = s
	}
	var missing []string
	for k, s := range byK {
		if s == nil {
			missing = append(missing, fmt.Sprintf("%d/%d", k, n))
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("shard(s) %v of %d missing", missing, n)
	}
	sorted := make([]shardFile, n)
	for k, s := range byK {
		sorted[k] = *s
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

// mergeCat concatenates the shards in order.
func mergeCat(ctx context.Context, shards []shardFile, w io.Writer, _, _ io.Writer) error {
	for _, s := range shards {
		if err := ctx.Err(); err != nil {
			return err
		}
		f, err := os.Open(s.path)
		if err != nil {
			return err
		}
		_, err = io.Copy(w, f)
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %v", s.path, err)
		}
	}
	return nil
}

// lineShard reads the indexed lines of one line-stream shard.
type lineShard struct {
	shardFile
	r    *bufio.Reader
	f    *os.File
	line int   // line number in the file, for messages
	idx  int64 // index of the current line; -1 at the end
	cur  []byte
	last int64
}

// next reads the shard's next line and its index, checking that the index belongs to
// this shard and does not go backwards.
func (s *lineShard) next() error {
	line, err := s.r.ReadSlice('\n')
	for err == bufio.ErrBufferFull {
		var more []byte
		more, err = s.r.ReadSlice('\n')
		line = append(append([]byte(nil), line...), more...)
	}
	if err == io.EOF && len(line) == 0 {
		s.idx = -1
		return nil
	}
	if err != nil && err != io.EOF {
		return fmt.Errorf("%s: %v", s.path, err)
	}
	s.line++
	tab := bytes.IndexByte(line, '\t')
	if tab <= 0 {
		return fmt.Errorf("%s:%d: line without its input-line prefix (N<TAB>)", s.path, s.line)
	}
	idx, perr := strconv.ParseInt(string(line[:tab]), 10, 64)
	if perr != nil || idx < 0 {
		return fmt.Errorf("%s:%d: bad input-line prefix %q", s.path, s.line, line[:tab])
	}
	if idx%int64(s.shard.N) != int64(s.shard.K) {
		return fmt.Errorf("%s:%d: input line %d does not belong to shard %s", s.path, s.line, idx, s.shard)
	}
	if idx < s.last {
		return fmt.Errorf("%s:%d: input line %d after %d: lines out of order", s.path, s.line, idx, s.last)
	}
	s.last, s.idx, s.cur = idx, idx, line[tab+1:]
	if len(s.cur) == 0 || s.cur[len(s.cur)-1] != '\n' {
		s.cur = append(s.cur, '\n')
	}
	return nil
}

// mergeLines merges line-stream shards back into input order: the line with the smallest
// input index first; lines of one input (same index) stay together and in order.
func mergeLines(ctx context.Context, shards []shardFile, w io.Writer, _, _ io.Writer) error {
	ls := make([]*lineShard, len(shards))
	for i, s := range shards {
		f, err := os.Open(s.path)
		if err != nil {
			return err
		}
		defer f.Close()
		l := &lineShard{shardFile: s, f: f, r: bufio.NewReaderSize(f, 1<<16), last: -1}
		if _, err := l.r.ReadSlice('\n'); err != nil { // the header, checked by findShards
			return fmt.Errorf("%s: %v", s.path, err)
		}
		l.line = 1
		if err := l.next(); err != nil {
			return err
		}
		ls[i] = l
	}
	for n := 0; ; n++ {
		if n&4095 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		var best *lineShard
		for _, l := range ls {
			if l.idx >= 0 && (best == nil || l.idx < best.idx) {
				best = l
			}
		}
		if best == nil {
			return nil
		}
		if _, err := w.Write(best.cur); err != nil {
			return err
		}
		if err := best.next(); err != nil {
			return err
		}
	}
}
