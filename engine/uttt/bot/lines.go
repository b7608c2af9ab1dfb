package bot

import (
	"context"
	"io"

	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/fileio/textin"
)

// inputLine is one line of a session's input: its text (cut at the reader's limit), its
// number from 1 and its full size, above len(text) when the line was cut.
type inputLine struct {
	text         string
	number, size int64
}

// readLines reads r's lines of at most max bytes on a goroutine of its own, so that a
// session can wait for a line and for ctx at once. It sends each line on the first
// channel, then the read error (nil at the end of input) on the second and closes the
// first; it stops sending when ctx is done. A NUL byte, which no protocol line has, ends
// the input with a *textin.BinaryError (so binary input such as /dev/zero stops at once).
func readLines(ctx context.Context, r io.Reader, max int) (<-chan inputLine, <-chan error) {
	lines := make(chan inputLine)
	errc := make(chan error, 1)
	go func() {
		lr := fileio.NewLineReader(textin.NewReader(r, "protocol lines"), max)
		for {
			line, n, size, ok := lr.Next()
			if !ok {
				break
			}
			select {
			case lines <- inputLine{string(line), n, size}:
			case <-ctx.Done():
				return
			}
		}
		errc <- lr.Err()
		close(lines)
	}()
	return lines, errc
}
