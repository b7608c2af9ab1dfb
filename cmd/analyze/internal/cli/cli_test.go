package cli

import (
	"bytes"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestSplitCommand(t *testing.T) {
	cases := []struct {
		in   string
		want []string
		bad  bool
	}{
		{"python3 randBot/bot.py", []string{"python3", "randBot/bot.py"}, false},
		{"  a   b\tc ", []string{"a", "b", "c"}, false},
		{`a 'b c' "d e"`, []string{"a", "b c", "d e"}, false},
		{`a\ b`, []string{"a b"}, false},
		{`"x\"y" 'it''s'`, []string{`x"y`, "its"}, false},
		{`""`, []string{""}, false},
		{`"\n"`, []string{`\n`}, false},
		{"", nil, false},
		{`'open`, nil, true},
		{`"open`, nil, true},
	}
	for _, c := range cases {
		got, err := SplitCommand(c.in)
		if (err != nil) != c.bad {
			t.Errorf("SplitCommand(%q) error = %v, want error %v", c.in, err, c.bad)
			continue
		}
		if !c.bad && !reflect.DeepEqual(got, c.want) {
			t.Errorf("SplitCommand(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestParseInterspersed(t *testing.T) {
	var stderr bytes.Buffer
	fs := NewFlagSet("x", "x [--all] A B", "", &stderr)
	all := fs.Bool("all", false, "all")
	n := fs.Int("n", 0, "n")
	pos, st := Parse(fs, []string{"5", "--all", "7", "-n", "3"})
	if st != -1 || !*all || *n != 3 || !reflect.DeepEqual(pos, []string{"5", "7"}) {
		t.Fatalf("got pos=%q st=%d all=%v n=%d", pos, st, *all, *n)
	}
	fs = NewFlagSet("x", "x", "", &stderr)
	all = fs.Bool("all", false, "all")
	pos, st = Parse(fs, []string{"O", "---------", "-0-------", "-X-------", "-5", "--all=true", "-"})
	if st != -1 || !*all || !reflect.DeepEqual(pos, []string{"O", "---------", "-0-------", "-X-------", "-5", "-"}) {
		t.Fatalf("dashes after positionals: pos=%q st=%d all=%v", pos, st, *all)
	}
	// A flag-shaped word after positionals that names no flag is a typo, not an
	// argument ("goban score FILE --mpa").
	fs = NewFlagSet("x", "x", "", &stderr)
	if _, st = Parse(fs, []string{"O", "-x"}); st != ExitUsage {
		t.Fatalf("-x after a positional: status %d, want %d", st, ExitUsage)
	}
	fs = NewFlagSet("x", "x", "", &stderr)
	pos, st = Parse(fs, []string{"--", "-1", "-x"})
	if st != -1 || !reflect.DeepEqual(pos, []string{"-1", "-x"}) {
		t.Fatalf("after --: pos=%q st=%d", pos, st)
	}
	fs = NewFlagSet("x", "x", "", &stderr)
	if _, st = Parse(fs, []string{"-h"}); st != ExitOK {
		t.Fatalf("-h status %d", st)
	}
	if !strings.Contains(stderr.String(), "usage: x") {
		t.Fatalf("no usage printed: %q", stderr.String())
	}
	fs = NewFlagSet("x", "x", "", &stderr)
	if _, st = Parse(fs, []string{"--bogus"}); st != ExitUsage {
		t.Fatalf("bad flag status %d", st)
	}
}

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
