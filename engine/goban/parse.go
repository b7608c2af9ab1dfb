//go:generate go run ./internal/gentables

package goban

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/boardlab/boardlab/fileio/textin"
)

// ParseError is input whose number of board characters (X, O and -) is not the square of
// a side length.
type ParseError struct {
	Count int // the number of X, O and - characters in the input
}

func (e *ParseError) Error() string {
	n := isqrt(e.Count)
	return fmt.Sprintf("%d board characters (X, O, -) is not a perfect square (%dx%d=%d, %dx%d=%d)",
		e.Count, n, n, n*n, n+1, n+1, (n+1)*(n+1))
}

// Parse reads a board in the spec's text format: every X (black), O (white) and -
// (empty) counts, row by row, and every other byte is ignored. The count must be n*n
// for some n >= 0, otherwise the error is a *ParseError naming the count.
func Parse(data []byte) (*Board, error) {
	b := &Board{}
	if err := b.Parse(data); err != nil {
		return nil, err
	}
	return b, nil
}

// SWAR constants: byte-wise tests on 8 bytes at once.
const (
	ones = 0x0101010101010101
	lo7  = 0x7f7f7f7f7f7f7f7f
	hi1  = 0x8080808080808080
	// movemask gathers bit 0 of each byte (after >>7) into the top byte, byte j to bit 56+j.
	gather = 0x0102040810204080
)

// counted sets the high bit of each byte of v that is X, O or -: a byte equals c exactly
// when ((t&lo7)+lo7)|t has its high bit clear, for t = byte^c.
func counted(v uint64) uint64 {
	tx, to, td := v^('X'*ones), v^('O'*ones), v^('-'*ones)
	zx := (tx&lo7 + lo7) | tx
	zo := (to&lo7 + lo7) | to
	zd := (td&lo7 + lo7) | td
	return ^(zx & zo & zd) & hi1
}

// movemask turns the high bits of the 8 bytes of m into an 8-bit mask, byte j to bit j.
func movemask(m uint64) uint64 { return (m >> 7) * gather >> 56 }

// Among X (0x58), O (0x4F) and - (0x2D), only X has bit 4 set and only O has bit 1 set.
const (
	shiftX = 3 // bit 4 to bit 7
	shiftO = 6 // bit 1 to bit 7
)

// evenBits gathers bits 0, 2, 4, ... 14 of x into bits 0..7.
func evenBits(x uint64) uint64 {
	x &= 0x5555
	x = (x | x>>1) & 0x3333
	x = (x | x>>2) & 0x0f0f
	return (x | x>>4) & 0xff
}

// Parse replaces b with the board read from data (see the function Parse), reusing b's
// buffers: parsing allocates nothing once they are large enough. On amd64 CPUs with
// AVX2 and fast BMI2 an input of 256 bytes or more goes through the assembly parser,
// 64 bytes a step (feed_amd64.s). Otherwise it reads 16 bytes a step: a SWAR test
// marks the counted bytes and two bits of each byte tell X from O; dense text, text
// with one separator between symbols, and bytes with nothing to count take short
// paths, anything else compacts a nibble at a time through a table.
func (b *Board) Parse(data []byte) error {
	_, err := b.parse(data, asmFor(len(data)))
	return err
}

// ParseText is Parse that also refuses a NUL byte, as Parser does (text never holds
// one): the error is then a *textin.BinaryError naming its offset, whatever the count. Where
// the assembly parser runs, the NUL test is part of its pass over the bytes.
func (b *Board) ParseText(data []byte) error {
	if !asmFor(len(data)) {
		if err := textin.Check(data, TextWhat, 0); err != nil {
			return err
		}
		_, err := b.parse(data, false)
		return err
	}
	nul, err := b.parse(data, true)
	if nul {
		return textin.Check(data, TextWhat, 0)
	}
	return err
}

// parse is Parse, through the assembly parser when asm is set (see asmFor); nul
// reports a NUL byte in data when asm is set, and is false otherwise.
func (b *Board) parse(data []byte, asm bool) (nul bool, err error) {
	words := len(data)/64 + 2
	b.xs = grow(b.xs, words)
	b.os = grow(b.os, words)
	var s bitStream
	tb := 16
	if asm {
		tb = 64
	}
	whole := len(data) &^ (tb - 1)
	nul = s.feed(b.xs, b.os, data[:whole], asm)
	if whole < len(data) {
		// The end, padded with spaces (not NUL bytes, which the NUL test would see).
		t := [64]byte{' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ',
			' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ',
			' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ',
			' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '}
		copy(t[:], data[whole:])
		if s.feed(b.xs, b.os, t[:tb], asm) {
			nul = true
		}
	}
	return nul, b.fromStream(&s, b.xs, b.os)
}

// bitStream is the state of the symbol streams while parsing: the words stored so far
// (k) and the pending bits (off of them valid) of the black and white streams.
type bitStream struct {
	ax, ao uint64
	off    uint
	k      int
}

// count is the number of symbols streamed so far.
func (s *bitStream) count() int64 { return int64(s.k)*64 + int64(s.off) }

// feedGo is the portable feed: it streams the symbols of data (whose length is a
// multiple of 16) into xs and os, which must have room for len(data)/64 + 2 more words
// after the k stored.
func (s *bitStream) feedGo(xs, os []uint64, data []byte) {
	ax, ao, off, k := s.ax, s.ao, s.off, s.k
	for ; len(data) >= 16; data = data[16:] {
		v0 := binary.LittleEndian.Uint64(data[:8])
		v1 := binary.LittleEndian.Uint64(data[8:16])
		c0, c1 := counted(v0), counted(v1)
		c := movemask(c0) | movemask(c1)<<8
		if c == 0 {
			continue
		}
		x := movemask(v0<<shiftX&c0) | movemask(v1<<shiftX&c1)<<8
		o := movemask(v0<<shiftO&c0) | movemask(v1<<shiftO&c1)<<8
		var cnt uint
		switch c {
		case 0xffff:
			cnt = 16
		case 0x5555:
			x, o, cnt = evenBits(x), evenBits(o), 8
		case 0xaaaa:
			x, o, cnt = evenBits(x>>1), evenBits(o>>1), 8
		default:
			var px, po uint64
			for q := uint(0); q < 16; q += 4 {
				cq := c >> q & 15
				t := uint64(pextXO[cq<<8|(o>>q&15)<<4|x>>q&15])
				px |= (t & 15) << cnt
				po |= (t >> 4) << cnt
				cnt += uint(pop4[cq])
			}
			x, o = px, po
		}
		ax |= x << off
		ao |= o << off
		off += cnt
		if off >= 64 {
			xs[k], os[k] = ax, ao
			k++
			off -= 64
			ax, ao = x>>(cnt-off), o>>(cnt-off)
		}
	}
	s.ax, s.ao, s.off, s.k = ax, ao, off, k
}

// fromStream ends the streams (xs and os need room for two more words) and fills b
// with the board they hold, or returns a *ParseError when their length is not a square.
func (b *Board) fromStream(s *bitStream, xs, os []uint64) error {
	k := s.k
	xs[k], os[k] = s.ax, s.ao
	xs[k+1], os[k+1] = 0, 0
	count := k*64 + int(s.off)
	n := isqrt(count)
	if n*n != count {
		return &ParseError{Count: count}
	}
	b.resize(n)
	last := lastMask(n)
	if n >= 1 && n <= 64 {
		// One word a row: row r is bits r*n to r*n+n-1 of the streams.
		bl, wh := b.Black[1:n+1], b.White[1:n+1]
		o := uint(0)
		for r := range bl {
			q, s := o>>6, o&63
			bl[r] = (xs[q]>>s | xs[q+1]<<(64-s)) & last
			wh[r] = (os[q]>>s | os[q+1]<<(64-s)) & last
			o += uint(n)
		}
		return nil
	}
	w := b.W
	for r := 0; r < n; r++ {
		row := b.Black[(r+1)*w : (r+2)*w]
		wrow := b.White[(r+1)*w : (r+2)*w]
		for j := range row {
			o := uint(r*n + j*64)
			q, s := o>>6, o&63
			bx := xs[q]>>s | xs[q+1]<<(64-s)
			bo := os[q]>>s | os[q+1]<<(64-s)
			if j == w-1 {
				bx &= last
				bo &= last
			}
			row[j], wrow[j] = bx, bo
		}
	}
	return nil
}

// resize sets b's size to n without clearing the interior rows (the caller fills them).
func (b *Board) resize(n int) {
	b.N, b.Cols, b.W = n, n, (n+63)/64
	size := (n + 2) * b.W
	b.Black = grow(b.Black, size)
	b.White = grow(b.White, size)
	clear(b.Black[:b.W])
	clear(b.White[:b.W])
	clear(b.Black[size-b.W:])
	clear(b.White[size-b.W:])
}

// lastMask is the mask of valid bits in the last word of a row of n points.
func lastMask(n int) uint64 {
	if n&63 == 0 {
		return ^uint64(0)
	}
	return 1<<(n&63) - 1
}

// isqrt returns the floor of the square root of x >= 0.
func isqrt(x int) int {
	n := int(math.Sqrt(float64(x)))
	for n*n > x {
		n--
	}
	for (n+1)*(n+1) <= x {
		n++
	}
	return n
}
