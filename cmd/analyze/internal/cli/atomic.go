package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Output is where a command writes its data: stdout, or a file that appears under its
// final name only when Commit succeeds (written to a temporary file beside it and
// renamed), so an interrupted run never leaves a partial file under the final name.
//
// The temporary file is named .NAME.tmp-PID-RANDOM; CreateOutput removes such files of
// NAME left by processes that no longer run (a run killed with SIGKILL). A new file gets
// the permissions 0666 less the umask; a file that existed keeps its mode. A path that
// exists and is not a regular file (/dev/null, a FIFO, a terminal) is written directly.
type Output struct {
	*bufio.Writer
	f      *os.File // nil for stdout
	path   string
	direct bool // f is path itself (a device or FIFO), not a temporary file
	// NoSync skips the fsync before the rename: much faster for many small files that
	// can be made again (generated inputs). A partial file still never appears under
	// the final name, but after a system crash the newest files may be empty.
	NoSync bool
}

// OutputPathError is a destination that cannot be written: it is a directory, its
// directory is missing or not writable. Commands report it as a command-line error.
type OutputPathError struct {
	Path   string
	Reason string
}

func (e *OutputPathError) Error() string { return fmt.Sprintf("%s: %s", e.Path, e.Reason) }

// CheckOutputPath reports, before any work is done, why path cannot receive an output
// file: it is an existing directory, or its directory is missing, not a directory or
// not writable. "" and "-" (stdout) are always fine.
func CheckOutputPath(path string) error {
	if path == "" || path == "-" {
		return nil
	}
	if fi, err := os.Stat(path); err == nil {
		if fi.IsDir() {
			return &OutputPathError{path, "is a directory (give a file name)"}
		}
		if !fi.Mode().IsRegular() {
			return nil // written directly
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return &OutputPathError{path, Cause(err).Error()}
	}
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &OutputPathError{path, fmt.Sprintf("directory %s does not exist", dir)}
	case err != nil:
		return &OutputPathError{path, Cause(err).Error()}
	case !fi.IsDir():
		return &OutputPathError{path, fmt.Sprintf("%s is not a directory", dir)}
	}
	if err := writable(dir); err != nil {
		return &OutputPathError{path, fmt.Sprintf("directory %s is not writable: %v", dir, err)}
	}
	return nil
}

// CreateOutput returns an Output on path, or on stdout when path is "" or "-". It
// checks path first (CheckOutputPath) and removes stale temporary files of path.
func CreateOutput(path string, stdout io.Writer) (*Output, error) {
	if path == "" || path == "-" {
		return &Output{Writer: bufio.NewWriterSize(stdout, 1<<16)}, nil
	}
	if err := CheckOutputPath(path); err != nil {
		return nil, err
	}
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return nil, err
		}
		return &Output{Writer: bufio.NewWriterSize(f, 1<<16), f: f, path: path, direct: true}, nil
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	RemoveStaleTemps(dir, base)
	prefix := "." + base + ".tmp-" + strconv.Itoa(os.Getpid()) + "-"
	var f *os.File
	var err error
	for try := 0; try < 100; try++ {
		// 0666: the kernel applies the umask, as for any new file.
		f, err = os.OpenFile(filepath.Join(dir, prefix+strconv.FormatUint(rand.Uint64()%1e10, 10)), os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if !errors.Is(err, fs.ErrExist) {
			break
		}
	}
	if err != nil {
		return nil, err
	}
	return &Output{Writer: bufio.NewWriterSize(f, 1<<20), f: f, path: path}, nil
}

// RemoveStaleTemps removes dir's temporary files of output base (.BASE.tmp-PID-N)
// whose process is no longer running. Files of running processes are left alone.
func RemoveStaleTemps(dir, base string) {
	matches, _ := filepath.Glob(filepath.Join(dir, "."+escapeGlob(base)+".tmp-*-*"))
	for _, m := range matches {
		rest := strings.TrimPrefix(filepath.Base(m), "."+base+".tmp-")
		pidText, n, ok := strings.Cut(rest, "-")
		pid, err1 := strconv.Atoi(pidText)
		_, err2 := strconv.ParseUint(n, 10, 64)
		if !ok || err1 != nil || err2 != nil || pid <= 0 || pid == os.Getpid() || processAlive(pid) {
			continue
		}
		os.Remove(m)
	}
}

func escapeGlob(s string) string {
	var b strings.Builder
	for _, c := range s {
		if strings.ContainsRune(`*?[\`, c) {
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
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
	if o.direct {
		return o.f.Close()
	}
	if !o.NoSync {
		if err := o.f.Sync(); err != nil {
			o.Abort()
			return err
		}
	}
	if fi, err := os.Stat(o.path); err == nil && fi.Mode().IsRegular() {
		// An existing file keeps its permissions (a 0600 file stays private).
		if err := o.f.Chmod(fi.Mode().Perm()); err != nil {
			o.Abort()
			return err
		}
	}
	if err := o.f.Close(); err != nil {
		os.Remove(o.f.Name())
		return err
	}
	if err := os.Rename(o.f.Name(), o.path); err != nil {
		os.Remove(o.f.Name())
		return err
	}
	return nil
}

// Abort discards a file output (stdout output is flushed: what was written stays
// written). It is safe to call after Commit.
func (o *Output) Abort() {
	if o.f == nil || o.direct {
		o.Flush()
		if o.f != nil {
			o.f.Close()
		}
		return
	}
	o.f.Close()
	os.Remove(o.f.Name())
}
