package cli

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
)

// Output is where a command writes its data: stdout, or a file that appears under its
// final name only when Commit succeeds (written to a temporary file beside it and
// renamed), so an interrupted run never leaves a partial file under the final name.
type Output struct {
	*bufio.Writer
	f    *os.File // nil for stdout
	path string
	// NoSync skips the fsync before the rename: much faster for many small files that
	// can be made again (generated inputs). A partial file still never appears under
	// the final name, but after a system crash the newest files may be empty.
	NoSync bool
}

// CreateOutput returns an Output on path, or on stdout when path is "" or "-".
func CreateOutput(path string, stdout io.Writer) (*Output, error) {
	if path == "" || path == "-" {
		return &Output{Writer: bufio.NewWriterSize(stdout, 1<<16)}, nil
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return nil, err
	}
	return &Output{Writer: bufio.NewWriterSize(f, 1<<20), f: f, path: path}, nil
}

// Commit flushes and, for a file, syncs, closes and renames it into place.
func (o *Output) Commit() error {
	if err := o.Flush(); err != nil {
		o.Abort()
		return err
	}
	if o.f == nil {
		return nil
	}
	if !o.NoSync {
		if err := o.f.Sync(); err != nil {
			o.Abort()
			return err
		}
	}
	if err := o.f.Close(); err != nil {
		os.Remove(o.f.Name())
		return err
	}
	if err := os.Chmod(o.f.Name(), 0o644); err != nil {
		os.Remove(o.f.Name())
		return err
	}
	return os.Rename(o.f.Name(), o.path)
}

// Abort discards a file output (stdout output is flushed: what was written stays
// written). It is safe to call after Commit.
func (o *Output) Abort() {
	if o.f == nil {
		o.Flush()
		return
	}
	o.f.Close()
	os.Remove(o.f.Name())
}
