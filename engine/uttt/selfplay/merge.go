package selfplay

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/boardlab/boardlab/engine/uttt/selfplay/record"
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

// Merge reads the output files of one match, either the shards' files (each starting with
// its header) or unsharded files, and computes the statistics the unsharded run
// prints: the games are counted in index order, the SPRT judged after each. A missing
// or doubled shard, a missing or doubled game and a file of another match are errors
// naming the file (record.Files and record.Shards check the files). sprt, when not
// nil, replaces the headers' test.
func Merge(ctx context.Context, parts []shard.Part, sprt *stats.SPRT, sample bool) (*Merged, error) {
	files, err := record.Files(parts)
	if err != nil {
		return nil, err
	}
	id := files[0].ID
	a, err := recordedBot(id.A)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", files[0].Path, err)
	}
	b, err := recordedBot(id.B)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", files[0].Path, err)
	}
	res := &Merged{Match: &Match{A: a, B: b, Seed: id.Seed, Openings: id.Openings, TieBreak: id.TieBreak == "boards"}, SPRT: sprt}
	return res, res.read(ctx, files, sample)
}

func (res *Merged) read(ctx context.Context, files []record.File, sample bool) error {
	stop := math.MaxInt
	sharded := files[0].Header != nil
	if sharded {
		var err error
		if files, err = record.Shards(files); err != nil {
			return err
		}
		h0 := files[0].Header
		stop = h0.Games
		res.Games, res.Shards = h0.Games, h0.N
		if res.SPRT == nil {
			res.SPRT = h0.SPRT
		}
	}
	seq := NewSequence(0, stop, res.SPRT, sample)
	q := newPending(window)
	id := res.Match.ID()
	for k := range files {
		f := &files[k]
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := mergeFile(ctx, f, id, seq, q); err != nil {
			return err
		}
		if seq.Decided() {
			break
		}
		if f.Header != nil && seq.Next() < f.Header.End {
			return fmt.Errorf("%s (%s): %s: did the shard finish? run it again to complete it", f.Path, f.Header, missing(seq.Next(), q, f.Header.End))
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

func mergeFile(ctx context.Context, f *record.File, id record.ID, seq *Sequence, q *pending) error {
	lines := 0
	path, hdr := f.Path, f.Header
	return f.Scan(id, func(ln, i int, r record.Result) error {
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
}

// recordedBot is the bot of a recorded match's spec: a zoo bot, or a Named one for a
// CodinGame command ("cg:...").
func recordedBot(spec string) (zoo.Bot, error) {
	if strings.HasPrefix(spec, "cg:") {
		return Named(spec), nil
	}
	return zoo.Parse(spec)
}
