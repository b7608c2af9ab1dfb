package fileio

import (
	"bufio"
	"fmt"
	"io"
)

// LineReader reads lines of any length in bounded memory: a line longer than its
// limit is returned cut to the limit, with its full length, so the caller can report
// it by number and go on with the next line.
type LineReader struct {
	r    *bufio.Reader
	max  int
	buf  []byte
	line int64
	off  int64 // bytes read by Next, the lines and their newlines
	at   int64 // offset of the line Next last returned
	err  error
}

// NewLineReader returns a LineReader of r keeping at most max bytes of a line.
func NewLineReader(r io.Reader, max int) *LineReader {
	return &LineReader{r: bufio.NewReaderSize(r, 64<<10), max: max}
}

// Next returns the next line without its "\n" (or "\r\n"; a "\r" ending the input is
// dropped too, as bufio.ScanLines does), its 1-based number and its
// full length in bytes; when length > len(line) the line was longer than the limit and
// line holds its first bytes. ok is false at the end of the input or on an error (Err).
func (l *LineReader) Next() (line []byte, number int64, length int64, ok bool) {
	if l.err != nil {
		return nil, l.line, 0, false
	}
	l.buf = l.buf[:0]
	l.at = l.off
	for {
		frag, err := l.r.ReadSlice('\n')
		length += int64(len(frag))
		l.off += int64(len(frag))
		if room := l.max - len(l.buf); room > 0 {
			if len(frag) > room {
				l.buf = append(l.buf, frag[:room]...)
			} else {
				l.buf = append(l.buf, frag...)
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			l.err = err
			if length == 0 {
				return nil, l.line, 0, false
			}
		}
		break
	}
	l.line++
	if l.err == nil { // the line ended with '\n', kept or beyond the prefix
		length--
		if n := len(l.buf); n > 0 && l.buf[n-1] == '\n' {
			l.buf = l.buf[:n-1]
		}
	}
	if n := len(l.buf); length <= int64(l.max) && n > 0 && l.buf[n-1] == '\r' {
		l.buf, length = l.buf[:n-1], length-1 // "\r\n", or a final "\r", as bufio.ScanLines
	}
	return l.buf, l.line, length, true
}

// Offset returns the offset in the input, from 0, of the first byte of the line Next
// last returned.
func (l *LineReader) Offset() int64 { return l.at }

// Buffered returns how many bytes of the input are read ahead: 0 means the next call
// of Next reads the input, and may wait on it.
func (l *LineReader) Buffered() int { return l.r.Buffered() }

// Err returns the error that ended the input, nil at a clean end.
func (l *LineReader) Err() error {
	if l.err == io.EOF {
		return nil
	}
	return l.err
}

// QuotePrefix quotes line for a message (Go syntax), cut to its first n bytes with
// "..." after the quote when longer, so that a message never echoes a huge line.
func QuotePrefix(line []byte, n int) string {
	if len(line) <= n {
		return fmt.Sprintf("%q", line)
	}
	return fmt.Sprintf("%q...", line[:n])
}

// Prefix quotes the start of a line for a message: at most n bytes, then "...".
func Prefix(line []byte, n int) string {
	if len(line) <= n {
		return string(line)
	}
	return string(line[:n]) + "..."
}
