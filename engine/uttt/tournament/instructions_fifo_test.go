//go:build unix

package tournament

import (
	"context"
	"errors"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/boardlab/boardlab/internal/fixture"
)

// TestReadInstructionsFIFO: an instructions.txt that is a FIFO without a writer is
// given up when ctx is cancelled, with an error naming the file.
func TestReadInstructionsFIFO(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "instructions.txt")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	err := fixture.AfterCancel(t, func(ctx context.Context) error {
		_, err := ReadInstructions(ctx, dir)
		return err
	})
	if !errors.Is(err, context.Canceled) || err.Error() != path+": context canceled" {
		t.Errorf("FIFO without a writer, cancelled: %v", err)
	}
}
