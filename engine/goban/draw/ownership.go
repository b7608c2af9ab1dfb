package draw

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"strconv"

	"github.com/boardlab/boardlab/internal/draw"
)

// Colours of the ownership pictures: the board's wood for points counted for nobody, a
// dark brown for empty points counted for black, a pale grey-blue for white's (apart
// from the wood and from the white stones even at one pixel a point).
var (
	woodColour   = color.RGBA{0xdc, 0xb3, 0x5c, 0xff}
	blackArea    = color.RGBA{0x8c, 0x6d, 0x34, 0xff}
	whiteArea    = color.RGBA{0xc9, 0xd4, 0xe2, 0xff}
	blackStone   = color.RGBA{0x14, 0x14, 0x14, 0xff}
	whiteStone   = color.RGBA{0xff, 0xff, 0xff, 0xff}
	ownerPalette = color.Palette{woodColour, blackStone, whiteStone, blackArea, whiteArea}
)

// ownerClass maps an ownership map byte to its palette index: - X O x o; a dead stone
// (# black, @ white, as package dead writes them) is a point of the other side's area.
func ownerClass(c byte) uint8 {
	switch c {
	case 'X':
		return 1
	case 'O':
		return 2
	case 'x', '@':
		return 3
	case 'o', '#':
		return 4
	}
	return 0
}

// ColumnLabel is the usual name of column c (from 0) on a board of cols columns: the
// letters A-T without I up to 25 columns, numbers from 1 beyond.
func ColumnLabel(c, cols int) string {
	if cols <= 25 {
		l := byte('A' + c)
		if l >= 'I' {
			l++
		}
		return string(l)
	}
	return strconv.Itoa(c + 1)
}

// WriteOwnershipSVG draws an ownership map (rows*cols bytes from Scorer.Owner, or from
// package dead with its dead stones # and @, drawn faded and crossed) as SVG:
// the board with its stones, each empty point tinted by the colour it counts for (with
// a small square of that colour on boards of up to 52 points a side), coordinates on the
// edges, the title above and a legend below. Large boards are drawn as runs of cells.
func WriteOwnershipSVG(w io.Writer, owner []byte, rows, cols int, title, legend string) error {
	n := max(rows, cols, 1)
	cell := 30.0
	if n > 19 {
		cell = max(2, min(30, float64(int(760/float64(n)))))
	}
	margin := 26.0
	top := 34.0 // title line
	bw, bh := cell*float64(cols), cell*float64(rows)
	width := max(bw+2*margin, 480)
	left := (width - bw) / 2
	height := top + margin + bh + margin + 22
	s := draw.NewSVG(w, width, height)
	s.Title(title)
	s.Rect(0, 0, width, height, draw.A("fill", "#ffffff")...)
	s.Text(width/2, 22, title, draw.A("text-anchor", "middle", "font-family", "sans-serif", "font-size", "15", "font-weight", "bold")...)
	y0 := top + margin
	s.Rect(left, y0, bw, bh, draw.A("fill", draw.Hex(woodColour))...)
	small := n <= 52
	// Empty points: tinted cells, as runs of a row, drawn without anti-aliased seams.
	s.Open("g", draw.A("shape-rendering", "crispEdges")...)
	// fill draws the points of one class as runs of a row in colour col.
	fill := func(class uint8, col color.RGBA) {
		// A writer that failed or was cancelled stops the drawing at the next row.
		runs(owner, rows, cols, class, func() bool { return s.Err() != nil }, func(r, c0, c1 int) {
			s.Rect(left+float64(c0)*cell, y0+float64(r)*cell, float64(c1-c0)*cell, cell, draw.A("fill", draw.Hex(col))...)
		})
	}
	fill(3, blackArea)
	fill(4, whiteArea)
	if small {
		s.End("g")
		// Grid lines through the points' centres, then stones and territory marks.
		var d []byte
		for r := 0; r < rows; r++ {
			y := y0 + (float64(r)+0.5)*cell
			d = fmt.Appendf(d, "M%s %sH%s", draw.Num(left+cell/2), draw.Num(y), draw.Num(left+bw-cell/2))
		}
		for c := 0; c < cols; c++ {
			x := left + (float64(c)+0.5)*cell
			d = fmt.Appendf(d, "M%s %sV%s", draw.Num(x), draw.Num(y0+cell/2), draw.Num(y0+bh-cell/2))
		}
		s.Path(string(d), draw.A("stroke", "#5a4520", "stroke-width", draw.Num(max(0.5, cell/30)), "fill", "none")...)
		for r := 0; r < rows; r++ {
			for c := 0; c < cols; c++ {
				cx, cy := left+(float64(c)+0.5)*cell, y0+(float64(r)+0.5)*cell
				switch owner[r*cols+c] {
				case 'X':
					s.Circle(cx, cy, cell*0.46, draw.A("fill", draw.Hex(blackStone))...)
				case 'O':
					s.Circle(cx, cy, cell*0.44, draw.A("fill", draw.Hex(whiteStone), "stroke", "#333333", "stroke-width", draw.Num(cell/25))...)
				case 'x':
					s.Rect(cx-cell*0.17, cy-cell*0.17, cell*0.34, cell*0.34, draw.A("fill", draw.Hex(blackStone))...)
				case 'o':
					s.Rect(cx-cell*0.17, cy-cell*0.17, cell*0.34, cell*0.34, draw.A("fill", draw.Hex(whiteStone), "stroke", "#333333", "stroke-width", draw.Num(cell/30))...)
				case '#', '@': // a dead stone: faded, crossed in red
					if owner[r*cols+c] == '#' {
						s.Circle(cx, cy, cell*0.46, draw.A("fill", draw.Hex(blackStone), "fill-opacity", "0.45")...)
					} else {
						s.Circle(cx, cy, cell*0.44, draw.A("fill", draw.Hex(whiteStone), "fill-opacity", "0.6", "stroke", "#333333", "stroke-width", draw.Num(cell/25))...)
					}
					k := cell * 0.22
					s.Path(fmt.Sprintf("M%s %sL%s %sM%s %sL%s %s", draw.Num(cx-k), draw.Num(cy-k), draw.Num(cx+k), draw.Num(cy+k), draw.Num(cx-k), draw.Num(cy+k), draw.Num(cx+k), draw.Num(cy-k)),
						draw.A("stroke", "#d02020", "stroke-width", draw.Num(max(1, cell/12)))...)
				}
			}
		}
	} else {
		fill(1, blackStone)
		fill(2, whiteStone)
		s.End("g")
		s.Rect(left, y0, bw, bh, draw.A("fill", "none", "stroke", "#5a4520", "stroke-width", "1")...)
	}
	// Coordinates: every label on small boards, about one per 40 px on large ones.
	step := 1
	for float64(step)*cell < 22 {
		step = next125(step)
	}
	font := draw.A("font-family", "sans-serif", "font-size", draw.Num(min(12, max(9, cell*0.45))), "fill", "#333333", "text-anchor", "middle")
	for c := 0; c < cols; c++ {
		if (c+1)%step != 0 && c != 0 {
			continue
		}
		x := left + (float64(c)+0.5)*cell
		s.Text(x, y0-8, ColumnLabel(c, cols), font...)
		s.Text(x, y0+bh+16, ColumnLabel(c, cols), font...)
	}
	for r := 0; r < rows; r++ {
		label := rows - r // row 1 at the bottom, as Go players count
		if label%step != 0 && label != 1 {
			continue
		}
		y := y0 + (float64(r)+0.5)*cell + 4
		s.Text(left-margin/2, y, strconv.Itoa(label), font...)
		s.Text(left+bw+margin/2, y, strconv.Itoa(label), font...)
	}
	// Legend: the two territory shades and the counts.
	ly := height - 12
	lx := width/2 - 230
	s.Rect(lx, ly-10, 12, 12, draw.A("fill", draw.Hex(blackArea), "stroke", "#333333", "stroke-width", "0.5")...)
	s.Text(lx+16, ly, "black's area", draw.A("font-family", "sans-serif", "font-size", "11")...)
	s.Rect(lx+95, ly-10, 12, 12, draw.A("fill", draw.Hex(whiteArea), "stroke", "#333333", "stroke-width", "0.5")...)
	s.Text(lx+111, ly, "white's area", draw.A("font-family", "sans-serif", "font-size", "11")...)
	s.Text(lx+190, ly, legend, draw.A("font-family", "sans-serif", "font-size", "11")...)
	return s.Close()
}

// next125 steps through 1, 2, 5, 10, 20, 50, ...
func next125(v int) int {
	p := 1
	for p*10 <= v {
		p *= 10
	}
	switch v / p {
	case 1:
		return 2 * p
	case 2:
		return 5 * p
	}
	return 10 * p
}

// runs calls f for each maximal run c0..c1-1 of points of class in each row r, until
// stop reports true (checked before each row).
func runs(owner []byte, rows, cols int, class uint8, stop func() bool, f func(r, c0, c1 int)) {
	for r := 0; r < rows && !stop(); r++ {
		row := owner[r*cols : (r+1)*cols]
		for c := 0; c < cols; {
			if ownerClass(row[c]) != class {
				c++
				continue
			}
			c0 := c
			for c < cols && ownerClass(row[c]) == class {
				c++
			}
			f(r, c0, c)
		}
	}
}

// ownerImage is an ownership map seen as a paletted image, scale pixels per point,
// computed pixel by pixel as the PNG encoder asks for it.
type ownerImage struct {
	owner      []byte
	rows, cols int
	scale      int
}

func (m *ownerImage) ColorModel() color.Model { return ownerPalette }
func (m *ownerImage) Bounds() image.Rectangle {
	return image.Rect(0, 0, m.cols*m.scale, m.rows*m.scale)
}
func (m *ownerImage) At(x, y int) color.Color { return ownerPalette[m.ColorIndexAt(x, y)] }
func (m *ownerImage) ColorIndexAt(x, y int) uint8 {
	return ownerClass(m.owner[(y/m.scale)*m.cols+x/m.scale])
}

// WriteOwnershipPNG draws an ownership map as a PNG of scale pixels per point (at least
// 1): black and white stones, the darker and lighter wood of black's and white's empty
// points, plain wood for nobody's. The encoder reads the map row by row, so no image
// is built in memory.
func WriteOwnershipPNG(w io.Writer, owner []byte, rows, cols, scale int) error {
	if scale < 1 {
		scale = 1
	}
	if rows == 0 || cols == 0 {
		return fmt.Errorf("cannot draw an empty board as PNG")
	}
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	return enc.Encode(w, &ownerImage{owner, rows, cols, scale})
}
