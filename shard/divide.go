package shard

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// DivideHeader starts the output of a shard of a perft --divide, which counts the
// move sequences below a contiguous range of the first moves:
// "#boardlab-perft-divide K/N depth D moves M first F end E position ARGS...".
const DivideHeader = "#boardlab-perft-divide"

// Divide describes a perft --divide shard: its depth, the number of first moves, the
// range [First, End) of them it counts, and the position, as text.
type Divide struct {
	Depth, Moves, First, End int
	Position                 string
}

// WriteDivideHeader writes the header line of shard s of a perft --divide.
func WriteDivideHeader(w io.Writer, s Shard, d Divide) error {
	_, err := fmt.Fprintf(w, "%s %d/%d depth %d moves %d first %d end %d position %s\n",
		DivideHeader, s.K, s.N, d.Depth, d.Moves, d.First, d.End, d.Position)
	return err
}

// DivideError is a part of a perft divide merge that is not a divide shard's output:
// an empty file, or one whose first line is not a DivideHeader line.
type DivideError struct {
	Path  string
	Empty bool
}

func (e *DivideError) Error() string {
	if e.Empty {
		return e.Path + ": empty: not the output of a perft divide shard"
	}
	return fmt.Sprintf("%s:1: not a perft divide shard header (%s)", e.Path, DivideHeaderForm)
}

// DivideHeaderForm is the form of a DivideHeader line, for messages.
const DivideHeaderForm = DivideHeader + " K/N depth D moves M first F end E position ..."

type divideShard struct {
	path  string
	k, n  int
	d     Divide
	lines []string // "MOVE COUNT"
	total uint64
}

// mergeDivide merges the outputs of the shards of a perft --divide into what the
// unsharded --divide prints: every first move's count in move order, then
// "D TOTAL". A missing, doubled or unfinished shard is an error naming it.
func mergeDivide(ctx context.Context, parts []Part, w io.Writer) error {
	var byK []*divideShard
	var s0 *divideShard
	for _, p := range parts {
		if err := ctx.Err(); err != nil {
			return err
		}
		s, err := readDivideShard(ctx, p)
		if err != nil {
			return interruptedOr(ctx, err)
		}
		if s0 == nil {
			s0, byK = s, make([]*divideShard, s.n)
		}
		if s.n != s0.n || s.d.Depth != s0.d.Depth || s.d.Moves != s0.d.Moves || s.d.Position != s0.d.Position {
			return fmt.Errorf("%s (shard %d/%d, depth %d, position %s) and %s (shard %d/%d, depth %d, position %s) are parts of different runs",
				s.path, s.k, s.n, s.d.Depth, s.d.Position, s0.path, s0.k, s0.n, s0.d.Depth, s0.d.Position)
		}
		if byK[s.k] != nil {
			return fmt.Errorf("shard %d/%d given twice: %s and %s", s.k, s.n, byK[s.k].path, s.path)
		}
		byK[s.k] = s
	}
	end := 0
	for k, s := range byK {
		if s == nil {
			lo, hi := Shard{K: k, N: s0.n}.Range(int64(s0.d.Moves))
			return fmt.Errorf("shard %d/%d (first moves %d..%d of %d) is missing", k, s0.n, lo, hi-1, s0.d.Moves)
		}
		if s.d.First != end {
			return fmt.Errorf("%s holds first moves %d..%d, but the shards before it end at %d", s.path, s.d.First, s.d.End-1, end)
		}
		end = s.d.End
	}
	bw := bufio.NewWriter(w)
	var total uint64
	for _, s := range byK {
		for _, l := range s.lines {
			bw.WriteString(l)
			bw.WriteByte('\n')
		}
		total += s.total
	}
	fmt.Fprintf(bw, "%d %d\n", s0.d.Depth, total)
	return bw.Flush()
}

func readDivideShard(ctx context.Context, p Part) (*divideShard, error) {
	path, r := p.Name, p.R
	// Lines of any length: a line is read whole, bounded only by memory.
	readLine := func() (string, bool, error) {
		s, err := r.ReadString('\n')
		if err == io.EOF {
			return strings.TrimSuffix(s, "\r"), s != "", nil
		}
		if err != nil {
			if errors.Is(err, ctx.Err()) && ctx.Err() != nil {
				return "", false, ctx.Err()
			}
			return "", false, fmt.Errorf("%s: %w", path, err)
		}
		return strings.TrimSuffix(strings.TrimSuffix(s, "\n"), "\r"), true, nil
	}
	first, ok, err := readLine()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, &DivideError{Path: path, Empty: true}
	}
	s := &divideShard{path: path}
	h := strings.Fields(first)
	bad := &DivideError{Path: path}
	if len(h) < 12 || h[0] != DivideHeader || h[2] != "depth" || h[4] != "moves" || h[6] != "first" || h[8] != "end" || h[10] != "position" {
		return nil, bad
	}
	var sh Shard
	if sh.Set(h[1]) != nil {
		return nil, bad
	}
	s.k, s.n = sh.K, sh.N
	for _, v := range []struct {
		dst *int
		s   string
	}{{&s.d.Depth, h[3]}, {&s.d.Moves, h[5]}, {&s.d.First, h[7]}, {&s.d.End, h[9]}} {
		if *v.dst, err = strconv.Atoi(v.s); err != nil {
			return nil, bad
		}
	}
	s.d.Position = strings.Join(h[11:], " ")
	if lo, hi := sh.Range(int64(s.d.Moves)); int(lo) != s.d.First || int(hi) != s.d.End {
		return nil, fmt.Errorf("%s:1: shard %d/%d of %d first moves should hold %d..%d, not %d..%d", path, s.k, s.n, s.d.Moves, lo, hi-1, s.d.First, s.d.End-1)
	}
	var sum uint64
	done := false
	for ln := 2; ; ln++ {
		text, ok, err := readLine()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		mv, cnt, ok := strings.Cut(text, " ")
		n, err := strconv.ParseUint(cnt, 10, 64)
		if !ok || err != nil {
			return nil, fmt.Errorf("%s:%d: want \"MOVE COUNT\" or \"DEPTH TOTAL\", got %.40q", path, ln, text)
		}
		if done {
			return nil, fmt.Errorf("%s:%d: a line after the total", path, ln)
		}
		if mv == strconv.Itoa(s.d.Depth) && len(s.lines) == s.d.End-s.d.First {
			if n != sum {
				return nil, fmt.Errorf("%s:%d: total %d, but the moves add up to %d", path, ln, n, sum)
			}
			s.total, done = n, true
			continue
		}
		s.lines = append(s.lines, text)
		sum += n
	}
	if !done {
		return nil, fmt.Errorf("%s: %d of its %d first moves and no total line: the shard did not finish; run it again", path, len(s.lines), s.d.End-s.d.First)
	}
	return s, nil
}
