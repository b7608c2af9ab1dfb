package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/boardlab/boardlab/shard"
)

// TestMergeRefusesDifferentStdin: two shards of one command line run on different
// standard inputs are not parts of one job; the merge says so, exits 1 and writes
// nothing, for parts that are files and for parts that are pipes.
func TestMergeRefusesDifferentStdin(t *testing.T) {
	dir := t.TempDir()
	a := shardsOf(t, "1 2\n3 5\n4 7\n", filepath.Join(dir, "a"), 2, "wythoff", "move")
	b := shardsOf(t, "10 10\n2 2\n6 9\n", filepath.Join(dir, "b"), 2, "wythoff", "move")
	dst := filepath.Join(dir, "whole")
	out, errs, code := analyze(t, "", "merge", "-o", dst, a[0], b[1])
	if code != 1 || out != "" || !strings.Contains(errs, "not parts of one job") || !strings.Contains(errs, "read a standard input of 14 bytes") {
		t.Errorf("files: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if _, err := os.Stat(dst); err == nil {
		t.Errorf("a refused merge wrote %s", dst)
	}
	// The same parts of one input still merge.
	if out, errs, code := analyze(t, "", "merge", a[1], a[0]); code != 0 || out != "lose\nlose\nlose\n" {
		t.Errorf("one input: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	// As pipes the parts are checked as they end: refused, with exit 1.
	pa, pb := pipeOf(t, a[0]), pipeOf(t, b[1])
	if _, errs, code := analyze(t, "", "merge", "-o", dst, pa, pb); code != 1 || !strings.Contains(errs, "not parts of one job") {
		t.Errorf("pipes: exit %d, stderr %q", code, errs)
	}
	if _, err := os.Stat(dst); err == nil {
		t.Errorf("a refused merge of pipes wrote %s", dst)
	}
}

// pipeOf returns /dev/fd/N of a pipe that gives the content of file, as the shell's
// <(cat file) does.
func pipeOf(t *testing.T, file string) string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	go func() { w.Write(data); w.Close() }()
	return "/dev/fd/" + strconv.Itoa(int(r.Fd()))
}

// TestMergeRefusesCutParts: a part cut in the middle of its last line, or after a
// whole line, lacks its end line: the merge names it, exits 1 and writes nothing.
func TestMergeRefusesCutParts(t *testing.T) {
	dir := t.TempDir()
	parts := shardsOf(t, "1 2\n3 5\n4 7\n10 10\n", filepath.Join(dir, "m"), 2, "wythoff", "move")
	whole, _ := os.ReadFile(parts[0])
	body := whole[:bytes.Index(whole, []byte(shard.LinesTrailer))]
	for name, cut := range map[string][]byte{
		"mid-line":      body[:len(body)-2],
		"after a line":  body,
		"mid-end-line":  whole[:len(whole)-5],
		"no final \\n":  whole[:len(whole)-1],
		"after the end": append(append([]byte{}, whole...), "2\tlose\n"...),
	} {
		os.WriteFile(parts[0], cut, 0o644)
		dst := filepath.Join(dir, "whole")
		out, errs, code := analyze(t, "", "merge", "-o", dst, parts[0], parts[1])
		if code != 1 || out != "" || !strings.Contains(errs, parts[0]) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", name, code, out, errs)
		}
		if _, err := os.Stat(dst); err == nil {
			t.Errorf("%s: the merge of a cut part wrote %s", name, dst)
		}
		// Given as a pipe, the part is read once, as a stream, and refused too.
		if _, errs, code := analyze(t, "", "merge", "-o", dst, pipeOf(t, parts[0]), parts[1]); code != 1 || !strings.Contains(errs, "/dev/fd/") {
			t.Errorf("%s as a pipe: exit %d, stderr %q", name, code, errs)
		}
	}
}

// TestMergeReadsPartsOnce: parts given as pipes or FIFOs (each can be read only once)
// merge exactly as the files do: line-stream parts under any name (<(cat part)), and
// parts concatenated in shard order when named PATH.K-of-N; a FIFO nobody writes to
// stops on Ctrl-C.
func TestMergeReadsPartsOnce(t *testing.T) {
	dir := t.TempDir()
	lines := shardsOf(t, "1 2\n3 5\n4 7\n10 10\n", filepath.Join(dir, "m"), 3, "wythoff", "move")
	table := shardsOf(t, "", filepath.Join(dir, "t"), 3, "wythoff", "table", "20")
	want, errs, code := analyze(t, "", append([]string{"merge"}, lines...)...)
	if code != 0 {
		t.Fatalf("merge %q: exit %d, %s", lines, code, errs)
	}
	var pipes []string
	for _, p := range lines {
		pipes = append(pipes, pipeOf(t, p))
	}
	if got, errs, code := analyze(t, "", append([]string{"merge"}, pipes...)...); code != 0 || got != want {
		t.Errorf("merge of pipes: exit %d, stdout %q, stderr %q; want %q", code, got, errs, want)
	}
	// FIFOs fed by writers: line-stream parts under any name, table parts under their
	// shard names.
	for _, c := range []struct {
		parts []string
		named bool // the FIFOs are named as the parts, PATH.K-of-N
	}{{lines, false}, {table, true}} {
		want, _, _ := analyze(t, "", append([]string{"merge"}, c.parts...)...)
		var fifos []string
		for k, p := range c.parts {
			fifo := filepath.Join(dir, "fifo"+strconv.Itoa(k))
			if c.named {
				_, s, _ := shard.ParseSuffix(p)
				fifo = s.Path(filepath.Join(dir, "fifo"))
			}
			if err := syscall.Mkfifo(fifo, 0o600); err != nil {
				t.Skipf("mkfifo: %v", err)
			}
			data, _ := os.ReadFile(p)
			go func() {
				if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
					f.Write(data)
					f.Close()
				}
			}()
			fifos = append([]string{fifo}, fifos...) // in reverse order: any order merges
		}
		if got, errs, code := analyze(t, "", append([]string{"merge"}, fifos...)...); code != 0 || got != want {
			t.Errorf("merge of FIFOs %q: exit %d, stdout %q, stderr %q; want %q", fifos, code, got, errs, want)
		}
	}
	// A FIFO without a writer: the merge waits for it, and Ctrl-C ends the wait.
	lonely := filepath.Join(dir, "lonely")
	if err := syscall.Mkfifo(lonely, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	var e bytes.Buffer
	go func() { done <- run(ctx, []string{"merge", lines[0], lonely}, io.Discard, &e) }()
	time.Sleep(100 * time.Millisecond)
	cancel()
	select {
	case code := <-done:
		if code != 130 {
			t.Errorf("merge waiting on a FIFO: exit %d after Ctrl-C, stderr %q", code, e.String())
		}
	case <-time.After(liveness):
		t.Fatalf("merge still waits on a FIFO %v after Ctrl-C", liveness)
	}
	if f, err := os.OpenFile(lonely, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
		f.Close()
	}
}
