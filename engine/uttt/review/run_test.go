package review

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/shard"
)

func TestReadInputsAndWrite(t *testing.T) {
	dir := t.TempDir()
	games := "44 40 04 48 84 41\n" + "not a move\n" + "40 04 44\n" + "80 04 40 08\n"
	if err := os.WriteFile(filepath.Join(dir, "games.txt"), []byte(games), 0o644); err != nil {
		t.Fatal(err)
	}
	var bad []string
	recs, err := ReadInputs(context.Background(), []string{dir, filepath.Join(dir, "missing")}, nil, func(err error) { bad = append(bad, err.Error()) })
	if err != nil || len(recs) != 3 {
		t.Fatalf("%d records, %v", len(recs), err)
	}
	if len(bad) != 2 || !strings.Contains(strings.Join(bad, "\n"), "games.txt:2") || !strings.Contains(strings.Join(bad, "\n"), "missing") {
		t.Errorf("bad inputs reported: %q", bad)
	}
	opt := Options{Nodes: 200, SolveNodes: 1000}
	var whole bytes.Buffer
	calls := 0
	players, done, err := Write(context.Background(), &whole, recs, shard.Shard{}, opt, 2, func(g *Game, n int) {
		calls++
		if n != calls || g.Index != n-1 {
			t.Errorf("game %d reported as done %d at call %d", g.Index, n, calls)
		}
	})
	if err != nil || done != 3 || calls != 3 || len(players) == 0 {
		t.Fatalf("done %d, calls %d, %d players, %v", done, calls, len(players), err)
	}
	if n := strings.Count(whole.String(), `"type":"game"`); n != 3 {
		t.Errorf("%d game lines:\n%s", n, whole.String())
	}
	// Shard 1 of 2 (the second) starts with its header and holds the last games, numbered as in the
	// whole run.
	var part bytes.Buffer
	_, done, err = Write(context.Background(), &part, recs, shard.Shard{K: 1, N: 2}, opt, 1, nil)
	if err != nil || done != 2 || !strings.HasPrefix(part.String(), `{"type":"review-shard","k":1,"n":2,"first":1,"end":3,"games":3}`) {
		t.Fatalf("shard: done %d, %v:\n%s", done, err, part.String())
	}
	if !strings.Contains(part.String(), `games.txt:4","x"`) || strings.Contains(part.String(), `games.txt:1","x"`) {
		t.Errorf("shard 1/2 games:\n%s", part.String())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ReadInputs(ctx, []string{"-"}, strings.NewReader("44\n"), func(error) {}); err != nil && !strings.Contains(err.Error(), "interrupted while reading") {
		t.Errorf("cancelled read: %v", err)
	}
}

func TestSaveSVG(t *testing.T) {
	recs, err := ReadRecords(strings.NewReader("44 40 04 48\n"), "g.txt", func(err error) { t.Error(err) })
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var buf bytes.Buffer
	_, _, err = Write(context.Background(), &buf, recs, shard.Shard{}, Options{Nodes: 100, SolveNodes: 100}, 1, func(g *Game, _ int) {
		if err := SaveSVG(dir, g); err != nil {
			t.Error(err)
		}
		data, err := os.ReadFile(filepath.Join(dir, SVGName(g)))
		if err != nil || !bytes.HasPrefix(bytes.TrimSpace(data), []byte("<svg")) && !bytes.HasPrefix(data, []byte("<?xml")) {
			t.Errorf("%s: %v, %.40q", SVGName(g), err, data)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
}
