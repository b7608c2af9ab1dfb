package fileio

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

// blockedReader returns its text, then blocks until closed.
type blockedReader struct {
	text  string
	block chan struct{}
}

func (b *blockedReader) Read(p []byte) (int, error) {
	if b.text != "" {
		n := copy(p, b.text)
		b.text = b.text[n:]
		return n, nil
	}
	<-b.block
	return 0, io.EOF
}

// TestPumpReaderStopsABlockedRead: the data before the block is read, and a read
// blocked in the reader returns ErrInterrupted once the context is cancelled.
func TestPumpReaderStopsABlockedRead(t *testing.T) {
	br := &blockedReader{text: "AB\n", block: make(chan struct{})}
	defer close(br.block)
	ctx, cancel := context.WithCancel(context.Background())
	lr := NewLineReader(NewPumpReader(ctx, br), 100)
	if line, _, _, ok := lr.Next(); !ok || string(line) != "AB" || lr.Buffered() != 0 {
		t.Fatalf("first line %q %v, %d buffered", line, ok, lr.Buffered())
	}
	done := make(chan error, 1)
	go func() {
		_, _, _, ok := lr.Next()
		if ok {
			done <- errors.New("a line after the block")
			return
		}
		done <- lr.Err()
	}()
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, ErrInterrupted) && !errors.Is(err, context.Canceled) {
			t.Errorf("after cancel: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("a read blocked in the reader did not stop on cancel")
	}
	// Buffered counts what is read ahead.
	lr = NewLineReader(strings.NewReader("a\nb\n"), 10)
	lr.Next()
	if lr.Buffered() != 2 {
		t.Errorf("Buffered %d after the first of two lines, want 2", lr.Buffered())
	}
}
