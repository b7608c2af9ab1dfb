package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/shard"
)

// shardsOf runs a sharded command once per shard K of n with --out base, stdin as its
// standard input, and returns the shard files.
func shardsOf(t *testing.T, stdin, base string, n int, args ...string) []string {
	t.Helper()
	var files []string
	for k := 0; k < n; k++ {
		s := shard.Shard{K: k, N: n}
		a := append(append([]string{}, args...), "--shard", s.String(), "--out", base)
		if _, errs, code := analyze(t, stdin, a...); code != 0 {
			t.Fatalf("%q: exit %d: %s", a, code, errs)
		}
		files = append(files, s.Path(base))
	}
	return files
}

// TestMergeHostileParts merges parts that do not belong together: each is refused
// with a message naming the foreign part, exit 1 and nothing written, while the good
// parts of each job still merge.
func TestMergeHostileParts(t *testing.T) {
	dir := t.TempDir()
	in := func(name, text string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(text), 0o644)
		return p
	}
	recsA := in("a.txt", "AB\nCE BD EG FH CG 1\nAB BE\nAI EG BE EH DG AI 1 BC CE 3\n")
	recsB := in("b.txt", "CE BD EG FH CG 1\nAB\nAB\nAB\n")
	a := shardsOf(t, "", filepath.Join(dir, "a.out"), 2, "qttt", "score", recsA)
	b := shardsOf(t, "", filepath.Join(dir, "b.out"), 2, "qttt", "score", recsB)
	w := shardsOf(t, "1 2\n3 5\n4 7\n10 10\n", filepath.Join(dir, "w.out"), 2, "wythoff", "move")
	old := in("old.1-of-2", shard.LinesHeader+" 1/2\n1\t1 0\n")
	oldOnly := []string{in("o.0-of-2", shard.LinesHeader+" 0/2\n0\tx\n2\tz\n"), in("o.1-of-2", shard.LinesHeader+" 1/2\n1\ty\n")}

	want := map[string]string{}
	for _, job := range []struct{ name, input string }{{"a", recsA}, {"b", recsB}} {
		out, _, code := analyze(t, "", "qttt", "score", job.input)
		if code != 0 {
			t.Fatalf("qttt score %s: exit %d", job.input, code)
		}
		want[job.name] = out
	}
	cases := []struct {
		name  string
		parts []string
		code  int
		msg   []string // in stderr
		out   string   // stdout
	}{
		{"one job's parts merge", []string{a[1], a[0]}, 0, nil, want["a"]},
		{"the other job's too", []string{b[0], b[1]}, 0, nil, want["b"]},
		{"shards of two different inputs", []string{a[0], b[1]}, 1, []string{b[1], "is shard 1/2 of job", `"qttt score"`, a[0], "not parts of one job"}, ""},
		{"a wythoff move shard with a qttt score shard", []string{a[0], w[1]}, 1, []string{w[1], `"wythoff move"`, a[0], `"qttt score"`, "not parts of one job"}, ""},
		{"an old header among new ones", []string{a[0], old}, 1, []string{old, "no job named", a[0], "not parts of one job"}, ""},
		{"old headers alone still merge", oldOnly, 0, nil, "x\ny\nz\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dst := filepath.Join(dir, "merged")
			os.Remove(dst)
			out, errs, code := analyze(t, "", append([]string{"merge"}, c.parts...)...)
			if code != c.code || out != c.out {
				t.Fatalf("exit %d, stdout %q; want %d, %q; stderr %q", code, out, c.code, c.out, errs)
			}
			for _, m := range c.msg {
				if !strings.Contains(errs, m) {
					t.Errorf("stderr %q lacks %q", errs, m)
				}
			}
			_, _, code = analyze(t, "", append([]string{"merge", "-o", dst}, c.parts...)...)
			if _, err := os.Stat(dst); code != 0 && err == nil {
				t.Errorf("a refused merge wrote %s", dst)
			}
		})
	}
}

// TestMergeLongLines merges line-stream shards holding lines far over 64 KiB: the
// answers of "wythoff move" on piles of 40,000 digits (lines of 80 kB), and one line of 32 MiB that
// passes through in bounded memory.
func TestMergeLongLines(t *testing.T) {
	dir := t.TempDir()
	big := strings.Repeat("7", 40000)
	in := "1 2\n" + big + " " + big + "1\n3 5\n"
	whole, errs, code := analyze(t, in, "wythoff", "move")
	if code != 0 || len(whole) < 80000 {
		t.Fatalf("unsharded: exit %d, %d bytes, %s", code, len(whole), errs)
	}
	parts := shardsOf(t, in, filepath.Join(dir, "m"), 3, "wythoff", "move")
	if got, errs, code := analyze(t, "", append([]string{"merge"}, parts...)...); code != 0 || got != whole {
		t.Fatalf("merge of 40k-digit answers: exit %d, equal %v, %s", code, got == whole, errs)
	}

	size := 32 << 20
	if testing.Short() {
		size = 4 << 20
	}
	line := bytes.Repeat([]byte("ab"), size/2)
	p0 := filepath.Join(dir, "long.0-of-2")
	os.WriteFile(p0, append(append([]byte(shard.LinesHeader+" 0/2\n0\t"), line...), "\n2\tend"...), 0o644)
	os.WriteFile(filepath.Join(dir, "long.1-of-2"), []byte(shard.LinesHeader+" 1/2\n1\tshort\n"), 0o644)
	var out bytes.Buffer
	out.Grow(size + 100)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	err := shard.Merge(context.Background(), []string{filepath.Join(dir, "long")}, &out)
	runtime.ReadMemStats(&after)
	if err != nil || out.Len() != size+len("\nshort\nend\n") || !bytes.HasSuffix(out.Bytes(), []byte("ab\nshort\nend\n")) {
		t.Fatalf("merge of a %d-byte line: %v, %d bytes", size, err, out.Len())
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 4<<20 {
		t.Errorf("allocated %d KiB to merge a %d MiB line: it should pass through", grew>>10, size>>20)
	}
}

// cancelAfter is a writer that cancels a context after its first write.
type cancelAfter struct {
	cancel func()
	n      int
}

func (c *cancelAfter) Write(b []byte) (int, error) {
	c.n += len(b)
	c.cancel()
	return len(b), nil
}

// TestMergeStopsInsideALongLine cancels the merge while it copies one long line: it
// returns the cancellation after the next read instead of finishing the line.
func TestMergeStopsInsideALongLine(t *testing.T) {
	dir := t.TempDir()
	p0 := filepath.Join(dir, "l.0-of-1")
	os.WriteFile(p0, append(append([]byte(shard.LinesHeader+" 0/1\n0\t"), bytes.Repeat([]byte("x"), 8<<20)...), '\n'), 0o644)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w := &cancelAfter{cancel: cancel}
	err := shard.Merge(ctx, []string{p0}, w)
	if !errors.Is(err, context.Canceled) || w.n > 1<<20 {
		t.Fatalf("merge returned %v after writing %d bytes; want context.Canceled within the first reads", err, w.n)
	}
	// Through the command: a cancelled merge exits 130 and writes no file.
	cctx, ccancel := context.WithCancel(context.Background())
	ccancel()
	var o, e bytes.Buffer
	dst := filepath.Join(dir, "whole")
	if code := run(cctx, []string{"merge", "-o", dst, p0}, &o, &e); code != 130 || !strings.Contains(e.String(), "analyze merge: interrupted") {
		t.Fatalf("cancelled merge: exit %d, %q", code, e.String())
	}
	if _, err := os.Stat(dst); err == nil {
		t.Errorf("a cancelled merge wrote %s", dst)
	}
}

// TestMergeHelp shows -o with --out as one flag, and "analyze help" the whole merge
// line.
func TestMergeHelp(t *testing.T) {
	out, errs, code := analyze(t, "", "merge", "-h")
	if help := out + errs; code != 0 || !strings.Contains(help, "-o, --out FILE") || strings.Contains(help, "-o TEXT") {
		t.Errorf("merge -h: exit %d, %q", code, help)
	}
	out, _, _ = analyze(t, "", "help")
	if !strings.Contains(out, "  merge        combine the parts of a sharded job (--shard K/N) into the whole run's output\n") {
		t.Errorf("help's merge line: %q", out)
	}
}
