package review

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"path/filepath"

	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/shard"
)

// ReadInputs reads the game records of files and directories (read recursively; "-"
// is stdin), in order. A path or record that cannot be read is reported to bad and
// skipped; the error is non-nil only when ctx ends while reading, naming the input.
func ReadInputs(ctx context.Context, paths []string, stdin io.Reader, bad func(error)) ([]Record, error) {
	inputs, errs := fileio.Expand(paths)
	var recs []Record
	for k, in := range inputs {
		if errs[k] != nil {
			bad(errs[k])
			continue
		}
		r, err := in.Open(ctx, stdin)
		if err != nil {
			if ctx.Err() != nil {
				return recs, readInterrupted{in.Name(), ctx.Err()}
			}
			bad(err)
			continue
		}
		rs, err := ReadRecords(r, in.Name(), bad)
		r.Close()
		if err != nil {
			bad(err)
		}
		recs = append(recs, rs...)
	}
	return recs, nil
}

// readInterrupted is ReadInputs's error when ctx ends: it names the input and wraps
// ctx's error.
type readInterrupted struct {
	name string
	err  error
}

func (e readInterrupted) Error() string { return "interrupted while reading " + e.name }
func (e readInterrupted) Unwrap() error { return e.err }

// Write reviews sh's part of recs (all of them when sh is not enabled) on up to jobs
// goroutines and writes the JSON Lines output: a shard header when sharded, each
// game's move lines and game line in input order, then a player line per player.
// each, when not nil, is called after each game. It returns the players, the games
// reviewed and ctx's error if it was cancelled (the games reviewed by then are
// written, with their players).
func Write(ctx context.Context, w io.Writer, recs []Record, sh shard.Shard, opt Options, jobs int, each func(g *Game, done int)) ([]*Player, int, error) {
	from, to := sh.Range(int64(len(recs)))
	enc := json.NewEncoder(w)
	if sh.Enabled() {
		enc.Encode(ShardHeader{Type: "review-shard", K: sh.K, N: sh.N, First: int(from), End: int(to), Games: len(recs)})
	}
	var sum Summary
	done := 0
	err := Games(ctx, recs[from:to], opt, jobs, func(g *Game) {
		g.Index += int(from)
		for k := range g.Moves {
			enc.Encode(&g.Moves[k])
		}
		enc.Encode(g)
		sum.Add(g)
		done++
		if each != nil {
			each(g, done)
		}
	})
	players := sum.Players()
	for _, pl := range players {
		enc.Encode(pl)
	}
	return players, done, err
}

// SaveSVG draws game g's graph (WriteSVG) into the file SVGName(g) of dir.
func SaveSVG(dir string, g *Game) error {
	var b bytes.Buffer
	if err := WriteSVG(&b, g); err != nil {
		return err
	}
	return fileio.WriteFile(filepath.Join(dir, SVGName(g)), b.Bytes())
}
