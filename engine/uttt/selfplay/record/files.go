package record

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/boardlab/boardlab/shard"
)

// IsOut reports whether head, the first bytes of a file, starts a self-play --out
// file: a shard header or a game record.
func IsOut(head []byte) bool {
	head = bytes.TrimLeft(head, " \t\r\n")
	return bytes.HasPrefix(head, []byte(`{"selfplay":"shard"`)) || bytes.HasPrefix(head, []byte(`{"game":`))
}

// Path returns the path of the file r describes.
func (r *Resume) Path() string { return r.path }

// Scan reads the file's games again (those OpenOut found, in file order) and hands
// each to fn with its index and result; an error of fn stops the scan and is returned.
func (r *Resume) Scan(fn func(i int, res Result) error) error {
	f, err := os.Open(r.path)
	if err != nil {
		return err
	}
	defer f.Close()
	_, _, err = scanGames(f, r.path, r.keep, &r.id, func(_, i int, res Result) error { return fn(i, res) })
	return err
}

// ErrEmpty is an empty file given to Files, which holds neither a shard header nor a game.
var ErrEmpty = errors.New("empty")

// File is one output file of a match, given to a merge: its path, its shard header
// (nil for an unsharded file) and the match its first line names.
type File struct {
	Path   string
	Header *Header
	ID     ID
	r      io.Reader // read once, from the file's start
}

// Files looks at the first line of each part and returns them as Files, checking that
// they are all of one match and either all shards' files or all unsharded; an error
// names the file.
func Files(parts []shard.Part) ([]File, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("no self-play files to merge")
	}
	files := make([]File, len(parts))
	for k, part := range parts {
		p := part.Name
		h, id, err := peekOut(part)
		if err != nil {
			return nil, err
		}
		files[k] = File{Path: p, Header: h, ID: id, r: part.R}
		if k > 0 {
			a := files[0]
			if id != a.ID {
				return nil, fmt.Errorf("%s is another match (a=%s b=%s seed=%d openings=%d%s) than %s (a=%s b=%s seed=%d openings=%d%s)",
					p, id.A, id.B, id.Seed, id.Openings, tieBreakText(id.TieBreak), a.Path, a.ID.A, a.ID.B, a.ID.Seed, a.ID.Openings, tieBreakText(a.ID.TieBreak))
			}
			if (h == nil) != (a.Header == nil) {
				withHdr, without := p, a.Path
				if h == nil {
					withHdr, without = a.Path, p
				}
				return nil, fmt.Errorf("%s is a shard's file and %s is not: merge the files of one sharded run, or unsharded files", withHdr, without)
			}
		}
	}
	return files, nil
}

// Shards checks that files, the shards' files Files returned, are every shard of one
// run once (the same count of shards and games, the same SPRT, contiguous ranges) and
// returns them in shard order.
func Shards(files []File) ([]File, error) {
	h0 := files[0].Header
	byK := make([]*File, h0.N)
	for k := range files {
		f := &files[k]
		h := f.Header
		if h.N != h0.N || h.Games != h0.Games {
			return nil, fmt.Errorf("%s is %s but %s is %s: shards of different runs", f.Path, h, files[0].Path, h0)
		}
		if (h.SPRT == nil) != (h0.SPRT == nil) || h.SPRT != nil && *h.SPRT != *h0.SPRT {
			me := mismatch(OtherSPRT, f.Path, "%s and %s judged different SPRTs: shards of different runs", f.Path, files[0].Path)
			me.Other = files[0].Path
			return nil, me
		}
		if byK[h.K] != nil {
			return nil, fmt.Errorf("shard %d/%d given twice: %s and %s", h.K, h.N, byK[h.K].Path, f.Path)
		}
		byK[h.K] = f
	}
	end := 0
	for k, f := range byK {
		if f == nil {
			lo, hi := shard.Shard{K: k, N: h0.N}.Range(int64(h0.Games))
			return nil, fmt.Errorf("shard %d/%d (games %d..%d) is missing", k, h0.N, lo, hi-1)
		}
		if f.Header.First != end {
			return nil, fmt.Errorf("%s holds games %d..%d, but the shards before it end at game %d", f.Path, f.Header.First, f.Header.End-1, end)
		}
		end = f.Header.End
	}
	if end != h0.Games {
		return nil, fmt.Errorf("the shards end at game %d, not at %d", end, h0.Games)
	}
	ordered := make([]File, 0, len(byK))
	for _, f := range byK {
		ordered = append(ordered, *f)
	}
	return ordered, nil
}

// Scan reads the file's games (once: the file is not read again) as games of match
// id, handing each to fn with its line number; an unreadable line or a line of
// another match is an error naming the line, and so is an error of fn, which stops
// the scan.
func (f *File) Scan(id ID, fn func(ln, i int, r Result) error) error {
	_, _, err := scanGames(f.r, f.Path, -1, &id, fn)
	return err
}

// peekOut looks at the first line of an output file, without consuming it: its shard
// header, and the match (from the header or the first game).
func peekOut(part shard.Part) (*Header, ID, error) {
	path := part.Name
	head, err := part.Head(16 << 10)
	if err != nil {
		return nil, ID{}, err
	}
	if len(head) == 0 {
		return nil, ID{}, fmt.Errorf("%s: %w", path, ErrEmpty)
	}
	line, _, _ := bytes.Cut(head, []byte("\n"))
	var h Header
	if json.Unmarshal(line, &h) == nil && h.Kind == "shard" {
		if h.N < 1 || h.K < 0 || h.K >= h.N || h.First > h.End {
			return nil, ID{}, fmt.Errorf("%s:1: not a self-play shard header", path)
		}
		return &h, h.id(), nil
	}
	var g Game
	if err := json.Unmarshal(line, &g); err != nil || g.A == "" {
		return nil, ID{}, fmt.Errorf("%s:1: not a self-play game record or shard header", path)
	}
	return nil, g.id(), nil
}
