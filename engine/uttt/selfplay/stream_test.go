//go:build unix

package selfplay

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/boardlab/boardlab/engine/uttt/selfplay/record"
	"github.com/boardlab/boardlab/internal/fixture"
)

// TestOutStreams: /dev/null and a FIFO are written as streams: no games are read back
// for resuming, nothing is truncated, and the games reach a FIFO's reader (after the
// shard header); a FIFO nobody opens for reading is given up when ctx is cancelled.
func TestOutStreams(t *testing.T) {
	m := newMatch(3)
	out, res, err := record.OpenOut(context.Background(), os.DevNull, m.ID(), nil)
	if err != nil {
		t.Fatalf("OpenOut(%s): %v", os.DevNull, err)
	}
	if _, err := Run(context.Background(), Config{Match: m, To: 10, Workers: 1, Resume: res, Out: out}); err != nil || out.Resumable() {
		t.Errorf("%s: run %v, resumable %v", os.DevNull, err, out.Resumable())
	}
	if err := out.Close(); err != nil {
		t.Errorf("%s: close: %v", os.DevNull, err)
	}

	fifo := filepath.Join(t.TempDir(), "games.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	got := make(chan string, 1)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- string(b)
	}()
	h := record.ShardHeader(m.ID(), 0, 2, 20, 0, 10, nil)
	out, res, err = record.OpenOut(context.Background(), fifo, m.ID(), h)
	if err != nil {
		t.Fatalf("OpenOut(FIFO): %v", err)
	}
	if _, err := Run(context.Background(), Config{Match: m, To: 10, Workers: 1, Resume: res, Out: out}); err != nil {
		t.Errorf("FIFO: run %v", err)
	}
	if err := out.Close(); err != nil {
		t.Errorf("FIFO: close: %v", err)
	}
	select {
	case s := <-got:
		if !strings.HasPrefix(s, `{"selfplay":"shard"`) || strings.Count(s, `"game":`) != 10 {
			t.Errorf("the FIFO's reader got %.200q", s)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the FIFO's reader got no end of input")
	}

	err = fixture.AfterCancel(t, func(ctx context.Context) error {
		_, _, err := record.OpenOut(ctx, fifo, m.ID(), nil)
		return err
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("FIFO without a reader, cancelled: %v", err)
	}
}
