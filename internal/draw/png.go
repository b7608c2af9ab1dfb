package draw

import (
	"bufio"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image/color"
	"io"
)

// PNGStream writes a paletted PNG (8 bits per pixel, up to 256 colours) row by row, so
// an image of any height is written in memory of one row: image/png needs the whole
// image in memory first. The output decodes with image/png.
type PNGStream struct {
	w       *bufio.Writer
	chunk   chunkWriter
	z       *zlib.Writer
	width   int
	rows    int
	height  int
	line    []byte
	err     error
	started bool
}

// NewPNGStream starts a width x height image with the given palette (1 to 256
// colours; a colour with alpha below 255 is written with its transparency).
func NewPNGStream(w io.Writer, width, height int, palette []color.RGBA) (*PNGStream, error) {
	if width <= 0 || height <= 0 || width > 1<<31-1 || height > 1<<31-1 {
		return nil, errors.New("png: width and height must be in 1..2^31-1")
	}
	if len(palette) == 0 || len(palette) > 256 {
		return nil, errors.New("png: the palette must hold 1 to 256 colours")
	}
	p := &PNGStream{w: bufio.NewWriterSize(w, 1<<16), width: width, height: height, line: make([]byte, width+1)}
	p.chunk.w = p.w
	_, p.err = p.w.WriteString("\x89PNG\r\n\x1a\n")
	var hdr [13]byte
	binary.BigEndian.PutUint32(hdr[0:], uint32(width))
	binary.BigEndian.PutUint32(hdr[4:], uint32(height))
	hdr[8], hdr[9] = 8, 3 // bit depth 8, colour type 3 (palette)
	p.writeChunk("IHDR", hdr[:])
	plte := make([]byte, 0, 3*len(palette))
	var trns []byte
	for i, c := range palette {
		plte = append(plte, c.R, c.G, c.B)
		if c.A != 255 {
			for len(trns) < i {
				trns = append(trns, 255)
			}
			trns = append(trns, c.A)
		}
	}
	p.writeChunk("PLTE", plte)
	if trns != nil {
		p.writeChunk("tRNS", trns)
	}
	p.chunk.typ = "IDAT"
	// small images are compressed hard, large ones fast
	level := zlib.BestCompression
	if int64(width)*int64(height) > 4<<20 {
		level = zlib.BestSpeed
	}
	p.z, _ = zlib.NewWriterLevel(&p.chunk, level)
	return p, p.err
}

func (p *PNGStream) writeChunk(typ string, data []byte) {
	if p.err != nil {
		return
	}
	var b [8]byte
	binary.BigEndian.PutUint32(b[:], uint32(len(data)))
	copy(b[4:], typ)
	crc := crc32.NewIEEE()
	crc.Write(b[4:8])
	crc.Write(data)
	p.w.Write(b[:])
	p.w.Write(data)
	binary.BigEndian.PutUint32(b[:4], crc.Sum32())
	_, p.err = p.w.Write(b[:4])
}

// WriteRow writes the next row of palette indices (len(row) must be the width).
func (p *PNGStream) WriteRow(row []byte) error {
	if p.err != nil {
		return p.err
	}
	if len(row) != p.width {
		return errors.New("png: row length differs from the width")
	}
	if p.rows == p.height {
		return errors.New("png: more rows than the height")
	}
	p.line[0] = 0 // filter: none
	copy(p.line[1:], row)
	if _, err := p.z.Write(p.line); err != nil {
		p.err = err
		return err
	}
	p.rows++
	return p.chunk.err
}

// Close ends the image (every row must have been written) and flushes it.
func (p *PNGStream) Close() error {
	if p.err != nil {
		return p.err
	}
	if p.rows != p.height {
		return errors.New("png: fewer rows than the height")
	}
	if err := p.z.Close(); err != nil {
		return err
	}
	p.chunk.flush()
	if p.chunk.err != nil {
		return p.chunk.err
	}
	p.writeChunk("IEND", nil)
	if p.err != nil {
		return p.err
	}
	return p.w.Flush()
}

// chunkWriter gathers compressed data into chunks of up to 64 KiB.
type chunkWriter struct {
	w   *bufio.Writer
	typ string
	buf []byte
	err error
}

func (c *chunkWriter) Write(b []byte) (int, error) {
	n := len(b)
	for len(b) > 0 {
		if c.buf == nil {
			c.buf = make([]byte, 0, 64<<10)
		}
		k := min(len(b), cap(c.buf)-len(c.buf))
		c.buf = append(c.buf, b[:k]...)
		b = b[k:]
		if len(c.buf) == cap(c.buf) {
			c.flush()
		}
	}
	return n, c.err
}

func (c *chunkWriter) flush() {
	if len(c.buf) == 0 || c.err != nil {
		return
	}
	var h [8]byte
	binary.BigEndian.PutUint32(h[:], uint32(len(c.buf)))
	copy(h[4:], c.typ)
	crc := crc32.NewIEEE()
	crc.Write(h[4:])
	crc.Write(c.buf)
	c.w.Write(h[:])
	c.w.Write(c.buf)
	binary.BigEndian.PutUint32(h[:4], crc.Sum32())
	_, c.err = c.w.Write(h[:4])
	c.buf = c.buf[:0]
}
