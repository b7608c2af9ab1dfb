package term

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"
)

func TestProgressSilentOffTerminal(t *testing.T) {
	var buf bytes.Buffer
	p := NewProgress(&buf, "x", "items")
	p.Update(1, 2)
	p.Done()
	if buf.Len() != 0 {
		t.Fatalf("progress drawn on a non-terminal: %q", buf.String())
	}
}

func TestDevNullIsNotATerminal(t *testing.T) {
	f, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	if IsTerminal(f) {
		t.Fatal("IsTerminal(/dev/null) = true")
	}
	if IsTerminal(&bytes.Buffer{}) {
		t.Fatal("IsTerminal(buffer) = true")
	}
}

func TestProgressTermDumbAndNoColor(t *testing.T) {
	t.Setenv("TERM", "dumb")
	var buf bytes.Buffer
	p := newProgress(&buf, "x", "items", true)
	p.last = p.last.Add(-time.Second)
	p.Update(1, 2)
	p.Done()
	if buf.Len() != 0 {
		t.Fatalf("progress drawn with TERM=dumb: %q", buf.String())
	}
	t.Setenv("TERM", "xterm")
	t.Setenv("NO_COLOR", "1")
	p = newProgress(&buf, "x", "items", true)
	p.last = p.last.Add(-time.Second)
	p.Update(1, 2)
	p.Done()
	if !strings.Contains(buf.String(), "x: 1/2 items") || strings.Contains(buf.String(), "\x1b") {
		t.Fatalf("NO_COLOR progress: %q", buf.String())
	}
	t.Setenv("NO_COLOR", "")
	os.Unsetenv("NO_COLOR")
	buf.Reset()
	p = newProgress(&buf, "x", "items", true)
	p.last = p.last.Add(-time.Second)
	p.Update(1, 2)
	if !strings.Contains(buf.String(), "\x1b[K") {
		t.Fatalf("terminal progress: %q", buf.String())
	}
}

// TestProgressPrint: text printed during a run clears the progress line first, which
// comes back at the next update; without a terminal the text is written as is.
func TestProgressPrint(t *testing.T) {
	t.Setenv("TERM", "xterm")
	var buf bytes.Buffer
	p := newProgress(&buf, "x", "items", false)
	p.Print("game 1\n")
	if buf.String() != "game 1\n" {
		t.Fatalf("no terminal: %q", buf.String())
	}
	buf.Reset()
	p = newProgress(&buf, "x", "items", true)
	p.last = p.last.Add(-time.Second)
	p.Update(1, 2)
	p.Print("game 1\n")
	p.Update(2, 2) // drawn again at once, though within 100 ms of the last
	want := "\r\x1b[Kx: 1/2 items"
	got := buf.String()
	if !strings.HasPrefix(got, want) || !strings.Contains(got, "\r\x1b[K\rgame 1\n\r\x1b[Kx: 2/2 items") {
		t.Fatalf("terminal: %q", got)
	}
}
