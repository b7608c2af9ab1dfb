package wythoff

import (
	"context"
	"encoding/binary"
	"errors"
	"io"
	"math/bits"
	"strconv"
)

// MaxTablePairs bounds the index of table rows: below it the incremental generator is
// provably exact and b_k fits in a uint64.
const MaxTablePairs = 1 << 62

// Pairs generates the cold pairs (k, a_k, b_k) for k = k0, k0+1, ... with one 128-bit
// addition per pair: a_{k+1} - a_k is 1 plus the carry out of the fixed-point fraction
// of k/phi, and b_{k+1} - b_k is one more.
//
// Exactness: the fixed-point fraction of k/phi undershoots the true one by less than
// k*2^-128, so it can only miss a carry when the distance from k/phi to the integer
// above is below that. Since p - k*phi has a non-zero integer norm p^2 - pk - k^2, that
// distance is at least 1/(sqrt5*k + 1/2), far above k*2^-128 for every k < 2^63.
type Pairs struct {
	k, a, b uint64
	hi, lo  uint64 // fraction of k/phi, in units of 2^-128
}

// NewPairs starts the generator at index k0 (k0 < MaxTablePairs).
func NewPairs(k0 uint64) *Pairs {
	p := &Pairs{}
	p.Seek(k0)
	return p
}

// Seek moves the generator to index k (k < MaxTablePairs).
func (p *Pairs) Seek(k uint64) {
	// the fraction of k/phi: the low 128 bits of k * invPhi
	_, l1 := bits.Mul64(k, invPhiHi)
	h2, l2 := bits.Mul64(k, invPhiLo)
	mid := l1 + h2
	a, _ := Lower(k)
	*p = Pairs{k: k, a: a, b: a + k, hi: mid, lo: l2}
}

// Next returns the current pair and advances to the next index.
func (p *Pairs) Next() (k, a, b uint64) {
	k, a, b = p.k, p.a, p.b
	var c uint64
	p.lo, c = bits.Add64(p.lo, invPhiLo, 0)
	p.hi, c = bits.Add64(p.hi, invPhiHi, c)
	p.k++
	p.a += 1 + c
	p.b += 2 + c
	return k, a, b
}

// FillBinary writes the next len(buf)/16 pairs (a_k, b_k) as little-endian uint64s.
func (p *Pairs) FillBinary(buf []byte) {
	k, a, b, hi, lo := p.k, p.a, p.b, p.hi, p.lo
	for len(buf) >= 16 {
		binary.LittleEndian.PutUint64(buf, a)
		binary.LittleEndian.PutUint64(buf[8:], b)
		buf = buf[16:]
		var c uint64
		lo, c = bits.Add64(lo, invPhiLo, 0)
		hi, c = bits.Add64(hi, invPhiHi, c)
		k++
		a += 1 + c
		b += 2 + c
	}
	p.k, p.a, p.b, p.hi, p.lo = k, a, b, hi, lo
}

// TableFormat is an output format of the cold-position table.
type TableFormat int

// The table formats.
const (
	TablePairs  TableFormat = iota // "k a_k b_k" lines, k from 0
	TableCSV                       // "k,a_k,b_k" header, then the same rows with commas
	TableBFile                     // OEIS b-file "n a(n)", n from 1: A000201 or A001950
	TableBinary                    // (a_k, b_k) as little-endian uint64, k from 0
)

// TableOptions selects what WriteTable writes.
type TableOptions struct {
	Format TableFormat
	Upper  bool // b-file of the upper sequence A001950 instead of A000201
	// Start is the first row: k = Start for pairs, csv and binary, n = Start+1 for the
	// b-file. Any start costs the same: the generator seeks in constant time.
	Start uint64
	// CSVNoHeader leaves out the csv header line (for the parts of a sharded table
	// after the first).
	CSVNoHeader bool
	// Progress, if set, is called after each chunk with the number of rows written.
	Progress func(done uint64)
}

// ErrTableSize is returned when the last row would reach MaxTablePairs.
// (The number is MaxTablePairs written out: a constant text costs nothing at start.)
var ErrTableSize = errors.New("table size must be below 4611686018427387904")

const tableChunk = 1 << 20 // bytes formatted per Write

// WriteTable writes n rows (from opt.Start) of the cold-position table in the chosen format
// to w, in chunks of about a megabyte, in constant memory. It stops with ctx.Err()
// between chunks when ctx is cancelled.
func WriteTable(ctx context.Context, w io.Writer, n uint64, opt TableOptions) error {
	if n >= MaxTablePairs || opt.Start >= MaxTablePairs-n {
		return ErrTableSize
	}
	buf := make([]byte, tableChunk)
	var done uint64
	emit := func(b []byte, rows uint64) error {
		if _, err := w.Write(b); err != nil {
			return err
		}
		done += rows
		if opt.Progress != nil {
			opt.Progress(done)
		}
		return ctx.Err()
	}
	if opt.Format == TableBinary {
		g := NewPairs(opt.Start)
		for done < n {
			rows := min(n-done, tableChunk/16)
			b := buf[:rows*16]
			g.FillBinary(b)
			if err := emit(b, rows); err != nil {
				return err
			}
		}
		return nil
	}
	var t textTable
	switch opt.Format {
	case TablePairs:
		t.init(opt.Start, ' ', '\n', false)
	case TableCSV:
		t.init(opt.Start, ',', '\n', false)
		if !opt.CSVNoHeader {
			if _, err := io.WriteString(w, "k,a_k,b_k\n"); err != nil {
				return err
			}
		}
	case TableBFile:
		t.init(opt.Start+1, ' ', '\n', true) // OEIS offset 1: a(1) = a_1
		t.bfileUpper = opt.Upper
	default:
		return errors.New("unknown table format")
	}
	for done < n {
		b, rows := t.fill(buf, n-done)
		if err := emit(b, rows); err != nil {
			return err
		}
	}
	return nil
}

// decCounter is a decimal number kept as ASCII digits followed by a separator,
// left-aligned in a fixed array so it can be copied out with one 24-byte move and
// incremented in place like an odometer.
type decCounter struct {
	d   [24]byte
	n   int // digits plus the separator
	sep byte
}

func (c *decCounter) set(v uint64, sep byte) {
	b := strconv.AppendUint(c.d[:0], v, 10)
	b = append(b, sep)
	c.n, c.sep = len(b), sep
}

// add adds inc (at most 9).
func (c *decCounter) add(inc byte) {
	i := c.n - 2
	v := c.d[i] + inc
	if v <= '9' {
		c.d[i] = v
		return
	}
	c.carry(i, v)
}

func (c *decCounter) carry(i int, v byte) {
	c.d[i] = v - 10
	for i--; i >= 0; i-- {
		if c.d[i] != '9' {
			c.d[i]++
			return
		}
		c.d[i] = '0'
	}
	// 99..9 + inc: one more digit, all zeros after the 1 except the units already set
	units := c.d[c.n-2]
	c.d[0] = '1'
	for j := 1; j < c.n; j++ {
		c.d[j] = '0'
	}
	c.d[c.n-1] = units
	c.d[c.n] = c.sep
	c.n++
}

// textTable formats rows of the text formats from a Pairs generator.
type textTable struct {
	g          Pairs
	k, a, b    decCounter
	bfile      bool
	bfileUpper bool
}

func (t *textTable) init(k0 uint64, sep, eol byte, bfile bool) {
	t.g.Seek(k0)
	t.bfile = bfile
	t.k.set(t.g.k, sep)
	if bfile {
		t.a.set(t.g.a, eol)
		t.b.set(t.g.b, eol)
		return
	}
	t.a.set(t.g.a, sep)
	t.b.set(t.g.b, eol)
}

// fill formats up to max rows into buf and returns the bytes written and the rows.
func (t *textTable) fill(buf []byte, max uint64) ([]byte, uint64) {
	hi, lo := t.g.hi, t.g.lo
	p := 0
	var rows uint64
	limit := len(buf) - 3*24
	for p <= limit && rows < max {
		*(*[24]byte)(buf[p:]) = t.k.d
		p += t.k.n
		switch {
		case !t.bfile:
			*(*[24]byte)(buf[p:]) = t.a.d
			p += t.a.n
			*(*[24]byte)(buf[p:]) = t.b.d
			p += t.b.n
		case t.bfileUpper:
			*(*[24]byte)(buf[p:]) = t.b.d
			p += t.b.n
		default:
			*(*[24]byte)(buf[p:]) = t.a.d
			p += t.a.n
		}
		var c uint64
		lo, c = bits.Add64(lo, invPhiLo, 0)
		hi, c = bits.Add64(hi, invPhiHi, c)
		t.k.add(1)
		t.a.add(1 + byte(c))
		t.b.add(2 + byte(c))
		rows++
	}
	t.g.hi, t.g.lo = hi, lo
	t.g.k += rows
	return buf[:p], rows
}
