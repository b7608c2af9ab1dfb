// Package textin holds what every reader of text input shares: a UTF-8 byte order mark
// at the start is dropped, and a NUL byte, which no text has, is a *BinaryError naming
// its offset. It imports nothing beyond the standard library's bytes, fmt and io, so the
// engines' parsers can use it.
package textin

import (
	"bytes"
	"fmt"
	"io"
)

// BinaryError says a text input holds a NUL byte, which no text has: the input stops
// there.
type BinaryError struct {
	What   string // what the text should hold, e.g. "positions"
	Offset int64  // of the NUL byte in the input, from 0
}

func (e *BinaryError) Error() string {
	return fmt.Sprintf("binary data, not %s: NUL byte at offset %d", e.What, e.Offset)
}

// Check returns a *BinaryError if data, which starts at offset off of its input,
// holds a NUL byte, and nil otherwise; what names what the text should hold.
func Check(data []byte, what string, off int64) error {
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return &BinaryError{What: what, Offset: off + int64(i)}
	}
	return nil
}

// NewReader returns a reader of r without a UTF-8 byte order mark at the start that
// stops with a *BinaryError at the first NUL byte, after the bytes before it; what names
// what the text should hold.
func NewReader(r io.Reader, what string) io.Reader {
	return &textReader{r: r, what: what}
}

// Dropped returns the bytes a reader from NewReader dropped at the start of its input:
// 3 once it has dropped a byte order mark, else 0 (and 0 for any other reader).
func Dropped(r io.Reader) int64 {
	if t, ok := r.(*textReader); ok && t.started && t.dropped {
		return int64(len(bom))
	}
	return 0
}

// bom is the UTF-8 byte order mark some editors put at the start of a text file.
var bom = []byte{0xef, 0xbb, 0xbf}

// textReader passes r's bytes on, without a byte order mark at the start, and stops
// with a *BinaryError at the first NUL byte (after passing the bytes before it).
type textReader struct {
	r       io.Reader
	what    string // what the text holds, for the error
	off     int64  // bytes of r passed or dropped
	started bool
	dropped bool   // a byte order mark was dropped
	head    []byte // the first bytes, not yet passed
	err     error
}

func (t *textReader) Read(p []byte) (int, error) {
	for !t.started {
		var b [3]byte
		k := copy(b[:], t.head)
		n, err := t.r.Read(b[k:])
		t.head = append(t.head, b[k:k+n]...)
		switch {
		case !bytes.HasPrefix(bom, t.head):
			t.started = true
		case len(t.head) == len(bom):
			t.started, t.dropped, t.head, t.off = true, true, nil, int64(len(bom))
		}
		if err != nil {
			t.started, t.err = true, err
		}
	}
	var n int
	if len(t.head) > 0 {
		n = copy(p, t.head)
		t.head = t.head[n:]
	} else if t.err != nil {
		return 0, t.err
	} else {
		n, t.err = t.r.Read(p)
	}
	if err := Check(p[:n], t.what, t.off); err != nil {
		n, t.err, t.head = int(err.(*BinaryError).Offset-t.off), err, nil
	}
	t.off += int64(n)
	if len(t.head) > 0 && t.err != nil {
		return n, nil // the error after the held bytes
	}
	return n, t.err
}
