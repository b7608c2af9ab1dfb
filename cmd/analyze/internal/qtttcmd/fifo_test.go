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
// to: the good file's scores are written, and Ctrl-C ends the run (which would wait
// forever without it).
func TestScoreFIFOInterrupt(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txt")
	os.WriteFile(good, []byte("AE BF EI DH AI 1\nAB\n"), 0o644)
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFO:", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var o, e bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- Run(ctx, []string{"score", good, fifo}, strings.NewReader(""), &o, &e) }()
	time.Sleep(100 * time.Millisecond)
	t0 := time.Now()
	cancel()
	select {
	case code := <-done:
		if code != cli.ExitInterrupted {
			t.Errorf("code %d after %v", code, time.Since(t0))
		}
	case <-time.After(30 * time.Second):
		t.Fatal("score hangs on a FIFO after Ctrl-C")
	}
	if o.String() != "1 0\n0 0\n" {
		t.Errorf("the good file's scores: %q", o.String())
	}
	// Unblock the reader goroutine left waiting in open.
	if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
		f.Close()
	}
}
