package tournament

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestSandboxStartNotCounted: a sandboxed turn's clock starts when the wrapper writes
// on fd 3 (the bot starts), so a slow sandbox set-up does not time the bot out, while a
// bot that is slow itself still does.
func TestSandboxStartNotCounted(t *testing.T) {
	dir := t.TempDir()
	slowSetup := []string{"/bin/sh", "-c", "sleep 0.4; printf . >&3; exec 3>&-; echo 44"}
	out, _, err := runTurn(context.Background(), dir, slowSetup, 200*time.Millisecond, DefaultMaxOutput, true)
	if err != nil || string(out) != "44\n" {
		t.Fatalf("slow set-up: %q, %v; want the answer", out, err)
	}
	slowBot := []string{"/bin/sh", "-c", "printf . >&3; exec 3>&-; sleep 0.4; echo 44"}
	start := time.Now()
	_, _, err = runTurn(context.Background(), dir, slowBot, 200*time.Millisecond, DefaultMaxOutput, true)
	if !errors.Is(err, ErrTimeout) || time.Since(start) > 5*time.Second {
		t.Fatalf("slow bot: %v after %v; want a timeout", err, time.Since(start))
	}
}
