package cli

import (
	"bytes"
	"strings"
	"testing"
)

func TestSize(t *testing.T) {
	for in, want := range map[string]int64{"64MiB": 64 << 20, "64M": 64 << 20, "2GB": 2e9, "512k": 512 << 10,
		"1048576": 1 << 20, "1.5KiB": 1536, " 3 GiB ": 3 << 30, "0": 0, "7B": 7} {
		var s Size
		if err := s.Set(in); err != nil || int64(s) != want {
			t.Errorf("Set(%q) = %d, %v; want %d", in, s, err, want)
		}
	}
	for _, in := range []string{"", "MB", "12XB", "-5M", "1.3B", "99999999TiB"} {
		var s Size
		if err := s.Set(in); err == nil {
			t.Errorf("Set(%q) = %d, want an error", in, s)
		}
	}
	for v, want := range map[int64]string{64 << 20: "64MiB", 3 << 30: "3GiB", 1000: "1000", 1536: "1536", 2048: "2KiB"} {
		s := Size(v)
		if got := s.String(); got != want {
			t.Errorf("String(%d) = %q, want %q", v, got, want)
		}
	}
	var stderr bytes.Buffer
	fs := NewFlagSet("x", "x", "", &stderr)
	var hash Size
	SizeVar(fs, &hash, "hash", 32<<20, "table `SIZE`")
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

func TestCompatSize(t *testing.T) {
	var stderr bytes.Buffer
	fs := NewFlagSet("x", "x", "", &stderr)
	hash := CompatSizeVar(fs, "hash", 32<<20, MiBSize, "MiB", "table `SIZE`")
	tt := CompatSizeVar(fs, "tt", 24<<22, PowerSize(24), "2^N entries", "table `SIZE`")
	if hash.Bytes != 32<<20 || hash.Text != "32MiB" || tt.Bytes != 96<<20 {
		t.Fatalf("defaults: %+v %+v", hash, tt)
	}
	for _, c := range []struct {
		args      []string
		hash, tt  Size
		text, tt2 string
	}{
		{[]string{"--hash", "64"}, 64 << 20, 96 << 20, "64", "96MiB"},
		{[]string{"--hash", "1GiB", "--tt", "20"}, 1 << 30, 24 << 20, "1GiB", "20"},
		{[]string{"--hash=4096B", "--tt", "0"}, 4096, 0, "4096B", "0"},
		{[]string{"--tt", "16MiB"}, 32 << 20, 16 << 20, "32MiB", "16MiB"},
	} {
		hash.Bytes, hash.Text, tt.Bytes, tt.Text = 32<<20, "32MiB", 96<<20, "96MiB"
		if _, st := Parse(fs, c.args); st != -1 || hash.Bytes != c.hash || tt.Bytes != c.tt || hash.Text != c.text || tt.Text != c.tt2 {
			t.Errorf("%q: %d, hash %+v, tt %+v", c.args, st, *hash, *tt)
		}
	}
	for _, args := range [][]string{{"--hash", "lots"}, {"--tt", "99"}, {"--hash", "-3"}, {"--tt", "-1"}} {
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
