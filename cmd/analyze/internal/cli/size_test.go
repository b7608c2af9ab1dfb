package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/cmd/analyze/internal/bytesize"
)

func TestSizeFlag(t *testing.T) {
	var stderr bytes.Buffer
	fs := NewFlagSet("x", "x", "", &stderr)
	hash := bytesize.Size(32 << 20)
	fs.Var(&hash, "hash", "table `SIZE`")
	if _, st := Parse(fs, []string{"--hash", "64"}); st != -1 || hash != 64 {
		t.Fatalf("--hash 64: %d %d", st, hash)
	}
	if _, st := Parse(fs, []string{"--hash", "lots"}); st != ExitUsage || !strings.Contains(stderr.String(), "a size such as 64MiB") {
		t.Fatalf("--hash lots: %d %q", st, stderr.String())
	}
	var help bytes.Buffer
	fs.SetOutput(&help)
	PrintFlags(&help, fs)
	if !strings.Contains(help.String(), "--hash SIZE") || !strings.Contains(help.String(), "(default 32MiB)") {
		t.Fatalf("help: %q", help.String())
	}
}

func TestSizeVar(t *testing.T) {
	var stderr bytes.Buffer
	fs := NewFlagSet("x", "x", "", &stderr)
	hash := SizeVar(fs, "hash", 32<<20, "table `SIZE`")
	tt := SizeVar(fs, "tt", 24<<22, "table `SIZE`")
	if hash.Bytes != 32<<20 || hash.Text != "32MiB" || tt.Bytes != 96<<20 {
		t.Fatalf("defaults: %+v %+v", hash, tt)
	}
	for _, c := range []struct {
		args      []string
		hash, tt  bytesize.Size
		text, tt2 string
	}{
		{[]string{"--hash", "64"}, 64 << 20, 96 << 20, "64", "96MiB"},
		{[]string{"--hash", "1GiB", "--tt", "20"}, 1 << 30, 20 << 20, "1GiB", "20"},
		{[]string{"--hash=4096B", "--tt", "0"}, 4096, 0, "4096B", "0"},
		{[]string{"--tt", "16MiB"}, 32 << 20, 16 << 20, "32MiB", "16MiB"},
	} {
		hash.Bytes, hash.Text, tt.Bytes, tt.Text = 32<<20, "32MiB", 96<<20, "96MiB"
		if _, st := Parse(fs, c.args); st != -1 || hash.Bytes != c.hash || tt.Bytes != c.tt || hash.Text != c.text || tt.Text != c.tt2 {
			t.Errorf("%q: %d, hash %+v, tt %+v", c.args, st, *hash, *tt)
		}
	}
	for _, args := range [][]string{{"--hash", "lots"}, {"--hash", "-3"}, {"--tt", "-1"}} {
		stderr.Reset()
		if _, st := Parse(fs, args); st != ExitUsage || !strings.Contains(stderr.String(), "invalid value") {
			t.Errorf("%q: %d %q", args, st, stderr.String())
		}
	}
	stderr.Reset()
	Parse(fs, []string{"--hash", "2 parsecs"})
	if !strings.Contains(stderr.String(), "a bare number (MiB)") {
		t.Errorf("--hash 2 parsecs: %q", stderr.String())
	}
	var help bytes.Buffer
	PrintFlags(&help, fs)
	if !strings.Contains(help.String(), "--hash SIZE") || !strings.Contains(help.String(), "(default 32MiB)") || !strings.Contains(help.String(), "(default 96MiB)") {
		t.Fatalf("help: %q", help.String())
	}
}
