// Package goban scores Go positions by Tromp-Taylor area rules (seed 001): a player's
// score is their stones plus the empty points that reach only their colour. Boards of any
// size are parsed from the spec's text format into bit-packed planes and scored by a
// bit-parallel flood fill whose cost stays linear in the number of points whatever the
// shape of the empty regions; a union-find scorer and a plain BFS reference stay beside it.
package goban

import (
	"math/bits"
	"strconv"
)

// Board is a position of N rows and Cols columns (n-by-n for the spec's square boards) as
// two bit planes, one row of W 64-bit words per board row (column c is bit c%64 of word
// c/64), with an all-zero guard row above and below.
type Board struct {
	N     int      // rows: the side length of a square board; 0 is the legal empty board
	Cols  int      // columns: N on a square board
	W     int      // 64-bit words per row: (Cols+63)/64
	Black []uint64 // (N+2)*W words: black stones, guard rows 0 and N+1
	White []uint64 // (N+2)*W words: white stones

	xs, os []uint64 // parser scratch: counted symbols as bit streams
}

// NewBoard returns an empty n-by-n board.
func NewBoard(n int) *Board {
	b := &Board{}
	b.Reset(n)
	return b
}

// NewRect returns an empty board of rows x cols points.
func NewRect(rows, cols int) *Board {
	b := &Board{}
	b.ResetRect(rows, cols)
	return b
}

// Reset makes b an empty n-by-n board, reusing its buffers.
func (b *Board) Reset(n int) { b.ResetRect(n, n) }

// ResetRect makes b an empty board of rows x cols points, reusing its buffers. A board
// with no rows or no columns is the empty board of size 0.
func (b *Board) ResetRect(rows, cols int) {
	if rows <= 0 || cols <= 0 {
		rows, cols = 0, 0
	}
	b.N, b.Cols, b.W = rows, cols, (cols+63)/64
	size := (rows + 2) * b.W
	b.Black = grow(b.Black, size)
	b.White = grow(b.White, size)
	clear(b.Black)
	clear(b.White)
}

// grow returns s with length n, reallocating only when its capacity is too small.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n, n+n/8)
	}
	return s[:n]
}

// At returns 'X', 'O' or '-' for the point at row r, column c (both from 0).
func (b *Board) At(r, c int) byte {
	i, bit := (r+1)*b.W+c>>6, uint64(1)<<(c&63)
	switch {
	case b.Black[i]&bit != 0:
		return 'X'
	case b.White[i]&bit != 0:
		return 'O'
	}
	return '-'
}

// Set puts 'X' (black), 'O' (white) or anything else (empty) at row r, column c.
func (b *Board) Set(r, c int, v byte) {
	i, bit := (r+1)*b.W+c>>6, uint64(1)<<(c&63)
	b.Black[i] &^= bit
	b.White[i] &^= bit
	switch v {
	case 'X':
		b.Black[i] |= bit
	case 'O':
		b.White[i] |= bit
	}
}

// Stones returns the number of black and white stones.
func (b *Board) Stones() (black, white int) {
	for i, x := range b.Black {
		black += bits.OnesCount64(x)
		white += bits.OnesCount64(b.White[i])
	}
	return black, white
}

// AppendText appends the board in the spec's format: one line per row, its symbols
// separated by single spaces, each line ending in a newline.
func (b *Board) AppendText(dst []byte) []byte {
	for r := 0; r < b.N; r++ {
		for c := 0; c < b.Cols; c++ {
			if c > 0 {
				dst = append(dst, ' ')
			}
			dst = append(dst, b.At(r, c))
		}
		dst = append(dst, '\n')
	}
	return dst
}

// String returns the board in the spec's format.
func (b *Board) String() string { return string(b.AppendText(nil)) }

// Result is the Tromp-Taylor score of a position: stones plus empty points reaching only
// that colour, for each side.
type Result struct {
	Size  int // side length of the board (its rows when it is not square)
	Cols  int // columns: Size on a square board
	Black int // black stones + empty points reaching only black
	White int // white stones + empty points reaching only white
}

// AppendText appends the spec's result line without newline: B+k, W+k or Jigo.
func (r Result) AppendText(dst []byte) []byte {
	switch {
	case r.Black > r.White:
		return strconv.AppendInt(append(dst, "B+"...), int64(r.Black-r.White), 10)
	case r.White > r.Black:
		return strconv.AppendInt(append(dst, "W+"...), int64(r.White-r.Black), 10)
	}
	return append(dst, "Jigo"...)
}

// String returns the spec's result line: B+k, W+k or Jigo.
func (r Result) String() string { return string(r.AppendText(nil)) }
