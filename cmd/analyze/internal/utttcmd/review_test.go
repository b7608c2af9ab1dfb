package utttcmd

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt/selfplay"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
)

// reviewField writes a self-play --out file of n games and a file of move lists with
// bad lines among good ones; it returns the directory.
func reviewField(t *testing.T, n int) string {
	t.Helper()
	dir := t.TempDir()
	m := &selfplay.Match{A: zoo.Naive{}, B: zoo.Depth{N: 1}, Seed: 7, Openings: 2}
	var b strings.Builder
	for i := 0; i < n; i++ {
		g, err := m.Play(context.Background(), i)
		if err != nil {
			t.Fatal(err)
		}
		l, _ := json.Marshal(g)
		b.Write(append(l, '\n'))
	}
	write(t, filepath.Join(dir, "games.jsonl"), b.String(), 0o644)
	write(t, filepath.Join(dir, "lists.txt"), "44 40 04 41\n44 44\n\n{\"moves\":3}\n40 04 44\n", 0o644)
	return dir
}

func reviewRun(ctx context.Context, args ...string) (string, string, int) {
	var o, e bytes.Buffer
	code := runReview(ctx, args, strings.NewReader(""), &o, &e)
	return o.String(), e.String(), code
}

// reviewLines splits the output into move and game lines and player lines.
func reviewLines(out string) (moves, players []string) {
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if strings.HasPrefix(l, `{"type":"player"`) {
			players = append(players, l)
		} else {
			moves = append(moves, l)
		}
	}
	return
}

func TestReviewCommand(t *testing.T) {
	dir := reviewField(t, 4)
	svg := filepath.Join(t.TempDir(), "svg")
	args := []string{"--nodes", "1000", "--solve-nodes", "10000"}
	out, errOut, code := reviewRun(context.Background(), append(args, "--jobs", "2", "--svg", svg, dir)...)
	if code != 1 {
		t.Fatalf("code %d (want 1 for the bad lines)\n%s", code, errOut)
	}
	for _, want := range []string{"lists.txt:2: move 2 (44): tile 4 of board 4 is taken", "lists.txt:4: field moves:"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	moves, players := reviewLines(out)
	games, lastPly := 0, 0
	for _, l := range moves {
		var v map[string]any
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		switch v["type"] {
		case "move":
			ply := int(v["ply"].(float64))
			if ply != lastPly+1 {
				t.Errorf("ply %d after %d: %s", ply, lastPly, l)
			}
			lastPly = ply
			for _, k := range []string{"move", "best", "eval_before", "eval_after", "loss", "es_drop", "player"} {
				if _, ok := v[k]; !ok {
					t.Errorf("no %s: %s", k, l)
				}
			}
		case "game":
			if int(v["plies"].(float64)) != lastPly {
				t.Errorf("game line with %v plies after %d moves", v["plies"], lastPly)
			}
			games, lastPly = games+1, 0
		default:
			t.Errorf("unknown line %s", l)
		}
	}
	if games != 6 || len(players) != 4 {
		t.Errorf("%d games, %d player lines (want 6 and 4: naive, depth:1, X, O)", games, len(players))
	}
	if !strings.Contains(errOut, "naive: 4 games") {
		t.Errorf("no text summary on stderr:\n%s", errOut)
	}
	files, _ := os.ReadDir(svg)
	if len(files) != 6 {
		t.Errorf("%d graphs, want 6", len(files))
	}
	for _, f := range files {
		b, _ := os.ReadFile(filepath.Join(svg, f.Name()))
		d := xml.NewDecoder(bytes.NewReader(b))
		for {
			if _, err := d.Token(); err == io.EOF {
				break
			} else if err != nil {
				t.Fatalf("%s: %v", f.Name(), err)
			}
		}
	}
	// Reproducible: one job gives the same lines.
	out1, _, _ := reviewRun(context.Background(), append(args, "--jobs", "1", dir)...)
	if out1 != out {
		t.Error("--jobs 1 and --jobs 2 differ")
	}
	// Shards: their move and game lines in K order are the unsharded ones, and the
	// merge of their --out files is the unsharded output.
	var joined []string
	outDir := t.TempDir()
	var paths []string
	for k := 0; k < 3; k++ {
		base := filepath.Join(outDir, "rv.jsonl")
		_, e, _ := reviewRun(context.Background(), append(args, "--shard", fmt.Sprintf("%d/3", k), "--out", base, dir)...)
		paths = append(paths, fmt.Sprintf("%s.%d-of-3", base, k))
		o, _ := os.ReadFile(paths[k])
		m, _ := reviewLines(string(o))
		if !strings.HasPrefix(m[0], `{"type":"review-shard","k":`+fmt.Sprint(k)) {
			t.Errorf("shard %d starts with %s", k, m[0])
		}
		joined = append(joined, m[1:]...)
		if !strings.Contains(e, fmt.Sprintf("shard %d/3", k)) {
			t.Errorf("shard %d: %s", k, e)
		}
	}
	if strings.Join(joined, "\n") != strings.Join(moves, "\n") {
		t.Error("the shards' lines differ from the unsharded run's")
	}
	var merged, mergeErr bytes.Buffer
	if code := MergeReview(context.Background(), openParts(t, paths), &merged, &mergeErr); code != 0 || merged.String() != out {
		t.Errorf("merge: code %d, %s; same as unsharded: %v", code, mergeErr.String(), merged.String() == out)
	}
	if !IsReviewOut([]byte(`{"type":"review-shard","k":0}`)) || IsReviewOut([]byte(out)) {
		t.Error("IsReviewOut")
	}
	if code := MergeReview(context.Background(), openParts(t, []string{paths[0], paths[2]}), io.Discard, &mergeErr); code != 1 || !strings.Contains(mergeErr.String(), "want games from") {
		t.Errorf("a missing shard: code %d, %s", code, mergeErr.String())
	}
	// Ctrl-C: 130.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, e, code := reviewRun(ctx, append(args, dir)...); code != 130 || !strings.Contains(e, "interrupted") {
		t.Errorf("cancelled: code %d, %s", code, e)
	}
	if _, e, code := reviewRun(context.Background(), filepath.Join(dir, "nosuch")); code != 1 || !strings.Contains(e, "nosuch") {
		t.Errorf("missing file: code %d, %s", code, e)
	}
}
