package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/shard"
)

func runArgs(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, &out, &errb)
	return out.String(), errb.String(), code
}

func TestMergeCatChecksShards(t *testing.T) {
	dir := t.TempDir()
	base := filepath.Join(dir, "t.bin")
	for k, part := range []string{"aa", "", "bbb"} {
		os.WriteFile(shard.Shard{K: k, N: 3}.Path(base), []byte(part), 0o644)
	}
	out, errs, code := runArgs(t, "merge", base)
	if code != 0 || out != "aabbb" {
		t.Fatalf("merge = %q, %d, %s", out, code, errs)
	}
	// Listed one by one, in any order, to a file.
	dst := filepath.Join(dir, "whole")
	_, errs, code = runArgs(t, "merge", "-o", dst, base+".2-of-3", base+".0-of-3", base+".1-of-3")
	if got, _ := os.ReadFile(dst); code != 0 || string(got) != "aabbb" {
		t.Fatalf("merge -o = %q, %d, %s", got, code, errs)
	}
	os.Remove(base + ".1-of-3")
	if _, errs, code = runArgs(t, "merge", base); code != 1 || !strings.Contains(errs, "1/3") || !strings.Contains(errs, "missing") {
		t.Fatalf("missing shard: %d %q", code, errs)
	}
	if _, errs, code = runArgs(t, "merge", base+".0-of-3", base+".0-of-3", base+".2-of-3"); code != 1 || !strings.Contains(errs, "twice") {
		t.Fatalf("doubled shard: %d %q", code, errs)
	}
	os.WriteFile(base+".1-of-4", nil, 0o644)
	if _, errs, code = runArgs(t, "merge", base+".0-of-3", base+".1-of-4", base+".2-of-3"); code != 1 || !strings.Contains(errs, "not parts of one job") {
		t.Fatalf("foreign shard: %d %q", code, errs)
	}
	if _, errs, code = runArgs(t, "merge", filepath.Join(dir, "nothing")); code != 1 || !strings.Contains(errs, "no shard files") {
		t.Fatalf("no shards: %d %q", code, errs)
	}
}

func TestMergeLinesRestoresInputOrder(t *testing.T) {
	// Input lines 0..9 split over 3 shards; line 4 failed (no output), line 7 printed
	// two lines.
	want := ""
	parts := make([]string, 3)
	for k := range parts {
		parts[k] = shard.LinesHeader + " " + (shard.Shard{K: k, N: 3}).String() + "\n"
	}
	for i := 0; i < 10; i++ {
		if i == 4 {
			continue
		}
		lines := []string{"r" + string(rune('0'+i))}
		if i == 7 {
			lines = append(lines, "map 7")
		}
		for _, l := range lines {
			want += l + "\n"
			parts[i%3] += string(shard.AppendLineIndex(nil, int64(i))) + l + "\n"
		}
	}
	dir := t.TempDir()
	var files []string
	for k, p := range parts {
		f := filepath.Join(dir, "out"+string(rune('a'+k))) // any names: redirected stdout
		os.WriteFile(f, []byte(p), 0o644)
		files = append(files, f)
	}
	out, errs, code := runArgs(t, "merge", files[2], files[0], files[1])
	if code != 0 || out != want {
		t.Fatalf("merge = %q, %d, %s; want %q", out, code, errs, want)
	}
	if _, errs, code = runArgs(t, "merge", files[0], files[1]); code != 1 || !strings.Contains(errs, "2/3") {
		t.Fatalf("missing line shard: %d %q", code, errs)
	}
	os.WriteFile(files[1], []byte(shard.LinesHeader+" 1/3\n0\tx\n"), 0o644)
	if _, errs, code = runArgs(t, "merge", files[0], files[1], files[2]); code != 1 || !strings.Contains(errs, "does not belong") {
		t.Fatalf("foreign line: %d %q", code, errs)
	}
}
