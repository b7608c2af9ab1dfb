package selfplay

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/boardlab/boardlab/engine/uttt/stats"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
	"github.com/boardlab/boardlab/shard"
)

// Merged is the outcome of Merge: the match, its SPRT (from the shard headers, unless
// given) and the statistics over all games in index order.
type Merged struct {
	Match   *Match
	SPRT    *stats.SPRT
	Summary Summary
	Games   int // the match's count of games (from the headers), or the games found
	Shards  int // the shards merged (0: unsharded files)
	// Missing, for unsharded files only, describes the first games missing before the
	// last one present (an interrupted run); the games present are all counted, as the
	// interrupted run counted them. Shards must be complete: a gap is an error.
	Missing string
}

// ErrEmpty is an empty file given to Merge, which holds neither a shard header nor a game.
var ErrEmpty = errors.New("empty")

// Merge reads the output files of one match, either the shards' files (each starting with
// its header) or unsharded files, and computes the statistics the unsharded run
// prints: the games are counted in index order, the SPRT judged after each. A missing
// or doubled shard, a missing or doubled game and a file of another match are errors
// naming the file. sprt, when not nil, replaces the headers' test.
func Merge(ctx context.Context, parts []shard.Part, sprt *stats.SPRT, sample bool) (*Merged, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("no self-play files to merge")
	}
	type file struct {
		path string
		hdr  *Header
		id   Game
	}
	files := make([]file, len(parts))
	for k, part := range parts {
		p := part.Name
		h, id, err := peekOut(part)
		if err != nil {
			return nil, err
		}
		files[k] = file{p, h, id}
		if k > 0 {
			a := files[0]
			if id.A != a.id.A || id.B != a.id.B || id.Seed != a.id.Seed || id.Openings != a.id.Openings || id.TieBreak != a.id.TieBreak {
				return nil, fmt.Errorf("%s is another match (a=%s b=%s seed=%d openings=%d%s) than %s (a=%s b=%s seed=%d openings=%d%s)",
					p, id.A, id.B, id.Seed, id.Openings, tieBreakText(id.TieBreak), a.path, a.id.A, a.id.B, a.id.Seed, a.id.Openings, tieBreakText(a.id.TieBreak))
			}
			if (h == nil) != (a.hdr == nil) {
				withHdr, without := p, a.path
				if h == nil {
					withHdr, without = a.path, p
				}
				return nil, fmt.Errorf("%s is a shard's file and %s is not: merge the files of one sharded run, or unsharded files", withHdr, without)
			}
		}
	}
	id := files[0].id
	a, err := recordedBot(id.A)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", files[0].path, err)
	}
	b, err := recordedBot(id.B)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", files[0].path, err)
	}
	refs := make([]fileRef, len(files))
	for k, f := range files {
		refs[k] = fileRef{f.path, parts[k].R, f.hdr}
	}
	res := &Merged{Match: &Match{A: a, B: b, Seed: id.Seed, Openings: id.Openings, TieBreak: id.TieBreak == "boards"}, SPRT: sprt}
	return res, res.read(ctx, files[0].hdr != nil, refs, sample)
}

type fileRef struct {
	path string
	r    io.Reader // read once, from the file's start
	hdr  *Header
}

func (res *Merged) read(ctx context.Context, sharded bool, files []fileRef, sample bool) error {
	stop := math.MaxInt
	if sharded {
		h0 := files[0].hdr
		byK := make([]*fileRef, h0.N)
		for k := range files {
			f := &files[k]
			h := f.hdr
			if h.N != h0.N || h.Games != h0.Games {
				return fmt.Errorf("%s is %s but %s is %s: shards of different runs", f.path, h, files[0].path, h0)
			}
			if (h.SPRT == nil) != (h0.SPRT == nil) || h.SPRT != nil && *h.SPRT != *h0.SPRT {
				me := mismatch(OtherSPRT, f.path, "%s and %s judged different SPRTs: shards of different runs", f.path, files[0].path)
				me.Other = files[0].path
				return me
			}
			if byK[h.K] != nil {
				return fmt.Errorf("shard %d/%d given twice: %s and %s", h.K, h.N, byK[h.K].path, f.path)
			}
			byK[h.K] = f
		}
		end := 0
		for k, f := range byK {
			if f == nil {
				lo, hi := shard.Shard{K: k, N: h0.N}.Range(int64(h0.Games))
				return fmt.Errorf("shard %d/%d (games %d..%d) is missing", k, h0.N, lo, hi-1)
			}
			if f.hdr.First != end {
				return fmt.Errorf("%s holds games %d..%d, but the shards before it end at game %d", f.path, f.hdr.First, f.hdr.End-1, end)
			}
			end = f.hdr.End
		}
		if end != h0.Games {
			return fmt.Errorf("the shards end at game %d, not at %d", end, h0.Games)
		}
		ordered := make([]fileRef, 0, len(byK))
		for _, f := range byK {
			ordered = append(ordered, *f)
		}
		files = ordered
		stop = h0.Games
		res.Games, res.Shards = h0.Games, h0.N
		if res.SPRT == nil {
			res.SPRT = h0.SPRT
		}
	}
	seq := NewSequence(0, stop, res.SPRT, sample)
	q := newPending(window)
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := mergeFile(ctx, f.path, f.r, f.hdr, res.Match, seq, q); err != nil {
			return err
		}
		if seq.Decided() {
			break
		}
		if f.hdr != nil && seq.Next() < f.hdr.End {
			return fmt.Errorf("%s (%s): %s: did the shard finish? run it again to complete it", f.path, f.hdr, missing(seq.Next(), q, f.hdr.End))
		}
	}
	if !seq.Decided() && q.count > 0 {
		res.Missing = missing(seq.Next(), q, q.max+1)
		q.drain(seq)
	}
	res.Summary = seq.Summary()
	if !sharded {
		res.Games = seq.Next()
		if !seq.Decided() {
			res.Summary.Stop = seq.Next()
		}
	}
	if res.Missing != "" {
		res.Summary.Stop = res.Games
	}
	return nil
}

// missing describes the first run of games missing from next on.
func missing(next int, q *pending, end int) string {
	first := end
	for i := next; i < end && i-next < len(q.ring); i++ {
		if q.ring[i&q.mask] != 0 {
			first = i
			break
		}
	}
	for i := range q.over {
		first = min(first, i)
	}
	if first-1 == next {
		return fmt.Sprintf("game %d is missing", next)
	}
	return fmt.Sprintf("games %d..%d are missing", next, first-1)
}

func mergeFile(ctx context.Context, path string, f io.Reader, hdr *Header, m *Match, seq *Sequence, q *pending) error {
	lines := 0
	_, _, err := scanGames(f, path, -1, m, func(ln, i int, r Result) error {
		if lines++; lines%4096 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		if hdr != nil && (i < hdr.First || i >= hdr.End) {
			return fmt.Errorf("%s:%d: game %d is outside the file's %s", path, ln, i, hdr)
		}
		if seq.Decided() {
			return nil
		}
		ok, err := q.put(seq.Next(), i, r)
		if err != nil {
			return fmt.Errorf("%s:%d: %v", path, ln, err)
		}
		if !ok {
			return fmt.Errorf("%s:%d: game %d appears a second time", path, ln, i)
		}
		q.advance(seq)
		return nil
	})
	return err
}

// peekOut looks at the first line of an output file, without consuming it: its shard
// header, and the match (from the header or the first game).
func peekOut(part shard.Part) (*Header, Game, error) {
	path := part.Name
	head, err := part.Head(16 << 10)
	if err != nil {
		return nil, Game{}, err
	}
	if len(head) == 0 {
		return nil, Game{}, fmt.Errorf("%s: %w", path, ErrEmpty)
	}
	line, _, _ := bytes.Cut(head, []byte("\n"))
	var h Header
	if json.Unmarshal(line, &h) == nil && h.Kind == "shard" {
		if h.N < 1 || h.K < 0 || h.K >= h.N || h.First > h.End {
			return nil, Game{}, fmt.Errorf("%s:1: not a self-play shard header", path)
		}
		return &h, Game{A: h.A, B: h.B, Seed: h.Seed, Openings: h.Openings, TieBreak: h.TieBreak}, nil
	}
	var g Game
	if err := json.Unmarshal(line, &g); err != nil || g.A == "" {
		return nil, Game{}, fmt.Errorf("%s:1: not a self-play game record or shard header", path)
	}
	return nil, g, nil
}

// recordedBot is the bot of a recorded match's spec: a zoo bot, or a Named one for a
// CodinGame command ("cg:...").
func recordedBot(spec string) (zoo.Bot, error) {
	if strings.HasPrefix(spec, "cg:") {
		return Named(spec), nil
	}
	return zoo.Parse(spec)
}
