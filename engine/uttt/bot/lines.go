package bot

import (
	"context"
	"io"
	"time"

	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/fileio/textin"
)

// inputLine is one line of a session's input: its text (cut at the reader's limit), its
// number from 1, its full size, above len(text) when the line was cut, and when it
// arrived (the read that brought its last byte returned): a turn's clock starts there.
type inputLine struct {
	text         string
	number, size int64
	at           time.Time
}

// readAhead is how many lines the reader reads before the session takes them, so that
// lines are read, and stamped, as they arrive while the session builds its engine or
// searches (a CodinGame turn is at most 83 lines); it bounds the memory of lines waiting
// to readAhead times the line limit.
const readAhead = 128

// readLines reads r's lines of at most max bytes on a goroutine of its own, so that a
// session can wait for a line and for ctx at once, and stamps each with now() when the
// read that brought it returned. It sends each line on the first channel, then the
// read error (nil at the end of input) on the second and closes the first; it stops
// sending when ctx is done. A NUL byte, which no protocol line has, ends the input with
// a *textin.BinaryError (so binary input such as /dev/zero stops at once).
func readLines(ctx context.Context, r io.Reader, max int, now func() time.Time) (<-chan inputLine, <-chan error) {
	lines := make(chan inputLine, readAhead)
	errc := make(chan error, 1)
	go func() {
		sr := &stampReader{r: textin.NewReader(r, "protocol lines"), now: now}
		lr := fileio.NewLineReader(sr, max)
		for {
			line, n, size, ok := lr.Next()
			if !ok {
				break
			}
			select {
			case lines <- inputLine{string(line), n, size, sr.last}:
			case <-ctx.Done():
				return
			}
		}
		errc <- lr.Err()
		close(lines)
	}()
	return lines, errc
}

// stampReader is r noting when its latest read that returned bytes ended: a line
// handed out by a buffered reader on top ended in that read or an earlier one.
type stampReader struct {
	r    io.Reader
	now  func() time.Time
	last time.Time
}

func (s *stampReader) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	if n > 0 {
		s.last = s.now()
	}
	return n, err
}
