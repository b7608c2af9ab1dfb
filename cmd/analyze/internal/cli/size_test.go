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
