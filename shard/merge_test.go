package shard

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// TestNewJobValues pins job IDs: parts written by one build must merge with another's.
// The values are FNV-1a 64 of the name and NUL-separated arguments, computed apart.
func TestNewJobValues(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		id   string
	}{
		{"wythoff move", nil, "49e73c4b037ec3d7"},
		{"wythoff move", []string{"--"}, "4883f2052f61f5bf"},
		{"wythoff move", []string{"--", "-"}, "69ede79c5f16d8e0"},
		{"qttt score", []string{"games.txt"}, "7bfffd5037b3886b"},
	} {
		if got := NewJob(c.name, c.args); got.ID != c.id || got.Name != c.name {
			t.Errorf("NewJob(%q, %q) = %+v, want ID %s", c.name, c.args, got, c.id)
		}
	}
}

func TestLinesHeaderRoundTrip(t *testing.T) {
	job := NewJob("wythoff move", []string{"--misere=true", "--", "-"})
	if job != NewJob("wythoff move", []string{"--misere=true", "--", "-"}) || job == NewJob("wythoff move", []string{"--", "-"}) || len(job.ID) != 16 {
		t.Fatalf("NewJob: %v", job)
	}
	for _, s := range []Shard{{K: 1, N: 3}, {K: 0, N: 2, Job: job}} {
		var b bytes.Buffer
		WriteLinesHeader(&b, s)
		got, err := parseLinesHeader(strings.TrimSuffix(b.String(), "\n"))
		if err != nil || got != s {
			t.Errorf("%q: %v, %v; want %v", b.String(), got, err, s)
		}
	}
	for _, bad := range []string{LinesHeader, LinesHeader + " 3/3", LinesHeader + " 0/2 jobs x", LinesHeader + " 0/2 job"} {
		if _, err := parseLinesHeader(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// TestTrailerValues pins the end line of a line-stream shard: parts written by one
// build must merge with another's. The checksums are CRC-32C and CRC-32 (IEEE) of the
// input, computed apart.
func TestTrailerValues(t *testing.T) {
	d := NewInputDigest(strings.NewReader("1 2\n3 5\n"))
	io.Copy(io.Discard, d)
	var b bytes.Buffer
	WriteLinesTrailer(&b, d.Trailer())
	if want := LinesTrailer + " stdin 8 crc 91ab660f78cd3116\n"; b.String() != want {
		t.Errorf("trailer %q, want %q", b.String(), want)
	}
	if got, err := parseLinesTrailer(strings.TrimSuffix(b.String(), "\n")); err != nil || got != d.Trailer() {
		t.Errorf("parsed %v, %v", got, err)
	}
	for _, bad := range []string{LinesTrailer, LinesTrailer + " stdin 8 crc 91ab", LinesTrailer + " stdin -1 crc 91ab660f78cd3116", LinesTrailer + " stdin 8 crc 91ab660f78cd311g"} {
		if _, err := parseLinesTrailer(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
