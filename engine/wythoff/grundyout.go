package wythoff

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// GrundyFormat is an output format of a Grundy table.
type GrundyFormat int

// The Grundy table formats.
const (
	GrundyGrid   GrundyFormat = iota // N lines of N right-aligned values separated by spaces
	GrundyCSV                        // N lines of N comma-separated values (row x, column y)
	GrundyBinary                     // N*N little-endian uint16, row-major
	GrundyBFile                      // OEIS A004481 b-file: "n a(n)", n from 0, by antidiagonals
)

// Write writes the table in format f to w in chunks of about a megabyte, stopping with
// ctx.Err() between chunks when ctx is cancelled. The b-file holds the N complete
// antidiagonals G(0,s), G(1,s-1), ..., G(s,0) for s < N. progress, if set, is called
// with the number of rows (antidiagonals for the b-file) written.
func (t *GrundyTable) Write(ctx context.Context, w io.Writer, f GrundyFormat, progress func(rows int)) error {
	if f == GrundyBFile {
		return t.writeBFile(ctx, w, progress)
	}
	return t.WriteRows(ctx, w, f, 0, t.Rows, progress)
}

// WriteRows writes rows lo..hi-1 of the table in format f (grid, csv or binary): the
// rows of the whole table cut into ranges and written one range after the other give
// the same bytes as Write for csv and binary; grid pads values to the width of the
// largest value in the rows written. progress is called with the rows written.
func (t *GrundyTable) WriteRows(ctx context.Context, w io.Writer, f GrundyFormat, lo, hi int, progress func(rows int)) error {
	if lo < 0 || hi > t.Rows || lo > hi {
		return fmt.Errorf("rows %d..%d outside the table's 0..%d", lo, hi, t.Rows)
	}
	n := t.N
	buf := make([]byte, 0, tableChunk+64)
	var err error
	maxV := maxValue(t.G[lo*n : hi*n])
	switch f {
	case GrundyBinary:
		for x := lo; x < hi; x++ {
			for _, v := range t.G[x*n : (x+1)*n] {
				buf = binary.LittleEndian.AppendUint16(buf, v)
			}
			if len(buf) >= tableChunk || x == hi-1 {
				if buf, err = flushChunk(ctx, w, buf, progress, x+1-lo); err != nil {
					return err
				}
			}
		}
		return nil
	case GrundyGrid, GrundyCSV:
		width, sep := 0, byte(',')
		if f == GrundyGrid {
			width, sep = len(strconv.Itoa(maxV)), ' '
		}
		dec := newDecWords(maxV, width, sep)
		for x := lo; x < hi; x++ {
			for _, v := range t.G[x*n : (x+1)*n] {
				buf = dec.append(buf, v)
			}
			buf[len(buf)-1] = '\n'
			if len(buf) >= tableChunk || x == hi-1 {
				if buf, err = flushChunk(ctx, w, buf, progress, x+1-lo); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return errors.New("unknown Grundy table format")
}

// writeBFile writes the b-file of A004481 over the table's complete antidiagonals.
func (t *GrundyTable) writeBFile(ctx context.Context, w io.Writer, progress func(rows int)) error {
	n := t.N
	if t.Rows != n {
		return errors.New("the b-file needs the whole table")
	}
	buf := make([]byte, 0, tableChunk+64)
	var err error
	dec := newDecWords(maxValue(t.G), 0, '\n')
	var idx decCounter
	idx.set(0, ' ')
	for s := 0; s < n; s++ {
		for m := 0; m <= s; m++ {
			buf = append(buf, idx.d[:idx.n]...)
			idx.add(1)
			buf = dec.append(buf, t.G[m*n+s-m])
		}
		if len(buf) >= tableChunk || s == n-1 {
			if buf, err = flushChunk(ctx, w, buf, progress, s+1); err != nil {
				return err
			}
		}
	}
	return nil
}

// maxValue returns the largest value in g, 0 when g is empty.
func maxValue(g []uint16) int {
	m := 0
	for _, v := range g {
		m = max(m, int(v))
	}
	return m
}

// flushChunk writes buf to w, reports rows to progress (when set) and returns buf
// emptied and ctx.Err(), so that a writer stops between chunks when ctx is cancelled.
func flushChunk(ctx context.Context, w io.Writer, buf []byte, progress func(rows int), rows int) ([]byte, error) {
	if _, err := w.Write(buf); err != nil {
		return buf, err
	}
	if progress != nil {
		progress(rows)
	}
	return buf[:0], ctx.Err()
}

// decWords holds every value 0..max as decimal text (right-aligned to width, followed
// by sep) packed little-endian in one word, to be appended with one 8-byte store.
type decWords struct {
	w []uint64
	n []uint8
}

func newDecWords(maxV, width int, sep byte) decWords {
	d := decWords{w: make([]uint64, maxV+1), n: make([]uint8, maxV+1)}
	var b [16]byte
	for v := 0; v <= maxV; v++ {
		s := strconv.AppendInt(b[:0], int64(v), 10)
		for len(s) < width {
			s = append([]byte{' '}, s...)
		}
		s = append(s, sep)
		var word [8]byte
		copy(word[:], s)
		d.w[v] = binary.LittleEndian.Uint64(word[:])
		d.n[v] = uint8(len(s))
	}
	return d
}

func (d *decWords) append(buf []byte, v uint16) []byte {
	buf = binary.LittleEndian.AppendUint64(buf, d.w[v])
	return buf[:len(buf)-8+int(d.n[v])]
}
