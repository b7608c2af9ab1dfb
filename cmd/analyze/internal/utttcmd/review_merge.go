package utttcmd

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
)

// reviewShardHeader starts a review shard's --out file.
type reviewShardHeader struct {
	Type  string `json:"type"` // "review-shard"
	K     int    `json:"k"`
	N     int    `json:"n"`
	First int    `json:"first"` // the shard's games are [First, End) of Games
	End   int    `json:"end"`
	Games int    `json:"games"`
}

// IsReviewOut reports whether head starts a review shard's --out file.
func IsReviewOut(head []byte) bool {
	return bytes.HasPrefix(head, []byte(`{"type":"review-shard"`))
}

// MergeReview writes the review of all games from the shards' --out files at paths (in
// shard order, checked by the merge): their move and game lines in order, then the
// players' lines computed over all games, as the unsharded run writes them. It returns
// an exit status, having reported any error on stderr.
func MergeReview(ctx context.Context, paths []string, w, stderr io.Writer) int {
	players := map[string]*reviewPlayer{}
	var order []string
	bw := bufio.NewWriterSize(w, 1<<16)
	next := 0
	for _, p := range paths {
		if err := mergeReviewFile(ctx, p, &next, bw, players, &order); err != nil {
			fmt.Fprintf(stderr, "analyze merge: %v\n", err)
			return 1
		}
	}
	enc := json.NewEncoder(bw)
	for _, nm := range order {
		pl := players[nm]
		pl.finish()
		enc.Encode(pl)
	}
	if err := bw.Flush(); err != nil {
		fmt.Fprintf(stderr, "analyze merge: %v\n", err)
		return 1
	}
	return 0
}

func mergeReviewFile(ctx context.Context, path string, next *int, w io.Writer, players map[string]*reviewPlayer, order *[]string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 1<<16)
	var moves []reviewMove
	for ln := 1; ; ln++ {
		line, err := readLongLine(br, maxRecordLine)
		if err == errLineTooLong {
			return fmt.Errorf("%s:%d: line too long", path, ln)
		}
		if len(line) == 0 && err == io.EOF {
			break
		}
		if err != nil && err != io.EOF {
			return fmt.Errorf("%s:%d: %v", path, ln, err)
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
			var h reviewShardHeader
			json.Unmarshal(line, &h)
			if ln != 1 || h.First != *next {
				return fmt.Errorf("%s:%d: shard %d/%d holds games %d..%d, want games from %d", path, ln, h.K, h.N, h.First, h.End-1, *next)
			}
			*next = h.End
		case "move":
			var m reviewMove
			if err := json.Unmarshal(line, &m); err != nil {
				return fmt.Errorf("%s:%d: %v", path, ln, err)
			}
			moves = append(moves, m)
			w.Write(line)
		case "game":
			var g reviewGame
			if err := json.Unmarshal(line, &g); err != nil {
				return fmt.Errorf("%s:%d: %v", path, ln, err)
			}
			g.moves, moves = moves, nil
			addReview(players, order, &g)
			w.Write(line)
		case "player":
		default:
			return fmt.Errorf("%s:%d: not a review line (type %q)", path, ln, kind.Type)
		}
	}
	if len(moves) > 0 {
		return fmt.Errorf("%s: ends with the moves of an unfinished game (an interrupted shard?)", path)
	}
	return nil
}
