package goban

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
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

// Parse reads a board in the seed's text format: every X (black), O (white) and -
// (empty) counts, row by row, and every other byte is ignored. The count must be n*n
// for some n >= 0, otherwise the error is a *ParseError naming the count.
func Parse(data []byte) (*Board, error) {
	b := &Board{}
	if err := b.Parse(data); err != nil {
		return nil, err
	}
	return b, nil
}

// SWAR constants: a byte-wise exact equality test on 8 bytes at once.
const (
	ones = 0x0101010101010101
	lo7  = 0x7f7f7f7f7f7f7f7f
	hi1  = 0x8080808080808080
	// movemask gathers bit 0 of each byte (after >>7) into the top byte, byte j to bit 56+j.
	gather = 0x0102040810204080
)

// eqBytes sets the high bit of each byte of v equal to c (c repeated in every byte).
func eqBytes(v, c uint64) uint64 {
	t := v ^ c
	return ^((t&lo7 + lo7) | t) & hi1
}

// movemask turns the high bits of the 8 bytes of m into an 8-bit mask, byte j to bit j.
func movemask(m uint64) uint64 { return (m >> 7) * gather >> 56 }

// pext4 holds pext(x, c) for 4-bit c and x at index c<<4|x; pop4 holds popcount(c).
var pext4, pop4 = func() (t [256]uint8, p [16]uint8) {
	for c := 0; c < 16; c++ {
		p[c] = uint8(bits.OnesCount8(uint8(c)))
		for x := 0; x < 16; x++ {
			k, v := 0, 0
			for i := 0; i < 4; i++ {
				if c>>i&1 != 0 {
					v |= (x >> i & 1) << k
					k++
				}
			}
			t[c<<4|x] = uint8(v)
		}
	}
	return
}()

// Parse replaces b with the board read from data (see the function Parse), reusing b's
// buffers: parsing allocates nothing once they are large enough.
func (b *Board) Parse(data []byte) error {
	words := len(data)/64 + 2
	b.xs = grow(b.xs, words)
	b.os = grow(b.os, words)
	xs, os := b.xs, b.os
	const (
		cX = 'X' * ones // 'X' in every byte
		cO = 'O' * ones
		cE = '-' * ones
	)
	var ax, ao uint64 // pending stream bits, off of them valid
	var off uint
	k := 0 // stream words stored
	for i := 0; i < len(data); i += 8 {
		var v uint64
		if i+8 <= len(data) {
			v = binary.LittleEndian.Uint64(data[i:])
		} else {
			var t [8]byte
			copy(t[:], data[i:])
			v = binary.LittleEndian.Uint64(t[:])
		}
		x := movemask(eqBytes(v, cX))
		o := movemask(eqBytes(v, cO))
		c := x | o | movemask(eqBytes(v, cE))
		if c == 0 {
			continue
		}
		var cnt uint = 8
		if c != 0xff {
			lo, hi := c&15, c>>4
			sh := pop4[lo]
			cnt = uint(sh + pop4[hi])
			x = uint64(pext4[lo<<4|x&15]) | uint64(pext4[hi<<4|x>>4])<<sh
			o = uint64(pext4[lo<<4|o&15]) | uint64(pext4[hi<<4|o>>4])<<sh
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
	xs[k], os[k] = ax, ao
	xs[k+1], os[k+1] = 0, 0
	count := k*64 + int(off)
	n := isqrt(count)
	if n*n != count {
		return &ParseError{Count: count}
	}
	b.resize(n)
	w := b.W
	last := lastMask(n)
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
	b.N, b.W = n, (n+63)/64
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
