package sandbox

import (
	"errors"
	"os"
	"strings"
	"testing"
	"time"
)

// TestWithStderrKeepsTheReason: a long last line of stderr keeps its start and its end,
// where "sh: 0: Cannot fork" and the like put the reason.
func TestWithStderrKeepsTheReason(t *testing.T) {
	line := "/tmp/" + strings.Repeat("d", 100) + "/bot.sh: 0: Cannot fork"
	err := WithStderr(ErrTimeout, []byte("first line\n"+line+"\n"))
	if !errors.Is(err, ErrTimeout) || !strings.Contains(err.Error(), "Cannot fork") || !strings.Contains(err.Error(), "/tmp/ddd") || len(err.Error()) > 200 {
		t.Fatalf("%v", err)
	}
}

// TestReadAfterDeadlineKeepsAnswer: when the reading goroutine runs only after the
// drain deadline has passed (a loaded machine), what the bot wrote before exiting is
// still read; a writer that stays open does not block it.
func TestReadAfterDeadlineKeepsAnswer(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close() // held open, as by a process that left the bot's group
	w.Write([]byte("44\n"))
	r.SetReadDeadline(time.Now().Add(-time.Second))
	done := make(chan readResult, 1)
	readCapped(r, 256, done)
	if got := <-done; string(got.buf) != "44\n" || got.over {
		t.Fatalf("readCapped after the deadline: %q (over %v), want \"44\\n\"", got.buf, got.over)
	}
	w.Write([]byte("crashed: reason\n"))
	tail := make(chan []byte, 1)
	readTail(r, StderrTail, nil, tail)
	if got := <-tail; string(got) != "crashed: reason\n" {
		t.Fatalf("readTail after the deadline: %q", got)
	}
}
