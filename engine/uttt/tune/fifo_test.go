//go:build unix

package tune

import (
	"context"
	"errors"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/boardlab/boardlab/fileio/textin"
)

// TestLoadGamesSpecialFiles: /dev/zero is refused as binary data at its first byte,
// and a FIFO without a writer is given up when ctx is cancelled.
func TestLoadGamesSpecialFiles(t *testing.T) {
	var be *textin.BinaryError
	if _, err := LoadGames(context.Background(), "/dev/zero"); !errors.As(err, &be) || err.Error() != "/dev/zero:1: binary data, not training games: NUL byte at offset 0" {
		t.Errorf("/dev/zero: %v", err)
	}
	fifo := filepath.Join(t.TempDir(), "games.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := LoadGames(ctx, fifo)
		done <- err
	}()
	time.Sleep(50 * time.Millisecond) // most likely blocked in the open by now; either way it must stop
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("FIFO without a writer, cancelled: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("LoadGames of a FIFO without a writer did not return after cancel")
	}
}
