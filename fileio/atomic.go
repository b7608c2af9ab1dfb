package fileio

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
	"sync"
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
	direct bool        // f is path itself (a device or FIFO), not a temporary file
	mode   fs.FileMode // the permissions of the file path replaces, marked existed; 0 for a new file
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

// Error returns "PATH: REASON".
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
	if reason := checkDir(filepath.Dir(path)); reason != "" {
		return &OutputPathError{path, reason}
	}
	return nil
}

// CheckOutputDir reports, before any work is done, why path cannot be a directory
// that receives output files: it exists and is not a writable directory, or it does
// not exist (it is to be created) and its parent directory is missing, not a
// directory or not writable. "" is always fine.
func CheckOutputDir(path string) error {
	if path == "" {
		return nil
	}
	clean := filepath.Clean(path)
	fi, err := os.Stat(clean)
	switch {
	case err == nil && !fi.IsDir():
		return &OutputPathError{path, "exists and is not a directory"}
	case err == nil:
		if err := writable(clean); err != nil {
			return &OutputPathError{path, fmt.Sprintf("directory is not writable: %v", err)}
		}
		return nil
	case !errors.Is(err, fs.ErrNotExist):
		return &OutputPathError{path, Cause(err).Error()}
	}
	if reason := checkDir(filepath.Dir(clean)); reason != "" {
		return &OutputPathError{path, reason}
	}
	return nil
}

// checkDir says why dir cannot receive new files, or "".
func checkDir(dir string) string {
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Sprintf("directory %s does not exist", dir)
	case err != nil:
		return Cause(err).Error()
	case !fi.IsDir():
		return fmt.Sprintf("%s is not a directory", dir)
	}
	if err := writable(dir); err != nil {
		return fmt.Sprintf("directory %s is not writable: %v", dir, err)
	}
	return ""
}

// temps are the temporary files of the outputs not yet committed or aborted, for
// RemoveTemporaryFiles.
var temps sync.Map

// RemoveTemporaryFiles removes the temporary files of this process's outputs that are
// still open, for a process about to exit at once (a second Ctrl-C) without
// committing or aborting them: nothing half-written is left behind. Those outputs
// cannot be used afterwards.
func RemoveTemporaryFiles() {
	temps.Range(func(name, _ any) bool {
		os.Remove(name.(string))
		return true
	})
}

// preparedDirs are the directories this process has checked and cleaned of stale
// temporary files, so that writing many files into one directory does it once.
var preparedDirs sync.Map

// CreateOutput returns an Output on path, or on stdout when path is "" or "-". It
// checks path first (as CheckOutputPath) and, once per directory and process, removes
// the stale temporary files of runs that no longer run (RemoveStaleTemps).
func CreateOutput(path string, stdout io.Writer) (*Output, error) {
	if path == "" || path == "-" {
		return &Output{Writer: bufio.NewWriterSize(stdout, 1<<16)}, nil
	}
	var mode fs.FileMode // of an existing file, kept by Commit
	fi, err := os.Stat(path)
	switch {
	case err == nil && fi.IsDir():
		return nil, &OutputPathError{path, "is a directory (give a file name)"}
	case err == nil && !fi.Mode().IsRegular():
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return nil, err
		}
		return &Output{Writer: bufio.NewWriterSize(f, 1<<16), f: f, path: path, direct: true}, nil
	case err == nil:
		mode = fi.Mode().Perm() | existed
	case !errors.Is(err, fs.ErrNotExist):
		return nil, &OutputPathError{path, Cause(err).Error()}
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	if _, done := preparedDirs.Load(dir); !done {
		if reason := checkDir(filepath.Clean(dir)); reason != "" {
			return nil, &OutputPathError{path, reason}
		}
		RemoveStaleTemps(dir)
		preparedDirs.Store(dir, true)
	}
	prefix := "." + base + ".tmp-" + strconv.Itoa(os.Getpid()) + "-"
	var f *os.File
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
	temps.Store(f.Name(), true)
	return &Output{Writer: bufio.NewWriterSize(f, 1<<20), f: f, path: path, mode: mode}, nil
}

// WriteFile writes data to the file path as CreateOutput and Commit do: the file
// appears whole under its name or not at all, and an existing file keeps its mode.
func WriteFile(path string, data []byte) error {
	if path == "" || path == "-" {
		return &OutputPathError{path, "no file name"}
	}
	out, err := CreateOutput(path, nil)
	if err != nil {
		return err
	}
	if _, err := out.Write(data); err != nil {
		out.Abort()
		return err
	}
	return out.Commit()
}

// existed marks Output.mode as the mode of a file that existed.
const existed = fs.ModeTemporary

// RemoveStaleTemps removes the temporary output files in dir (.NAME.tmp-PID-N) whose
// process is no longer running, such as those of a run killed with SIGKILL. Files of
// running processes are left alone.
func RemoveStaleTemps(dir string) {
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	names, _ := d.Readdirnames(-1)
	d.Close()
	for _, name := range names {
		if pid, ok := tempPID(name); ok && pid != os.Getpid() && !processAlive(pid) {
			os.Remove(filepath.Join(dir, name))
		}
	}
}

// tempPID returns the PID in a temporary output file's name .NAME.tmp-PID-N.
func tempPID(name string) (int, bool) {
	if len(name) < 2 || name[0] != '.' {
		return 0, false
	}
	i := strings.LastIndex(name, ".tmp-")
	if i < 1 {
		return 0, false
	}
	pidText, n, ok := strings.Cut(name[i+len(".tmp-"):], "-")
	pid, err1 := strconv.Atoi(pidText)
	_, err2 := strconv.ParseUint(n, 10, 64)
	if !ok || err1 != nil || err2 != nil || pid <= 0 {
		return 0, false
	}
	return pid, true
}

// Path returns the file the output goes to, or "" for stdout.
func (o *Output) Path() string { return o.path }

// Atomic reports whether the output is a file that appears under its name only on
// Commit (false for stdout and for a device or FIFO written directly).
func (o *Output) Atomic() bool { return o.f != nil && !o.direct }

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
	if o.mode&existed != 0 {
		// An existing file keeps its permissions (a 0600 file stays private).
		if err := o.f.Chmod(o.mode.Perm()); err != nil {
			o.Abort()
			return err
		}
	}
	defer temps.Delete(o.f.Name())
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
	temps.Delete(o.f.Name())
}
