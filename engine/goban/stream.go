package goban

import (
	"bytes"
	"errors"
	"fmt"
	"io"
)

// Parser reads one board in the seed's text format in pieces (it is an io.Writer), so a
// board of any length streams through bounded memory: it keeps only two bits per symbol
// seen, and refuses more symbols than a MaxSize-by-MaxSize board holds as soon as it has
// seen them. Unlike Parse it also refuses a NUL byte: text never holds one, and an
// endless binary stream such as /dev/zero must end in an error rather than run forever.
type Parser struct {
	// MaxSize bounds the side of the board; 0 means no bound.
	MaxSize int

	xs, os []uint64
	s      bitStream
	tail   [16]byte
	nt     int   // bytes pending in tail
	read   int64 // bytes written so far
	err    error
	buf    []byte // ReadFrom's buffer
}

// SizeError is input with more board characters than a MaxSize-by-MaxSize board holds.
type SizeError struct {
	MaxSize int
}

func (e *SizeError) Error() string {
	return fmt.Sprintf("more than %d board characters (X, O, -): larger than the %dx%d limit",
		int64(e.MaxSize)*int64(e.MaxSize), e.MaxSize, e.MaxSize)
}

// BinaryError is input holding a NUL byte: binary data, not a board.
type BinaryError struct {
	Offset int64 // 0-based offset of the first NUL byte
}

func (e *BinaryError) Error() string {
	return fmt.Sprintf("binary data, not a board: NUL byte at offset %d", e.Offset)
}

// piece bounds how many bytes Write streams before it checks the size limit again, so
// that the symbol streams never grow more than piece/64 words beyond the limit.
const piece = 1 << 20

// Reset starts a new board, keeping the buffers and MaxSize.
func (p *Parser) Reset() {
	p.s = bitStream{}
	p.nt = 0
	p.read = 0
	p.err = nil
}

// Write streams data into the board. After an error (a NUL byte, or more symbols than
// MaxSize allows) it takes nothing more and returns that error until Reset.
func (p *Parser) Write(data []byte) (int, error) {
	if p.err != nil {
		return 0, p.err
	}
	if i := bytes.IndexByte(data, 0); i >= 0 {
		p.err = &BinaryError{Offset: p.read + int64(i)}
		return 0, p.err
	}
	total := len(data)
	for len(data) > 0 {
		if p.nt > 0 || len(data) < 16 {
			c := copy(p.tail[p.nt:], data)
			p.nt += c
			data = data[c:]
			p.read += int64(c)
			if p.nt == 16 {
				p.room(16)
				p.s.feed(p.xs, p.os, p.tail[:])
				p.nt = 0
			}
			continue
		}
		n := len(data) &^ 15
		if n > piece {
			n = piece
		}
		p.room(n)
		p.s.feed(p.xs, p.os, data[:n])
		data = data[n:]
		p.read += int64(n)
		if err := p.check(); err != nil {
			return total - len(data), err
		}
	}
	return total, p.check()
}

// check records and returns a *SizeError once the symbols exceed MaxSize*MaxSize.
func (p *Parser) check() error {
	if p.MaxSize > 0 && p.s.count() > int64(p.MaxSize)*int64(p.MaxSize) {
		p.err = &SizeError{MaxSize: p.MaxSize}
	}
	return p.err
}

// room makes the symbol streams long enough to feed n more bytes and end the streams.
func (p *Parser) room(n int) {
	need := p.s.k + n/64 + 3
	if need <= len(p.xs) {
		return
	}
	c := 2 * len(p.xs)
	if c < need {
		c = need
	}
	if c < 64 {
		c = 64
	}
	if p.MaxSize > 0 {
		if lim := int64(p.MaxSize)*int64(p.MaxSize)/64 + piece/64 + 3; int64(c) > lim && int64(need) <= lim {
			c = int(lim)
		}
	}
	xs := make([]uint64, c)
	os := make([]uint64, c)
	copy(xs, p.xs[:p.s.k])
	copy(os, p.os[:p.s.k])
	p.xs, p.os = xs, os
}

// ReadFrom streams r into the board until EOF (the io.ReaderFrom interface), reading
// through a buffer of its own. It stops at the first error, of r or of the board.
func (p *Parser) ReadFrom(r io.Reader) (int64, error) {
	if p.buf == nil {
		p.buf = make([]byte, 256<<10)
	}
	var total int64
	for {
		n, err := r.Read(p.buf)
		if n > 0 {
			total += int64(n)
			if _, werr := p.Write(p.buf[:n]); werr != nil {
				return total, werr
			}
		}
		if errors.Is(err, io.EOF) {
			return total, nil
		}
		if err != nil {
			return total, err
		}
	}
}

// Board ends the input and fills b with the board read, or returns the error met
// (a *ParseError when the number of symbols is not a square). Reset before the next.
func (p *Parser) Board(b *Board) error {
	if p.err != nil {
		return p.err
	}
	p.room(16)
	if p.nt > 0 {
		clear(p.tail[p.nt:])
		p.s.feed(p.xs, p.os, p.tail[:])
		p.nt = 0
	}
	if err := p.check(); err != nil {
		return err
	}
	return b.fromStream(&p.s, p.xs, p.os)
}

// ReadBoard reads one board from r with a Parser bounded by maxSize (0: no bound).
func ReadBoard(r io.Reader, maxSize int) (*Board, error) {
	p := Parser{MaxSize: maxSize}
	if _, err := p.ReadFrom(r); err != nil {
		return nil, err
	}
	b := &Board{}
	if err := p.Board(b); err != nil {
		return nil, err
	}
	return b, nil
}
