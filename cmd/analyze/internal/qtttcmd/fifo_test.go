//go:build linux

package qtttcmd

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
)

// TestScoreFIFOInterrupt gives score a good file and then a FIFO that nobody writes
// to: the good file's scores are written, and Ctrl-C ends the run (which would wait for
// ever without it).
func TestScoreFIFOInterrupt(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txt")
	os.WriteFile(good, []byte("AE BF EI DH AI 1\nAB\n"), 0o644)
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFO:", err)
	}
	// The good file must be read before the cancel: a cancel that comes sooner is tried
	// again later.
	for settle := 100 * time.Millisecond; ; settle *= 4 {
		ctx, cancel := context.WithCancel(context.Background())
		var o, e bytes.Buffer
		done := make(chan int, 1)
		go func() { done <- Run(ctx, []string{"score", good, fifo}, strings.NewReader(""), &o, &e) }()
		time.Sleep(settle)
		cancel()
		select {
		case code := <-done:
			if code != cli.ExitInterrupted {
				t.Errorf("code %d after the cancel", code)
			}
		case <-time.After(liveness):
			t.Fatalf("score still waits on a FIFO %v after Ctrl-C", liveness)
		}
		if o.String() == "1 0\n0 0\n" {
			break
		}
		if settle > 10*time.Second {
			t.Errorf("the good file's scores: %q", o.String())
			break
		}
		t.Logf("cancelled after %v, before the good file was scored: trying again later", settle)
	}
	// Unblock the reader goroutine left waiting in open.
	if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
		f.Close()
	}
}
