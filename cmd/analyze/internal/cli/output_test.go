package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestOutput: a file appears whole after a successful run and not at all after a
// failed or interrupted one; a directory is refused before the work.
func TestOutput(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	var stdout, stderr bytes.Buffer
	write := func(err error) func(io.Writer) error {
		return func(w io.Writer) error { fmt.Fprint(w, "data"); return err }
	}
	if code := Output("x y", path, false, &stdout, &stderr, write(nil)); code != ExitOK {
		t.Fatalf("ok: %d %q", code, stderr.String())
	}
	if b, err := os.ReadFile(path); err != nil || string(b) != "data" {
		t.Fatalf("file: %q %v", b, err)
	}
	os.Remove(path)
	for _, c := range []struct {
		err  error
		code int
		msg  string
	}{{context.Canceled, ExitInterrupted, "analyze x y: interrupted; " + path + " not written\n"}, {errors.New("bad"), ExitFail, "analyze x y: bad\n"}} {
		stderr.Reset()
		if code := Output("x y", path, false, &stdout, &stderr, write(c.err)); code != c.code || stderr.String() != c.msg {
			t.Errorf("%v: %d %q", c.err, code, stderr.String())
		}
		if _, err := os.Stat(path); err == nil {
			t.Errorf("%v: the file was left", c.err)
		}
	}
	stderr.Reset()
	if code := Output("x y", dir, false, &stdout, &stderr, write(nil)); code != ExitUsage || !bytes.Contains(stderr.Bytes(), []byte("is a directory")) {
		t.Errorf("directory: %d %q", code, stderr.String())
	}
	stdout.Reset()
	if code := Output("x y", "-", true, &stdout, &stderr, write(nil)); code != ExitOK || stdout.String() != "data" {
		t.Errorf("stdout: %d %q", code, stdout.String())
	}
}
