package review

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/shard"
)

// ShardHeader starts a review shard's output.
type ShardHeader struct {
	Type  string `json:"type"` // "review-shard"
	K     int    `json:"k"`
	N     int    `json:"n"`
	First int    `json:"first"` // the shard's games are [First, End) of Games
	End   int    `json:"end"`
	Games int    `json:"games"`
}

// IsShardOut reports whether head starts a review shard's output.
func IsShardOut(head []byte) bool {
	return bytes.HasPrefix(head, []byte(`{"type":"review-shard"`))
}

// Merge writes the review of all games from the shards' output files (in shard order,
// which it checks; each read once, from its start): their move and game lines in
// order, then the players' lines computed over all games, as the unsharded review
// writes them.
func Merge(ctx context.Context, parts []shard.Part, w io.Writer) error {
	var sum Summary
	bw := bufio.NewWriterSize(w, 1<<16)
	next := 0
	for _, p := range parts {
		if err := mergeFile(ctx, p.Name, p.R, &next, bw, &sum); err != nil {
			return err
		}
	}
	enc := json.NewEncoder(bw)
	for _, pl := range sum.Players() {
		enc.Encode(pl)
	}
	return bw.Flush()
}

func mergeFile(ctx context.Context, path string, f io.Reader, next *int, w io.Writer, sum *Summary) error {
	lr := fileio.NewLineReader(f, maxRecordLine)
	var moves []Move
	ln := 0
	for {
		line, n, length, ok := lr.Next()
		if !ok {
			break
		}
		ln = int(n)
		if length > maxRecordLine {
			return fmt.Errorf("%s:%d: line too long", path, ln)
		}
		if ln%4096 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		var kind struct {
			Type string `json:"type"`
		}
		if json.Unmarshal(line, &kind) != nil {
			return fmt.Errorf("%s:%d: not a review line", path, ln)
		}
		switch kind.Type {
		case "review-shard":
			var h ShardHeader
			json.Unmarshal(line, &h)
			if ln != 1 || h.First != *next {
				return fmt.Errorf("%s:%d: shard %d/%d holds games %d..%d, want games from %d", path, ln, h.K, h.N, h.First, h.End-1, *next)
			}
			*next = h.End
		case "move":
			var m Move
			if err := json.Unmarshal(line, &m); err != nil {
				return fmt.Errorf("%s:%d: %v", path, ln, err)
			}
			moves = append(moves, m)
			w.Write(append(line, '\n'))
		case "game":
			var g Game
			if err := json.Unmarshal(line, &g); err != nil {
				return fmt.Errorf("%s:%d: %v", path, ln, err)
			}
			g.Moves, moves = moves, nil
			sum.Add(&g)
			w.Write(append(line, '\n'))
		case "player":
		default:
			return fmt.Errorf("%s:%d: not a review line (type %q)", path, ln, kind.Type)
		}
	}
	if err := lr.Err(); err != nil {
		return fmt.Errorf("%s:%d: %v", path, ln+1, err)
	}
	if len(moves) > 0 {
		return fmt.Errorf("%s: ends with the moves of an unfinished game (an interrupted shard?)", path)
	}
	return nil
}
