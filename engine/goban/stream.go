package goban

import (
	"errors"
	"fmt"
	"io"

	"github.com/boardlab/boardlab/fileio/textin"
)

// Parser reads one board in the spec's text format in pieces (it is an io.Writer), so a
// board of any length streams through bounded memory: it keeps only two bits per symbol
// seen, and refuses more symbols than a MaxSize-by-MaxSize board holds as soon as it has
// seen them. Unlike Parse it also refuses a NUL byte: text never holds one, and an
// endless binary stream such as /dev/zero must end in an error rather than run forever.
type Parser struct {
	// MaxSize bounds the side of the board; 0 means no bound.
	MaxSize int

	xs, os []uint64   // the current block of the symbol streams
	xb, ob [][]uint64 // full blocks before it, blockWords words each
	s      bitStream  // k counts the words stored in the current block
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

// TextWhat is what a text input of boards holds, as its *textin.BinaryError names it.
const TextWhat = "a board"

// piece bounds how many bytes Write streams before it checks the size limit again, so
// that the symbol streams never grow more than piece/64 words beyond the limit.
const piece = 1 << 20

// blockWords is the length of a full block of a symbol stream: past it the streams grow
// by new blocks rather than by copying, so that reading a board holds two bits per
// symbol and not twice that while a stream is copied.
const blockWords = 1 << 17

// Reset starts a new board, keeping the current block and MaxSize.
func (p *Parser) Reset() {
	p.s = bitStream{}
	p.xb, p.ob = nil, nil
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
	if err := textin.Check(data, TextWhat, p.read); err != nil {
		p.err = err
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
				p.s.feed(p.xs, p.os, p.tail[:], false)
				p.spill()
				p.nt = 0
			}
			continue
		}
		n := len(data) &^ 15
		if n > piece {
			n = piece
		}
		p.room(n)
		p.s.feed(p.xs, p.os, data[:n], asmFor(n))
		p.spill()
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
	if p.MaxSize > 0 && p.count() > int64(p.MaxSize)*int64(p.MaxSize) {
		p.err = &SizeError{MaxSize: p.MaxSize}
	}
	return p.err
}

// count is the number of symbols streamed so far.
func (p *Parser) count() int64 { return int64(len(p.xb))*blockWords*64 + p.s.count() }

// room makes the current block long enough to feed n <= piece more bytes and end the
// streams, growing it by doubling up to blockWords plus that slack.
func (p *Parser) room(n int) {
	need := p.s.k + n/64 + 3
	if need <= len(p.xs) {
		return
	}
	c := min(max(2*len(p.xs), need, 64), blockWords+piece/64+3)
	xs := make([]uint64, c)
	os := make([]uint64, c)
	copy(xs, p.xs[:p.s.k])
	copy(os, p.os[:p.s.k])
	p.xs, p.os = xs, os
}

// spill moves a full current block to the full blocks and starts a new one with the
// words stored past its end.
func (p *Parser) spill() {
	if p.s.k < blockWords {
		return
	}
	p.xb = append(p.xb, p.xs[:blockWords:blockWords])
	p.ob = append(p.ob, p.os[:blockWords:blockWords])
	xs := make([]uint64, len(p.xs))
	os := make([]uint64, len(p.os))
	p.s.k = copy(xs, p.xs[blockWords:p.s.k])
	copy(os, p.os[blockWords:])
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
		p.s.feed(p.xs, p.os, p.tail[:], false)
		p.nt = 0
	}
	if err := p.check(); err != nil {
		return err
	}
	if len(p.xb) == 0 {
		return b.fromStream(&p.s, p.xs, p.os)
	}
	// The streams end in the current block; place the board word by word from blocks.
	k := p.s.k
	p.xs[k], p.os[k] = p.s.ax, p.s.ao
	p.xs[k+1], p.os[k+1] = 0, 0
	count := p.count()
	n := isqrt(int(count))
	if int64(n)*int64(n) != count {
		return &ParseError{Count: int(count)}
	}
	full := len(p.xb) * blockWords
	word := func(blocks [][]uint64, cur []uint64, q int) uint64 {
		if q < full {
			return blocks[q/blockWords][q%blockWords]
		}
		return cur[q-full]
	}
	b.resize(n)
	w := b.W
	last := lastMask(n)
	for r := 0; r < n; r++ {
		row := b.Black[(r+1)*w : (r+2)*w]
		wrow := b.White[(r+1)*w : (r+2)*w]
		for j := range row {
			o := r*n + j*64
			q, s := o>>6, uint(o&63)
			bx := word(p.xb, p.xs, q) >> s
			bo := word(p.ob, p.os, q) >> s
			if s != 0 {
				bx |= word(p.xb, p.xs, q+1) << (64 - s)
				bo |= word(p.ob, p.os, q+1) << (64 - s)
			}
			if j == w-1 {
				bx &= last
				bo &= last
			}
			row[j], wrow[j] = bx, bo
		}
	}
	return nil
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
