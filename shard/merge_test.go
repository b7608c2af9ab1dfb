package shard

import (
	"bytes"
	"strings"
	"testing"
)

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
