package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestSignalLeavesNoPartialOutput: the real signal path for --out files. SIGTERM (as
// SIGINT) to a long run writing --out FILE ends it with status 130, and no file is
// left under FILE: a FILE that existed keeps its old content, and the temporary file
// is removed.
func TestSignalLeavesNoPartialOutput(t *testing.T) {
	dir := t.TempDir()
	a, fifo := boardAndFIFO(t, dir)
	for _, c := range []struct {
		name  string
		sig   os.Signal
		stdin bool // an endless stream of one-line boards on stdin
		args  []string
	}{
		{"q.txt", syscall.SIGTERM, false, []string{"qttt", "random", "-q", "--out", "q.txt", "--count", "100000000"}},
		{"q2.txt", os.Interrupt, false, []string{"qttt", "random", "-o", "q2.txt", "--count", "100000000"}},
		{"s.txt", syscall.SIGTERM, true, []string{"goban", "score", "--lines", "--out", "s.txt"}},
		{"gs.txt", os.Interrupt, false, []string{"goban", "score", "--out", "gs.txt", a, fifo}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(dir, c.name)
			os.WriteFile(out, []byte("old\n"), 0o644)
			args := append([]string(nil), c.args...)
			for i, a := range args {
				if a == c.name {
					args[i] = out
				}
			}
			start := func() *child {
				if !c.stdin {
					return startAnalyze(t, "1", nil, args...)
				}
				r, w, err := os.Pipe()
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { r.Close() })
				go func() {
					lines := []byte(strings.Repeat("..B.BWBW.\n", 1000))
					for {
						if _, err := w.Write(lines); err != nil {
							w.Close()
							return
						}
					}
				}()
				return startAnalyze(t, "1", r, args...)
			}
			ch, code := signalled(t, c.sig, start, always)
			if code != 130 {
				t.Errorf("exit %d after %v; stderr %q", code, c.sig, ch.errOut)
			}
			if b, err := os.ReadFile(out); err != nil || string(b) != "old\n" {
				t.Errorf("%s after %v: %d bytes %q..., %v; want its old content", c.name, c.sig, len(b), b[:min(len(b), 20)], err)
			}
			if !strings.Contains(ch.errOut.String(), out+" not written") {
				t.Errorf("stderr does not say %s was not written: %q", out, ch.errOut)
			}
			if temps, _ := filepath.Glob(filepath.Join(dir, "."+c.name+".tmp-*")); len(temps) > 0 {
				t.Errorf("temporary files left: %v", temps)
			}
		})
	}
}
