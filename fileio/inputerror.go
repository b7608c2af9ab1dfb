package fileio

import "fmt"

// InputError is an input, or a line or game of it, that failed in a bulk job: the
// input's Name, the Line (from 1; 0 for the input itself), the Byte offset of that
// line's first byte in the input (from 0) and why. The bulk packages of every game
// report this one type, each saying what Line and Byte mean for its inputs.
type InputError struct {
	Name string
	Line int64
	Byte int64
	Err  error
}

// Error returns "NAME:LINE: ERR", "NAME: ERR" for the input itself, or "line LINE: ERR"
// for an unnamed input.
func (e *InputError) Error() string {
	switch {
	case e.Name == "":
		return fmt.Sprintf("line %d: %v", e.Line, e.Err)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %v", e.Name, e.Line, e.Err)
	}
	return fmt.Sprintf("%s: %v", e.Name, e.Err)
}

// Unwrap returns why the input, line or game failed.
func (e *InputError) Unwrap() error { return e.Err }
