package bulk_test

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/goban/bulk"
)

// cancelOnWrite is an output that cancels the run at its first write.
type cancelOnWrite struct {
	bytes.Buffer
	cancel func()
}

func (c *cancelOnWrite) Write(p []byte) (int, error) {
	c.cancel()
	return c.Buffer.Write(p)
}

// TestScoreStreamsCollection: the results of an SGF collection are written as its games
// are scored, not held to its end (a million tiny games held took 700 MB): an output
// that stops the run at its first write gets a small part of a collection of 200,000
// games, where holding the results would have given them all before that write.
func TestScoreStreamsCollection(t *testing.T) {
	const n = 200000
	coll := strings.Repeat("(;SZ[3];B[bb])", n)
	for _, jobs := range []int{1, 2} {
		ctx, cancel := context.WithCancel(context.Background())
		out := &cancelOnWrite{cancel: cancel}
		_, err := bulk.WriteScores(ctx, paths("-"), strings.NewReader(coll), out, bulk.Options{Workers: jobs})
		lines := strings.Count(out.String(), "\n")
		if err == nil || lines == 0 || lines > n/2 || !strings.HasPrefix(out.String(), "-#1\tB+9\n-#2\tB+9\n") {
			t.Errorf("-j %d: %v, %d of %d results written before the run stopped, want a few:\n%.100s", jobs, err, lines, n, out.String())
		}
		cancel()
	}
}

// TestScoreDrainOrder: a collection whose results are written before its batch ends
// keeps input order with the inputs around it, its faulty games' reports in place
// among its results, and the counts whole.
func TestScoreDrainOrder(t *testing.T) {
	dir := t.TempDir()
	n := 150000
	if testing.Short() {
		n = 30000 // results of about 2 MB: drained once
	}
	var coll strings.Builder
	for i := 1; i <= n; i++ {
		if i%(n/3) == 0 {
			coll.WriteString("(;SZ[3];B[zz])") // off the board
			continue
		}
		coll.WriteString("(;SZ[3];B[bb])")
	}
	files := map[string]string{"b.sgf": coll.String(), "c.txt": "O"}
	for i := range 200 { // batches before the collection's, which waits for them, and after
		files[fmt.Sprintf("a/%03d.txt", i)] = []string{"X", "-"}[i%2]
		files[fmt.Sprintf("d/%03d.txt", i)] = []string{"X", "-"}[i%2]
	}
	writeFiles(t, dir, files)
	for _, jobs := range []int{1, 2} {
		var both bytes.Buffer
		stats, err := bulk.WriteScores(context.Background(), paths(dir), nil, &both, bulk.Options{Workers: jobs,
			OnError: func(err error) error { fmt.Fprintf(&both, "report %v\n", err); return nil }})
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Split(strings.TrimSuffix(both.String(), "\n"), "\n")
		var want []string
		for i := range 200 {
			want = append(want, fmt.Sprintf("%s\t%s", filepath.Join(dir, "a", fmt.Sprintf("%03d.txt", i)), []string{"B+1", "Jigo"}[i%2]))
		}
		for i := 1; i <= n; i++ {
			if i%(n/3) == 0 {
				want = append(want, fmt.Sprintf("report %s: game %d, move 1, byte %d: B[zz]: off the 3x3 board", filepath.Join(dir, "b.sgf"), i, 14*(i-1)+10))
				continue
			}
			want = append(want, fmt.Sprintf("%s#%d\tB+9", filepath.Join(dir, "b.sgf"), i))
		}
		want = append(want, filepath.Join(dir, "c.txt")+"\tW+1")
		for i := range 200 {
			want = append(want, fmt.Sprintf("%s\t%s", filepath.Join(dir, "d", fmt.Sprintf("%03d.txt", i)), []string{"B+1", "Jigo"}[i%2]))
		}
		if len(got) != len(want) {
			t.Fatalf("-j %d: %d lines, want %d", jobs, len(got), len(want))
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("-j %d: line %d is %q, want %q", jobs, i+1, got[i], want[i])
			}
		}
		if stats.Games != n-3 || stats.Failed != 3 || stats.Boards != 401 {
			t.Errorf("-j %d: %+v", jobs, stats)
		}
	}
}
