package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSignalLeavesNoPartialOutput: the real signal path for --out files. SIGTERM (as
// SIGINT) to a long run writing --out FILE ends it with status 130, and no file is
// left under FILE: a FILE that existed keeps its old content, and the temporary file
// is removed.
func TestSignalLeavesNoPartialOutput(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	a := filepath.Join(dir, "a.txt")
	os.WriteFile(a, []byte("..B\n.BW\nBW.\n"), 0o644)
	for _, c := range []struct {
		name  string
		sig   os.Signal
		stdin bool // an endless stream of one-line boards on stdin
		args  []string
	}{
		{"q.txt", syscall.SIGTERM, false, []string{"qttt", "random", "-q", "--out", "q.txt", "100000000"}},
		{"q2.txt", os.Interrupt, false, []string{"qttt", "random", "-o", "q2.txt", "100000000"}},
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
			settle := 300 * time.Millisecond
			for try := 1; ; try++ {
				var stdin *os.File
				if c.stdin {
					r, w, err := os.Pipe()
					if err != nil {
						t.Fatal(err)
					}
					go func() {
						line := []byte(strings.Repeat("..B.BWBW.\n", 1000))
						for {
							if _, err := w.Write(line); err != nil {
								w.Close()
								return
							}
						}
					}()
					defer r.Close()
					stdin = r
				}
				ch := startAnalyze(t, "1", stdin, args...)
				time.Sleep(settle)
				if ch.exited() {
					t.Fatalf("exited %d before the signal; stderr %q", ch.cmd.ProcessState.ExitCode(), ch.errOut)
				}
				ch.cmd.Process.Signal(c.sig)
				code := ch.wait(t)
				ws, _ := ch.cmd.ProcessState.Sys().(syscall.WaitStatus)
				if ws.Signaled() && try < 5 {
					t.Logf("try %d: the signal came before the handler, starting again", try)
					settle *= 4
					continue
				}
				if code != 130 {
					t.Errorf("exit %d after %v; stderr %q", code, c.sig, ch.errOut)
				}
				if b, err := os.ReadFile(out); err != nil || string(b) != "old\n" {
					t.Errorf("%s after %v: %d bytes %q..., %v; want its old content", c.name, c.sig, len(b), b[:min(len(b), 20)], err)
				}
				if !strings.Contains(ch.errOut.String(), out+" not written") {
					t.Errorf("stderr does not say %s was not written: %q", out, ch.errOut)
				}
				temps, _ := filepath.Glob(filepath.Join(dir, "."+c.name+".tmp-*"))
				if len(temps) > 0 {
					t.Errorf("temporary files left: %v", temps)
				}
				return
			}
		})
	}
	// Unblock any reader goroutine left waiting in open.
	if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
		f.Close()
	}
}

// TestSecondCtrlCRemovesTemporaryFile: a command that does not stop at the first
// Ctrl-C is ended by the second, and leaves neither its output nor its temporary
// file behind.
func TestSecondCtrlCRemovesTemporaryFile(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "o.txt")
	settle := 300 * time.Millisecond
	for try := 1; ; try++ {
		c := startAnalyze(t, "hang-output", nil, out)
		waitFor(t, "the temporary file", func() bool {
			m, _ := filepath.Glob(filepath.Join(dir, ".o.txt.tmp-*"))
			return len(m) > 0 || c.exited()
		})
		time.Sleep(settle)
		c.cmd.Process.Signal(os.Interrupt)
		waitFor(t, "the announcement", func() bool {
			return strings.Contains(c.errOut.String(), "Ctrl-C again to quit at once") || c.exited()
		})
		if c.exited() {
			if c.uncaught() && try < 5 {
				settle *= 4
				continue
			}
			t.Fatalf("exited %d at the first SIGINT; stderr %q", c.cmd.ProcessState.ExitCode(), c.errOut)
		}
		c.cmd.Process.Signal(os.Interrupt)
		if code := c.wait(t); code != 130 {
			t.Fatalf("exit %d after the second SIGINT; stderr %q", code, c.errOut)
		}
		if m, _ := filepath.Glob(filepath.Join(dir, "*o.txt*")); len(m) > 0 {
			t.Errorf("left behind: %v", m)
		}
		return
	}
}
