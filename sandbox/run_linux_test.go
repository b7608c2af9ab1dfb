package sandbox

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestSandboxStartNotCounted: a sandboxed turn's clock starts when the wrapper writes
// on fd 3 (the bot starts), so a slow sandbox set-up (4 s against a 2 s limit) does not
// time the bot out, while a bot that is slow itself (30 s) still does.
func TestSandboxStartNotCounted(t *testing.T) {
	dir := t.TempDir()
	slowSetup := []string{"/bin/sh", "-c", "sleep 4; printf . >&3; exec 3>&-; echo 44"}
	out, _, err := Run(context.Background(), dir, slowSetup, 2*time.Second, 256, true)
	if err != nil || string(out) != "44\n" {
		t.Fatalf("slow set-up: %q, %v; want the answer", out, err)
	}
	slowBot := []string{"/bin/sh", "-c", "printf . >&3; exec 3>&-; sleep 30; echo 44"}
	start := time.Now()
	_, _, err = Run(context.Background(), dir, slowBot, 2*time.Second, 256, true)
	if !errors.Is(err, ErrTimeout) || time.Since(start) > 28*time.Second {
		t.Fatalf("slow bot: %v after %v; want a timeout", err, time.Since(start))
	}
}
