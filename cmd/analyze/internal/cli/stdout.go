package cli

import (
	"errors"
	"io"
	"io/fs"
)

// WriteError is the error of a failed write to standard output: "writing stdout: no
// space left on device".
type WriteError struct{ Err error }

func (e *WriteError) Error() string { return "writing stdout: " + e.Err.Error() }

func (e *WriteError) Unwrap() error { return e.Err }

// Stdout is standard output as commands see it: it records the first write error, and
// every later write returns that error without writing, so that a run whose output was
// lost can be reported once and end with a non-zero status.
type Stdout struct {
	w   io.Writer
	err *WriteError
}

// NewStdout wraps w.
func NewStdout(w io.Writer) *Stdout { return &Stdout{w: w} }

// Write writes p to the wrapped writer unless an earlier write failed.
func (s *Stdout) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // "write /dev/stdout: ENOSPC" says less than "writing stdout: ..."
		}
		s.err = &WriteError{err}
		return n, s.err
	}
	return n, nil
}

// Err returns the first write error, or nil.
func (s *Stdout) Err() error {
	if s.err == nil {
		return nil
	}
	return s.err
}

// Unwrap returns the wrapped writer (IsTerminal looks through it).
func (s *Stdout) Unwrap() io.Writer { return s.w }
