package wythoffcmd

import (
	"bytes"
	"context"
	"io"
)

// lineReader splits a stream into lines without a limit on their length: lines up to
// max bytes are returned whole, longer ones are skipped in constant memory and
// reported with their length and first bytes. Memory stays within max plus one read
// buffer whatever the input.
type lineReader struct {
	r          io.Reader
	buf        []byte
	start, end int
	max        int
	eof        bool
	err        error
	prefix     []byte
}

const lineBuf = 256 << 10

func newLineReader(r io.Reader, max int) *lineReader {
	return &lineReader{r: r, buf: make([]byte, min(lineBuf, max+1)), max: max}
}

// fill reads more input after the buffered bytes; false at the end of input or on an
// error (kept in lr.err).
func (lr *lineReader) fill() bool {
	if lr.eof || lr.err != nil {
		return false
	}
	if lr.start > 0 {
		copy(lr.buf, lr.buf[lr.start:lr.end])
		lr.end -= lr.start
		lr.start = 0
	}
	if lr.end == len(lr.buf) {
		return false
	}
	n, err := lr.r.Read(lr.buf[lr.end:])
	lr.end += n
	if err == io.EOF {
		lr.eof = true
	} else if err != nil {
		lr.err = err
	}
	return n > 0 || err == nil
}

// next returns the next line without its newline. For a line longer than max it
// returns the first bytes of the line and its length (long > 0). The slice is valid
// until the next call. err is io.EOF after the last line, or the read error.
func (lr *lineReader) next(ctx context.Context) (line []byte, long int64, err error) {
	for {
		if i := bytes.IndexByte(lr.buf[lr.start:lr.end], '\n'); i >= 0 {
			line = lr.buf[lr.start : lr.start+i]
			lr.start += i + 1
			return line, 0, nil
		}
		if lr.end-lr.start > lr.max {
			return lr.skipLong(ctx)
		}
		if lr.start == 0 && lr.end == len(lr.buf) && len(lr.buf) < lr.max+1 {
			nb := make([]byte, min(2*len(lr.buf), lr.max+1))
			copy(nb, lr.buf[:lr.end])
			lr.buf = nb
		}
		if !lr.fill() {
			if lr.err != nil {
				return nil, 0, lr.err
			}
			if lr.start == lr.end {
				return nil, 0, io.EOF
			}
			line = lr.buf[lr.start:lr.end]
			lr.start = lr.end
			return line, 0, nil
		}
	}
}

// skipLong consumes a line known to be longer than max, up to and including its
// newline, and returns its first bytes and length.
func (lr *lineReader) skipLong(ctx context.Context) ([]byte, int64, error) {
	lr.prefix = append(lr.prefix[:0], lr.buf[lr.start:lr.start+64]...)
	var n int64
	for {
		if i := bytes.IndexByte(lr.buf[lr.start:lr.end], '\n'); i >= 0 {
			n += int64(i)
			lr.start += i + 1
			return lr.prefix, n, nil
		}
		n += int64(lr.end - lr.start)
		lr.start, lr.end = 0, 0
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		if !lr.fill() {
			if lr.err != nil {
				return nil, 0, lr.err
			}
			return lr.prefix, n, nil
		}
	}
}
