package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
)

// Input is one named input of a batch command: a file, or standard input ("-").
type Input struct {
	Path string // as the user will see it in output; "-" for standard input
}

// Open opens the input; stdin is returned wrapped so closing it is harmless.
func (in Input) Open(stdin io.Reader) (io.ReadCloser, error) {
	if in.Path == "-" {
		return io.NopCloser(stdin), nil
	}
	return os.Open(in.Path)
}

// ReadAll reads the whole input.
func (in Input) ReadAll(stdin io.Reader) ([]byte, error) {
	if in.Path == "-" {
		return io.ReadAll(stdin)
	}
	return os.ReadFile(in.Path)
}

// ExpandError is an argument that could not be expanded into inputs.
type ExpandError struct {
	Path string
	Err  error
}

func (e *ExpandError) Error() string { return fmt.Sprintf("%s: %v", e.Path, e.Err) }
func (e *ExpandError) Unwrap() error { return e.Err }

// Expand turns FILE|DIR|- arguments into inputs in order: no argument means standard
// input, a directory is walked recursively and contributes its regular files in sorted
// order (hidden files and directories are skipped). An argument that cannot be read is
// returned as an error in place (Input with that path and the error at the same index
// in errs), so callers can report it where it stood and go on with the rest.
func Expand(args []string) (inputs []Input, errs []error) {
	if len(args) == 0 {
		args = []string{"-"}
	}
	add := func(p string, err error) {
		inputs = append(inputs, Input{Path: p})
		errs = append(errs, err)
	}
	for _, a := range args {
		if a == "-" {
			add(a, nil)
			continue
		}
		fi, err := os.Stat(a)
		if err != nil {
			add(a, &ExpandError{a, unwrapPath(err)})
			continue
		}
		if !fi.IsDir() {
			add(a, nil)
			continue
		}
		var files []string
		werr := filepath.WalkDir(a, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				add(p, &ExpandError{p, unwrapPath(err)})
				if d != nil && d.IsDir() {
					return fs.SkipDir
				}
				return nil
			}
			name := d.Name()
			if p != a && len(name) > 1 && name[0] == '.' {
				if d.IsDir() {
					return fs.SkipDir
				}
				return nil
			}
			if d.Type().IsRegular() {
				files = append(files, p)
			} else if d.Type()&fs.ModeSymlink != 0 {
				if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
					files = append(files, p)
				}
			}
			return nil
		})
		if werr != nil {
			add(a, &ExpandError{a, werr})
		}
		sort.Strings(files)
		for _, f := range files {
			add(f, nil)
		}
	}
	return inputs, errs
}

func unwrapPath(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}

// Name is the input's name in messages: its path, or "stdin".
func (in Input) Name() string {
	if in.Path == "-" {
		return "stdin"
	}
	return in.Path
}

// Cause strips the path that an error from Expand or os repeats, for messages that
// name the input already.
func Cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var ee *ExpandError
	if errors.As(err, &ee) {
		return ee.Err
	}
	return err
}
