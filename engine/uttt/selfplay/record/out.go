package record

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/stats"
)

// SyncEvery is how often Out flushes and fsyncs finished games to disk.
const SyncEvery = 200 * time.Millisecond

// Header is the first line of a shard's output file: which part of which match it
// holds, so that a merge can check that no part is missing or doubled and can judge
// the SPRT over all of them. Unsharded files have no header.
type Header struct {
	Kind     string      `json:"selfplay"` // "shard"
	K        int         `json:"k"`
	N        int         `json:"n"`
	Games    int         `json:"games"` // the whole match's count of games
	First    int         `json:"first"` // the shard's games are [First, End)
	End      int         `json:"end"`
	A        string      `json:"a"`
	B        string      `json:"b"`
	Seed     uint64      `json:"seed"`
	Openings int         `json:"openings"`
	TieBreak string      `json:"tiebreak,omitempty"` // "boards" with the tie-break
	SPRT     *stats.SPRT `json:"sprt,omitempty"`
}

// ShardHeader returns the header of shard k of n of match id, of games games.
func ShardHeader(id ID, k, n, games, first, end int, sprt *stats.SPRT) *Header {
	return &Header{Kind: "shard", K: k, N: n, Games: games, First: first, End: end,
		A: id.A, B: id.B, Seed: id.Seed, Openings: id.Openings, TieBreak: id.TieBreak, SPRT: sprt}
}

// id returns the match of a shard header.
func (h *Header) id() ID {
	return ID{A: h.A, B: h.B, Seed: h.Seed, Openings: h.Openings, TieBreak: h.TieBreak}
}

// sameRun reports whether h describes the same shard of the same match as o.
func (h *Header) sameRun(o *Header) bool {
	return h.K == o.K && h.N == o.N && h.Games == o.Games && h.First == o.First && h.End == o.End &&
		h.A == o.A && h.B == o.B && h.Seed == o.Seed && h.Openings == o.Openings && h.TieBreak == o.TieBreak &&
		(h.SPRT == nil) == (o.SPRT == nil) && (h.SPRT == nil || *h.SPRT == *o.SPRT)
}

// String names the shard and its games ("shard 1/3 (games 100..199 of 300)"), as
// messages about a file do.
func (h *Header) String() string {
	return fmt.Sprintf("shard %d/%d (games %d..%d of %d)", h.K, h.N, h.First, h.End-1, h.Games)
}

// describe is String with the SPRT, for messages about a mismatch.
func (h *Header) describe() string {
	if h.SPRT == nil {
		return h.String() + " without an SPRT"
	}
	return fmt.Sprintf("%s with the SPRT %g,%g", h, h.SPRT.Elo0, h.SPRT.Elo1)
}

// Out appends games as JSON Lines to a file that may already hold games of the same
// match; lines are flushed and fsynced in small batches (every SyncEvery) and on Close.
// A FIFO, device or socket is written as a stream: flushed, never read back or synced.
type Out struct {
	f      *os.File
	w      *bufio.Writer
	last   time.Time
	err    error
	stream bool        // not a regular file
	stop   func() bool // ends the stream's watch of ctx
}

// Resume describes the games an output file already holds: their indices as a set of
// ranges (small for the files self-play writes, whose lines are nearly in index
// order), not the games themselves, which Scan reads again from the file when they are
// needed.
type Resume struct {
	path string
	keep int64 // the file's complete lines
	id   ID
	done intervals
}

// Count returns the number of distinct games in [lo, hi) the file holds.
func (r *Resume) Count(lo, hi int) int {
	if r == nil {
		return 0
	}
	return r.done.countIn(lo, hi)
}

// Has reports whether the file holds game i.
func (r *Resume) Has(i int) bool { return r != nil && r.done.has(i) }

// OpenOut opens path for appending the games of match id and says which games it already
// holds. A torn last line (an interrupted write) is cut off; a line of another match
// (other bots, seed or openings) or an unreadable line is an error naming it, and the
// file is left alone. With a shard header h, a new file starts with h and an existing
// one must hold the same shard; without, a shard's file is refused. Reading stops with
// ctx.Err() when ctx is done. A path that is a FIFO, device or socket (/dev/null, a
// named pipe) is written as a stream (openStream): it holds no games to resume.
func OpenOut(ctx context.Context, path string, id ID, h *Header) (*Out, *Resume, error) {
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() && !fi.IsDir() {
		return openStream(ctx, path, id, h)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o666)
	if err != nil {
		return nil, nil, err
	}
	res := &Resume{path: path, id: id}
	var fh *Header
	fh, res.keep, err = scanGames(f, path, -1, &id, func(ln, i int, _ Result) error {
		if ln%4096 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		if h != nil && (i < h.First || i >= h.End) {
			return fmt.Errorf("%s:%d: game %d is outside this %s", path, ln, i, h)
		}
		if err := res.done.add(i); err != nil {
			return fmt.Errorf("%s:%d: %v", path, ln, err)
		}
		return nil
	})
	if err == nil {
		switch {
		case fh != nil && h == nil:
			err = mismatch(ShardedFile, path, "%s holds %s", path, fh)
		case fh == nil && h != nil && res.keep > 0:
			err = mismatch(UnshardedFile, path, "%s holds games of an unsharded run", path)
		case fh != nil && !fh.sameRun(h):
			me := mismatch(OtherShard, path, "%s holds %s; this run is %s", path, fh.describe(), h.describe())
			me.Held, me.Run = fh, h
			err = me
		}
	}
	if err == nil {
		err = f.Truncate(res.keep) // cut a torn last line
	}
	if err == nil {
		_, err = f.Seek(res.keep, io.SeekStart)
	}
	o := &Out{f: f, w: bufio.NewWriterSize(f, 1<<16), last: time.Now()}
	if err == nil && res.keep == 0 && h != nil {
		b, _ := json.Marshal(h)
		o.w.Write(append(b, '\n'))
		err = o.Sync()
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return o, res, nil
}

// streamGrace is how long a stream's writes may still block once ctx is done (a reader
// that stopped reading), so that the games finished are flushed if they can be.
const streamGrace = 2 * time.Second

// openStream opens the FIFO, device or socket at path for writing, waiting for a FIFO's
// reader until ctx is done, and writes h first when not nil. Once ctx is done, a write
// blocked for longer than streamGrace fails instead of hanging.
func openStream(ctx context.Context, path string, id ID, h *Header) (*Out, *Resume, error) {
	type opened struct {
		f   *os.File
		err error
	}
	ch := make(chan opened, 1)
	go func() {
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		ch <- opened{f, err}
	}()
	var f *os.File
	select {
	case o := <-ch:
		if o.err != nil {
			return nil, nil, o.err
		}
		f = o.f
	case <-ctx.Done():
		go func() {
			if o := <-ch; o.f != nil {
				o.f.Close()
			}
		}()
		return nil, nil, ctx.Err()
	}
	o := &Out{f: f, w: bufio.NewWriterSize(f, 1<<16), last: time.Now(), stream: true}
	o.stop = context.AfterFunc(ctx, func() { f.SetWriteDeadline(time.Now().Add(streamGrace)) })
	if h != nil {
		b, _ := json.Marshal(h)
		o.w.Write(append(b, '\n'))
		if err := o.Sync(); err != nil {
			o.stop()
			f.Close()
			return nil, nil, err
		}
	}
	return o, &Resume{path: path, id: id}, nil
}

// Resumable reports whether the games written can be resumed from: false for a
// stream (a FIFO, device or socket).
func (o *Out) Resumable() bool { return !o.stream }

// Write appends one game; the batch is synced when SyncEvery has passed.
func (o *Out) Write(g Game) error {
	b, err := json.Marshal(g)
	if err != nil {
		return err
	}
	return o.WriteLines(append(b, '\n'))
}

// WriteLines appends complete JSON lines; the batch is synced when SyncEvery has
// passed.
func (o *Out) WriteLines(b []byte) error {
	if o.err != nil {
		return o.err
	}
	if _, err := o.w.Write(b); err != nil {
		o.err = err
		return err
	}
	if time.Since(o.last) >= SyncEvery {
		o.err = o.Sync()
	}
	return o.err
}

// Sync flushes and fsyncs what was written (a stream is flushed only).
func (o *Out) Sync() error {
	o.last = time.Now()
	if err := o.w.Flush(); err != nil || o.stream {
		return err
	}
	return o.f.Sync()
}

// Close syncs and closes the file.
func (o *Out) Close() error {
	err := o.Sync()
	if o.stop != nil {
		o.stop()
	}
	if cerr := o.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = o.err
	}
	return err
}

// Format writes a game as the JSON line json.Marshal(Game) would, without building
// the Game: the match's fields are formatted once.
type Format struct {
	mid []byte // ,"a":"A","b":"B","seed":S,"openings":O,"x":"
}

// NewFormat returns the Format of match id's lines.
func NewFormat(id ID) *Format {
	a, b, seed, openings, tiebreak := id.A, id.B, id.Seed, id.Openings, id.TieBreak
	js := func(s string) []byte { v, _ := json.Marshal(s); return v }
	mid := []byte(`,"a":`)
	mid = append(mid, js(a)...)
	mid = append(mid, `,"b":`...)
	mid = append(mid, js(b)...)
	mid = append(mid, `,"seed":`...)
	mid = strconv.AppendUint(mid, seed, 10)
	mid = append(mid, `,"openings":`...)
	mid = strconv.AppendInt(mid, int64(openings), 10)
	if tiebreak != "" {
		mid = append(mid, `,"tiebreak":`...)
		mid = append(mid, js(tiebreak)...)
	}
	mid = append(mid, `,"x":"`...)
	return &Format{mid: mid}
}

var scoreText = [3]string{"0", "0.5", "1"}

// AppendLine appends game i's JSON line and its newline: moves are all its moves,
// opening included, and r its result.
func (f *Format) AppendLine(dst []byte, i int, moves []uttt.Move, r Result) []byte {
	dst = append(dst, `{"game":`...)
	dst = strconv.AppendInt(dst, int64(i), 10)
	dst = append(dst, f.mid...)
	if AFirst(i) {
		dst = append(dst, 'a')
	} else {
		dst = append(dst, 'b')
	}
	dst = append(dst, `","moves":"`...)
	for k, m := range moves {
		if k > 0 {
			dst = append(dst, ' ')
		}
		dst = append(dst, '0'+byte(m.Board()), '0'+byte(m.Tile()))
	}
	dst = append(dst, `","result":"`...)
	dst = append(dst, r.Text(i)...)
	dst = append(dst, `","score":`...)
	dst = append(dst, scoreText[r.Score2]...)
	dst = append(dst, `,"plies":`...)
	dst = strconv.AppendInt(dst, int64(r.Plies), 10)
	if r.Forfeit {
		dst = append(dst, `,"forfeit":true`...)
	}
	return append(dst, "}\n"...)
}

// parseFast reads a line in exactly the layout AppendLine writes, for the match of f;
// ok is false for any other line, which the caller then reads with encoding/json.
func (f *Format) parseFast(line []byte) (i int, r Result, ok bool) {
	rest, ok := bytes.CutPrefix(line, []byte(`{"game":`))
	if !ok {
		return
	}
	i, rest, ok = cutInt(rest)
	if !ok || !bytes.HasPrefix(rest, f.mid) || len(rest) < len(f.mid)+1 {
		return 0, r, false
	}
	rest = rest[len(f.mid):]
	if x := rest[0]; x != "ba"[b2i(AFirst(i))] {
		return 0, r, false
	}
	if rest, ok = bytes.CutPrefix(rest[1:], []byte(`","moves":"`)); !ok {
		return
	}
	q := bytes.IndexByte(rest, '"')
	if q < 0 {
		return 0, r, false
	}
	for _, c := range rest[:q] {
		if (c < '0' || c > '8') && c != ' ' {
			return 0, r, false // not a move list as AppendLine writes it
		}
	}
	rest = rest[q:]
	var res []byte
	if rest, ok = bytes.CutPrefix(rest, []byte(`","result":"`)); !ok {
		return
	}
	if q = bytes.IndexByte(rest, '"'); q < 0 {
		return 0, r, false
	}
	res, rest = rest[:q], rest[q:]
	if rest, ok = bytes.CutPrefix(rest, []byte(`","score":`)); !ok {
		return
	}
	switch {
	case bytes.HasPrefix(rest, []byte("0.5,")):
		r.Score2, rest = 1, rest[4:]
	case bytes.HasPrefix(rest, []byte("0,")):
		r.Score2, rest = 0, rest[2:]
	case bytes.HasPrefix(rest, []byte("1,")):
		r.Score2, rest = 2, rest[2:]
	default:
		return 0, r, false
	}
	if rest, ok = bytes.CutPrefix(rest, []byte(`"plies":`)); !ok {
		return
	}
	var plies int
	if plies, rest, ok = cutInt(rest); !ok || plies > 81 || string(bytes.TrimRight(rest, "\r\n")) != "}" {
		return 0, r, false
	}
	r.Plies = uint8(plies)
	if string(res) != r.Text(i) {
		return 0, r, false
	}
	return i, r, true
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// cutInt reads a non-negative decimal integer of at most 15 digits, as JSON writes it.
func cutInt(b []byte) (int, []byte, bool) {
	n, k := 0, 0
	for k < len(b) && k < 16 && b[k] >= '0' && b[k] <= '9' {
		n = n*10 + int(b[k]-'0')
		k++
	}
	return n, b[k:], k > 0 && k < 16 && (b[0] != '0' || k == 1) // JSON: no leading zeros
}

// gameFromJSON checks a line read with encoding/json and returns its index and
// result.
func gameFromJSON(g *Game, path string, ln int) (int, Result, error) {
	where := fmt.Sprintf("%s:%d", path, ln)
	if g.Index < 0 {
		return 0, Result{}, fmt.Errorf("%s: game %d: a negative index", where, g.Index)
	}
	var r Result
	switch g.Score {
	case 0, 0.5, 1:
		r.Score2 = uint8(2 * g.Score)
	default:
		return 0, r, fmt.Errorf("%s: game %d: score %v is not 0, 0.5 or 1", where, g.Index, g.Score)
	}
	if g.Plies < 0 || g.Plies > 81 {
		return 0, r, fmt.Errorf("%s: game %d: %d plies (at most 81)", where, g.Index, g.Plies)
	}
	r.Plies, r.Forfeit = uint8(g.Plies), g.Forfeit
	if want := "ba"[b2i(AFirst(g.Index))]; g.X != string(want) {
		return 0, r, fmt.Errorf(`%s: game %d says x=%q, but "a" moves first exactly in the even games`, where, g.Index, g.X)
	}
	if g.Result != r.Text(g.Index) {
		return 0, r, fmt.Errorf("%s: game %d: result %q does not agree with score %v for x=%q", where, g.Index, g.Result, g.Score, g.X)
	}
	return g.Index, r, nil
}

// errLongLine is returned for a line longer than any game record.
var errLongLine = errors.New("line longer than 64 KiB: not a game record")

// scanGames reads the JSON lines of r (up to limit bytes when limit >= 0): a shard
// header on the first line, then games of match id (of the first line's match when id
// is nil), handing each game to fn with its line number. It returns the header
// and the length of the complete lines; a last line without its newline is torn and
// not read.
func scanGames(r io.Reader, path string, limit int64, id *ID, fn func(ln, i int, r Result) error) (*Header, int64, error) {
	if limit >= 0 {
		r = io.LimitReader(r, limit)
	}
	br := bufio.NewReaderSize(r, 1<<16)
	var hdr *Header
	var f *Format
	var want ID
	if id != nil {
		f, want = NewFormat(*id), *id
	}
	known := id != nil
	var keep int64
	for ln := 1; ; ln++ {
		line, err := br.ReadSlice('\n')
		if err == io.EOF {
			return hdr, keep, nil // a last line without its newline is torn
		}
		if err == bufio.ErrBufferFull {
			return hdr, keep, fmt.Errorf("%s:%d: %w", path, ln, errLongLine)
		}
		if err != nil {
			return hdr, keep, err
		}
		keep += int64(len(line))
		if known {
			if i, res, ok := f.parseFast(line); ok {
				if err := fn(ln, i, res); err != nil {
					return hdr, keep, err
				}
				continue
			}
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		if ln == 1 && bytes.HasPrefix(line, []byte(`{"selfplay":`)) {
			hdr = new(Header)
			if err := json.Unmarshal(line, hdr); err != nil || hdr.Kind != "shard" || hdr.N < 1 || hdr.K < 0 || hdr.K >= hdr.N || hdr.First > hdr.End {
				return nil, keep, fmt.Errorf("%s:1: not a self-play shard header", path)
			}
			if !known {
				want = hdr.id()
				f, known = NewFormat(want), true
			}
			if hdr.id() != want {
				return nil, keep, mismatch(OtherMatch, path, "%s:1: a shard of another match (a=%s b=%s seed=%d openings=%d)",
					path, hdr.A, hdr.B, hdr.Seed, hdr.Openings)
			}
			continue
		}
		var g Game
		if err := json.Unmarshal(line, &g); err != nil {
			return hdr, keep, fmt.Errorf("%s:%d: not a game record: %v", path, ln, err)
		}
		if !known {
			want = g.id()
			f, known = NewFormat(want), true
		}
		if g.id() != want {
			return hdr, keep, mismatch(OtherMatch, path, "%s:%d: holds a game of another match (a=%s b=%s seed=%d openings=%d%s)",
				path, ln, g.A, g.B, g.Seed, g.Openings, tieBreakText(g.TieBreak))
		}
		i, res, err := gameFromJSON(&g, path, ln)
		if err != nil {
			return hdr, keep, err
		}
		if err := fn(ln, i, res); err != nil {
			return hdr, keep, err
		}
	}
}

// intervals is a set of game indices as sorted, disjoint, non-adjacent ranges [lo, hi).
type intervals struct {
	iv [][2]int
	n  int
}

// maxIntervals bounds the ranges of a set: a file whose games leave more gaps is
// refused rather than held.
const maxIntervals = 1 << 20

// add inserts i; a duplicate is ignored (the first line of a game counts).
func (s *intervals) add(i int) error {
	k := sort.Search(len(s.iv), func(j int) bool { return s.iv[j][1] >= i }) // first range ending at or after i
	if k < len(s.iv) && s.iv[k][0] <= i && i < s.iv[k][1] {
		return nil
	}
	s.n++
	switch {
	case k < len(s.iv) && s.iv[k][1] == i: // extends range k upwards
		s.iv[k][1]++
		if k+1 < len(s.iv) && s.iv[k+1][0] == i+1 {
			s.iv[k][1] = s.iv[k+1][1]
			s.iv = append(s.iv[:k+1], s.iv[k+2:]...)
		}
	case k < len(s.iv) && s.iv[k][0] == i+1: // extends range k downwards
		s.iv[k][0]--
	default:
		if len(s.iv) >= maxIntervals {
			return fmt.Errorf("game %d: the games leave more than %d gaps", i, maxIntervals)
		}
		s.iv = append(s.iv, [2]int{})
		copy(s.iv[k+1:], s.iv[k:])
		s.iv[k] = [2]int{i, i + 1}
	}
	return nil
}

func (s *intervals) has(i int) bool {
	k := sort.Search(len(s.iv), func(j int) bool { return s.iv[j][1] > i })
	return k < len(s.iv) && s.iv[k][0] <= i
}

func (s *intervals) countIn(lo, hi int) int {
	n := 0
	for _, r := range s.iv {
		a, b := max(r[0], lo), min(r[1], hi)
		if a < b {
			n += b - a
		}
	}
	return n
}

// tieBreakText describes a match's tie-break in a message: "" without one.
func tieBreakText(tb string) string {
	if tb == "" {
		return ""
	}
	return " tiebreak=" + tb
}
