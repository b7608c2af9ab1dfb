package bytesize

import (
	"fmt"
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
}

func TestCompat(t *testing.T) {
	hash := NewCompat(32<<20, MiB, "MiB")
	// A bare number of another meaning: a table of 2^N entries of 24 bytes, 0 none.
	entries := func(n int64) (Size, error) {
		if n < 0 || n > 40 {
			return 0, fmt.Errorf("2^%d entries: out of range", n)
		}
		if n == 0 {
			return 0, nil
		}
		return Size(24 << n), nil
	}
	tt := NewCompat(24<<22, entries, "2^N entries")
	if hash.Bytes != 32<<20 || hash.Text != "32MiB" || tt.Bytes != 96<<20 || tt.Text != "96MiB" {
		t.Fatalf("defaults: %+v %+v", hash, tt)
	}
	for in, want := range map[string]Size{"64": 64 << 20, "1GiB": 1 << 30, "4096B": 4096} {
		if err := hash.Set(in); err != nil || hash.Bytes != want || hash.Text != in {
			t.Errorf("hash.Set(%q): %v, %+v", in, err, hash)
		}
	}
	for in, want := range map[string]Size{"20": 24 << 20, "0": 0, "16MiB": 16 << 20} {
		if err := tt.Set(in); err != nil || tt.Bytes != want || tt.Text != in {
			t.Errorf("tt.Set(%q): %v, %+v", in, err, tt)
		}
	}
	for _, in := range []string{"lots", "-3", "2 parsecs"} {
		if err := hash.Set(in); err == nil {
			t.Errorf("hash.Set(%q) = nil, want an error", in)
		}
	}
	for _, in := range []string{"99", "-1"} {
		if err := tt.Set(in); err == nil {
			t.Errorf("tt.Set(%q) = nil, want an error", in)
		}
	}
	mem := NewCompat(1<<30, MiB, "MiB").Within(1<<20, 64<<30, "want 1MiB to 64GiB")
	for _, in := range []string{"0", "100GiB", "1KiB"} {
		if err := mem.Set(in); err == nil || err.Error() != "want 1MiB to 64GiB" {
			t.Errorf("Within: Set(%q) = %v", in, err)
		}
	}
	if err := mem.Set("2048"); err != nil || mem.Bytes != 2<<30 {
		t.Errorf("Within: Set(2048) = %v, %+v", err, mem)
	}
}
