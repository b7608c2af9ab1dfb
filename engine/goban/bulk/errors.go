package bulk

import "github.com/boardlab/boardlab/fileio"

// InputError is an input, game or line that failed: the Name of the input (for a game
// of a collection NAME#k, for a zip member ARCHIVE/MEMBER), the Line of a --lines
// board (from 1; 0 for the input or game itself), the Byte offset of that line and
// why. Byte is the offset of the line's first byte in its input, from 0 (for stdin,
// from the first byte read from it), the same with a shard or several workers as
// without: never in a shard's part or a worker's chunk. It is 0 for the input or game
// itself.
// It is fileio.InputError, the one error type of every game's bulk jobs.
type InputError = fileio.InputError

// errStop keeps the first error OnError returned, which stops the job.
type errStop struct{ err error }

// report hands err about input name (line when > 0) to onError unless the job is
// already stopping; it returns whether the job goes on.
func (s *errStop) report(onError func(error) error, name string, line int64, err error) bool {
	return s.reportAt(onError, name, line, 0, err)
}

// reportAt is report for a line that starts at offset at of its input.
func (s *errStop) reportAt(onError func(error) error, name string, line, at int64, err error) bool {
	if s.err != nil {
		return false
	}
	if onError != nil {
		s.err = onError(&InputError{Name: name, Line: line, Byte: at, Err: err})
	}
	return s.err == nil
}
