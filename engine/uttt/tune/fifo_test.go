//go:build unix

package tune

import (
	"context"
	"errors"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/boardlab/boardlab/fileio/textin"
	"github.com/boardlab/boardlab/internal/fixture"
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
	err := fixture.AfterCancel(t, func(ctx context.Context) error {
		_, err := LoadGames(ctx, fifo)
		return err
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("FIFO without a writer, cancelled: %v", err)
	}
}
