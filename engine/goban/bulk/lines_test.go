package bulk_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/engine/goban/bulk"
)

// TestScoreLinesOrder scores inputs of many chunks (bad lines, a missing input, a line
// longer than a chunk) with one to five workers: the results and the reports come in
// input order, each report after the results of the lines before it.
func TestScoreLinesOrder(t *testing.T) {
	dir := t.TempDir()
	var many strings.Builder
	for i := range 40000 {
		switch {
		case i%997 == 0:
			many.WriteString("XO\n") // not a square
		case i%13 == 0:
			many.WriteString("# comment\n")
		default:
			b := goban.RandomBoard(5+i%15, uint64(i))
			many.WriteString(strings.ReplaceAll(b.String(), "\n", "") + "\n")
		}
	}
	big := strings.ReplaceAll(goban.RandomBoard(800, 7).String(), "\n", "") // more than a chunk
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	args := []string{
		write("many.txt", many.String()),
		filepath.Join(dir, "nosuch.txt"),
		write("long.txt", "X\n"+big+"\nXO\n"+big),
		write("last.txt", "O"),
	}
	run := func(jobs int) string {
		var log bytes.Buffer
		_, err := bulk.WriteLines(context.Background(), paths(args...), nil, &log, bulk.Options{Workers: jobs,
			OnError: func(err error) error { fmt.Fprintf(&log, "report %v\n", err); return nil }})
		if err != nil {
			t.Fatalf("--jobs %d: %v", jobs, err)
		}
		return log.String()
	}
	want := run(1)
	for _, needle := range []string{"many.txt:998: 2 board characters", "nosuch.txt: ", "long.txt:3: 2 board characters", "last.txt:1\tW+1\n"} {
		if !strings.Contains(want, needle) {
			t.Fatalf("--jobs 1: no %q in the output", needle)
		}
	}
	if n := strings.Count(want, "\n"); n < 35000 {
		t.Fatalf("--jobs 1: %d lines of output", n)
	}
	for _, jobs := range []int{2, 5} {
		if got := run(jobs); got != want {
			t.Errorf("--jobs %d: the output differs from --jobs 1's", jobs)
		}
	}
}

// writeFiles writes each text of files at its name under dir, making the folders.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestScoreLinesFolder walks a folder with --lines: its .lines and .txt files (any case)
// are the inputs, in sorted order, and the other files (SGF, .board, archives) are not.
func TestScoreLinesFolder(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"a.lines":     "XXXX\n",
		"b.TXT":       "OOOO\n",
		"c.sgf":       "(;GM[1]SZ[9])\n",
		"d.board":     "X\n",
		"e.lines.gz":  "\x1f\x8b",
		"f.zip":       "PK",
		"sub/g.Lines": "X-O-\n",
		"notes":       "XO\n",
	}
	writeFiles(t, dir, files)
	var out, log bytes.Buffer
	_, err := bulk.WriteLines(context.Background(), paths(dir), nil, &out, bulk.Options{Workers: 2,
		OnError: func(err error) error { fmt.Fprintf(&log, "%v\n", err); return nil }})
	if err != nil || log.Len() != 0 {
		t.Fatalf("error %v, reports %q", err, log.String())
	}
	want := filepath.Join(dir, "a.lines") + ":1\tB+4\n" +
		filepath.Join(dir, "b.TXT") + ":1\tW+4\n" +
		filepath.Join(dir, "sub/g.Lines") + ":1\tJigo\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}
