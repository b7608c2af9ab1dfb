package bulk_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/boardlab/boardlab/engine/goban/bulk"
	"github.com/boardlab/boardlab/shard"
)

// TestScoreShardSkipped scores folders mixing game files with other files (first, last,
// between, a folder of nothing else, in a zip) in 1 to 7 shards: each skipped file is counted by
// one shard (and the folder of nothing else, a failed input, is reported by one), so the shards' summaries add up to the unsharded one, byte for byte, as
// their outputs concatenate to the unsharded output.
func TestScoreShardSkipped(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"plain/0-README.md":  "not a game",
		"plain/a.sgf":        "(;GM[1]SZ[3]RE[B+9];B[aa];W[bb])",
		"plain/b.txt":        "XXXX",
		"plain/b.tsv":        "name\tresult",
		"plain/c.board":      "OOOO",
		"plain/docs/x.md":    "x",
		"plain/docs/y.md":    "y",
		"plain/d.txt":        "XO",
		"plain/z.json":       "{}",
		"linked/a.txt":       "X-O-",
		"linked/b.csv":       "1,2",
		"linked/c.sgf":       "(;GM[1]SZ[2];B[aa])",
		"linked/zz.log":      "log",
		"only-other/1.png":   "png",
		"only-other/2.jpeg":  "jpeg",
		"trailing/e.txt":     "O",
		"trailing/f.notes":   "n",
		"trailing/g.notes":   "n",
		"trailing/h.notes":   "n",
		"trailing/sub/i.tgz": "t",
	}
	writeFiles(t, root, files)
	// A zip's members that are not game files are skipped too.
	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	for _, m := range []string{"m.txt", "notes.md"} {
		f, _ := zw.Create(m)
		f.Write([]byte("X"))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "plain", "e.zip"), zb.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	// A symbolic link takes the folder off the fast path, onto fileio.Expand's walk.
	if err := os.Symlink("a.txt", filepath.Join(root, "linked", "b-link.txt")); err != nil {
		t.Fatal(err)
	}
	args := []string{filepath.Join(root, "plain"), filepath.Join(root, "only-other"),
		filepath.Join(root, "linked"), filepath.Join(root, "trailing")}
	run := func(s shard.Shard) (string, bulk.Stats) {
		var out bytes.Buffer
		stats, err := bulk.WriteScores(context.Background(), paths(args...), nil, &out, bulk.Options{Shard: s, Workers: 2,
			OnError: func(err error) error { fmt.Fprintf(&out, "report %v\n", err); return nil }})
		if err != nil {
			t.Fatalf("shard %v: %v", s, err)
		}
		return out.String(), stats
	}
	wantOut, whole := run(shard.Shard{})
	// Failed: d.txt, and only-other, a folder without a game file.
	if whole.Skipped != 14 || whole.Failed != 2 || whole.Boards != 6 {
		t.Fatalf("unsharded: %+v, want 6 boards, 14 skipped and 2 failed\n%s", whole, wantOut)
	}
	want, _ := json.Marshal(whole)
	for n := 1; n <= 7; n++ {
		var out string
		var sum bulk.Stats
		for k := range n {
			o, st := run(shard.Shard{K: k, N: n})
			out += o
			sum.Add(st)
		}
		if got, _ := json.Marshal(sum); !bytes.Equal(got, want) {
			t.Errorf("%d shards: summaries add up to\n%s\nwant\n%s", n, got, want)
		}
		if out != wantOut {
			t.Errorf("%d shards: output\n%s\nwant\n%s", n, out, wantOut)
		}
	}
}
