package gobancmd

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
)

// liveness is how long a cancelled command gets to return: far beyond what any machine
// needs, so that only a command that ignores the cancel fails.
const liveness = 30 * time.Second

// cancelOnWrite is a standard output that cancels the run at its first write and
// counts what it is given.
type cancelOnWrite struct {
	cancel func()
	n      int
}

func (c *cancelOnWrite) Write(p []byte) (int, error) {
	c.cancel()
	c.n += len(p)
	return len(p), nil
}

// TestDrawStopsOnCancel: Ctrl-C stops a large picture while it is encoded, SVG or PNG,
// within a buffer's worth of output, with status 130 and no file under the --out name.
func TestDrawStopsOnCancel(t *testing.T) {
	dir := t.TempDir()
	board := filepath.Join(dir, "b.txt")
	if _, e, code := run(t, "", "gen", "--kind", "random", "--size", "1000", "--out", board); code != 0 {
		t.Fatalf("gen: %d %s", code, e)
	}
	// To stdout: the SVG of a 1000x1000 board is about 28 MB; the cancel comes with the
	// first bytes written.
	ctx, cancel := context.WithCancel(context.Background())
	out := &cancelOnWrite{cancel: cancel}
	var e bytes.Buffer
	if code := Run(ctx, []string{"draw", board}, nil, out, &e); code != cli.ExitInterrupted {
		t.Errorf("svg to stdout: code %d, stderr %q", code, e.String())
	}
	if out.n > 1<<20 {
		t.Errorf("svg to stdout: %d bytes written after the cancel; want at most a few buffers", out.n)
	}
	// To a file: PNG at 64 pixels a point (64000x64000 pixels, minutes of work),
	// cancelled once its temporary file is there.
	for _, args := range [][]string{
		{"draw", "--format", "png", "--scale", "64", "--out", filepath.Join(dir, "d.png"), board},
		{"draw", "--out", filepath.Join(dir, "d.svg"), board},
	} {
		path := args[len(args)-2]
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan int, 1)
		var e bytes.Buffer
		go func() { done <- Run(ctx, args, nil, &bytes.Buffer{}, &e) }()
		deadline := time.After(liveness)
		for seen := false; !seen; {
			select {
			case code := <-done:
				t.Fatalf("%q ended (%d) before its temporary file was seen; stderr %q", args, code, e.String())
			case <-deadline:
				t.Fatalf("%q: no temporary file within %v", args, liveness)
			case <-time.After(5 * time.Millisecond):
				m, _ := filepath.Glob(filepath.Join(dir, "."+filepath.Base(path)+".tmp-*"))
				seen = len(m) > 0
			}
		}
		cancel()
		select {
		case code := <-done:
			if code != cli.ExitInterrupted {
				t.Errorf("%q: code %d after the cancel, stderr %q", args, code, e.String())
			}
		case <-time.After(liveness):
			t.Fatalf("%q: still drawing %v after the cancel", args, liveness)
		}
		if _, err := os.Stat(path); err == nil {
			t.Errorf("%s exists after the cancel", path)
		}
		if m, _ := filepath.Glob(filepath.Join(dir, ".*.tmp-*")); len(m) > 0 {
			t.Errorf("temporary files left: %v", m)
		}
	}
}
