// Package draw draws Wythoff's Nim: its Grundy table as a PNG streamed row by row or
// as an SVG, and its cold positions as an SVG plot.
package draw

import (
	"context"
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"

	"github.com/boardlab/boardlab/engine/wythoff"
	draw "github.com/boardlab/boardlab/internal/draw"
)

// ColdColour marks the cold positions (G = 0) in the Grundy pictures: a red that no
// colour of the viridis map comes near.
var ColdColour = color.RGBA{228, 26, 28, 255}

// GrundyPalette is the PNG palette: index 0 is the cold colour, 1..255 viridis.
func GrundyPalette() []color.RGBA {
	pal := make([]color.RGBA, 256)
	pal[0] = ColdColour
	for i := 1; i < 256; i++ {
		pal[i] = draw.Viridis(float64(i-1) / 254)
	}
	return pal
}

// GrundyIndex maps G = v (1 <= v <= maxV) to a palette index in 1..255, and 0 to 0.
func GrundyIndex(v, maxV int) byte {
	if v == 0 {
		return 0
	}
	if maxV <= 1 {
		return 1
	}
	return byte(1 + (v-1)*254/(maxV-1))
}

func tableMax(t *wythoff.GrundyTable) int {
	m := 0
	for _, v := range t.G {
		m = max(m, int(v))
	}
	return m
}

// GrundyPNG draws the table as a paletted PNG, scale pixels per cell, row x from the
// top, streamed row by row; progress (nil: none) gets the rows drawn every 256 rows.
func GrundyPNG(ctx context.Context, w io.Writer, t *wythoff.GrundyTable, scale int, progress func(rows int)) error {
	if progress == nil {
		progress = func(int) {}
	}
	n := t.N
	if n == 0 {
		return fmt.Errorf("an empty table has no picture")
	}
	p, err := draw.NewPNGStream(w, n*scale, n*scale, GrundyPalette())
	if err != nil {
		return err
	}
	maxV := tableMax(t)
	row := make([]byte, n*scale)
	r := coldRadius(n)
	for x := 0; x < n; x++ {
		for y, v := range t.G[x*n : (x+1)*n] {
			c := GrundyIndex(int(v), maxV)
			for i := 0; i < scale; i++ {
				row[y*scale+i] = c
			}
		}
		// the cold positions near row x, as discs of radius r cells
		for x2 := max(0, x-r); x2 <= min(n-1, x+r); x2++ {
			p, ok := wythoff.Partner(uint64(x2))
			if !ok || p >= uint64(n)+uint64(r) {
				continue
			}
			dy := int(math.Sqrt(float64(r*r - (x-x2)*(x-x2))))
			for y := max(0, int(p)-dy); y <= min(n-1, int(p)+dy); y++ {
				for i := 0; i < scale; i++ {
					row[y*scale+i] = 0
				}
			}
		}
		for i := 0; i < scale; i++ {
			if err := p.WriteRow(row); err != nil {
				return err
			}
		}
		if x&255 == 255 {
			progress(x + 1)
			if err := ctx.Err(); err != nil {
				return err
			}
		}
	}
	return p.Close()
}

// coldRadius is the radius in cells of the discs marking the cold positions in a PNG
// of side n: a single cell up to n = 1023, then n/1024 cells, so that they still show
// when a large picture is viewed shrunk to a screen.
func coldRadius(n int) int { return n / 1024 }

// tickStep returns a round step (1, 2 or 5 times a power of ten) giving at most about
// six ticks over [0, span].
func tickStep(span float64) float64 {
	if span <= 0 {
		return 1
	}
	raw := span / 6
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw {
			return m * p
		}
	}
	return 10 * p
}

const font = "font-family:sans-serif;font-size:12px"

// MaxGrundySVG bounds the side of the table GrundySVG is meant to draw (one square per
// cell); GrundyPNG draws any size.
const MaxGrundySVG = 256

// GrundySVG draws the table with one square per cell and a colour legend; cell is the
// side of a cell in pixels (0: about 512 pixels for the table).
func GrundySVG(w io.Writer, t *wythoff.GrundyTable, cell int) error {
	n := t.N
	if n == 0 {
		return fmt.Errorf("an empty table has no picture")
	}
	cs := float64(cell)
	if cell == 0 {
		cs = math.Max(1, math.Floor(512/float64(n)))
	}
	side := cs * float64(n)
	const left, top, gap, barW = 48.0, 48.0, 24.0, 18.0
	width, height := left+side+gap+barW+70, top+side+60
	maxV := tableMax(t)
	s := draw.NewSVG(w, width, height)
	s.Title(fmt.Sprintf("Sprague-Grundy values G(x, y) of Wythoff's Nim, 0 <= x, y < %d", n))
	s.Text(left, 18, fmt.Sprintf("Wythoff's Nim: Grundy values G(x, y), %d x %d", n, n), draw.A("style", font+";font-weight:bold")...)
	// axes: y across the top, x down the left side
	step := tickStep(float64(n))
	s.Open("g", draw.A("style", font, "fill", "#333")...)
	for v := 0.0; v < float64(n); v += step {
		p := (v + 0.5) * cs
		s.Text(left+p, top-6, strconv.Itoa(int(v)), draw.A("text-anchor", "middle")...)
		s.Text(left-6, top+p+4, strconv.Itoa(int(v)), draw.A("text-anchor", "end")...)
	}
	s.Text(left+side, top-22, "y →", draw.A("text-anchor", "end")...)
	s.Text(left-6, top+side+16, "x ↓", draw.A("text-anchor", "end")...)
	s.End("g")
	// one path per colour, a square per cell: a third of the size of a rect per cell
	pal := GrundyPalette()
	var paths [256][]byte
	c := draw.Num(cs)
	for x := 0; x < n; x++ {
		for y := 0; y < n; y++ {
			i := GrundyIndex(t.At(x, y), maxV)
			paths[i] = fmt.Appendf(paths[i], "M%s %sh%sv%sh-%sz", draw.Num(left+float64(y)*cs), draw.Num(top+float64(x)*cs), c, c, c)
		}
	}
	s.Open("g", draw.A("shape-rendering", "crispEdges")...)
	for i, d := range paths {
		if d != nil {
			s.Path(string(d), draw.A("fill", draw.Hex(pal[i]))...)
		}
	}
	s.End("g")
	// legend: a colour bar for G = 1..max and a swatch for the cold positions
	bx := left + side + gap
	barH := side - 40
	if barH < 60 {
		barH = 60
	}
	s.Open("g", draw.A("id", "legend")...)
	s.Text(bx, top-6, "G", draw.A("style", font+";font-weight:bold")...)
	const stripes = 64
	for i := 0; i < stripes; i++ {
		tv := 1 - float64(i)/(stripes-1)
		s.Rect(bx, top+float64(i)*barH/stripes, barW, barH/stripes+0.5, draw.A("fill", draw.Hex(draw.Viridis(tv)))...)
	}
	s.Rect(bx, top, barW, barH, draw.A("fill", "none", "stroke", "#333")...)
	ticks := []int{maxV}
	if maxV > 1 {
		ticks = append(ticks, (maxV+1)/2, 1)
	}
	for _, v := range ticks {
		frac := 0.0
		if maxV > 1 {
			frac = float64(maxV-v) / float64(maxV-1)
		}
		y := top + frac*(barH-1) + 0.5
		s.Line(bx+barW, y, bx+barW+4, y, draw.A("stroke", "#333")...)
		s.Text(bx+barW+7, y+4, strconv.Itoa(v), draw.A("style", font)...)
	}
	cy := top + barH + 16
	s.Rect(bx, cy, barW, barW, draw.A("fill", draw.Hex(ColdColour), "stroke", "#333")...)
	s.Text(bx+barW+7, cy+13, "0: cold", draw.A("style", font)...)
	s.End("g")
	s.Text(left, top+side+24, "red: G = 0, the cold positions (a_k, b_k) and (b_k, a_k)", draw.A("style", font, "fill", "#333")...)
	return s.Close()
}

// MaxTableSVG bounds the pairs TableSVG is meant to draw (one circle per position).
const MaxTableSVG = 20000

// TableSVG plots the cold positions (a_k, b_k) and (b_k, a_k) for k in [start,
// start+n) with the lines of slope phi and 1/phi through the origin.
func TableSVG(w io.Writer, start, n uint64) error {
	if n == 0 {
		return fmt.Errorf("no pairs to plot")
	}
	g := wythoff.NewPairs(start)
	type pt struct{ a, b float64 }
	pts := make([]pt, 0, n)
	for i := uint64(0); i < n; i++ {
		_, a, b := g.Next()
		pts = append(pts, pt{float64(a), float64(b)})
	}
	lo := math.Min(pts[0].a, pts[0].b)
	hi := pts[len(pts)-1].b
	if start == 0 {
		lo = 0
	}
	step := tickStep(hi - lo)
	lo = math.Floor(lo/step) * step
	hi = math.Ceil((hi+step/10)/step) * step
	const left, top, side = 64.0, 40.0, 520.0
	width, height := left+side+24, top+side+56
	sx := func(v float64) float64 { return left + (v-lo)/(hi-lo)*side }
	sy := func(v float64) float64 { return top + side - (v-lo)/(hi-lo)*side }
	s := draw.NewSVG(w, width, height)
	s.Title(fmt.Sprintf("Cold positions of Wythoff's Nim, k = %d..%d", start, start+n-1))
	s.Text(left, 22, fmt.Sprintf("Wythoff's Nim: cold positions (a_k, b_k) and (b_k, a_k), k = %d..%d", start, start+n-1), draw.A("style", font+";font-weight:bold")...)
	s.Rect(left, top, side, side, draw.A("fill", "white", "stroke", "#333")...)
	s.Open("g", draw.A("style", font, "fill", "#333")...)
	for v := lo; v <= hi+step/2; v += step {
		s.Line(sx(v), top+side, sx(v), top+side+4, draw.A("stroke", "#333")...)
		s.Text(sx(v), top+side+17, draw.Num(v), draw.A("text-anchor", "middle")...)
		s.Line(left-4, sy(v), left, sy(v), draw.A("stroke", "#333")...)
		s.Text(left-7, sy(v)+4, draw.Num(v), draw.A("text-anchor", "end")...)
	}
	s.Text(left+side/2, top+side+38, "pile x", draw.A("text-anchor", "middle")...)
	s.Text(16, top+side/2, "pile y", draw.A("text-anchor", "middle", "transform", fmt.Sprintf("rotate(-90 16 %s)", draw.Num(top+side/2)))...)
	s.End("g")
	// the lines y = phi x and y = x / phi, clipped to the plot
	phi := (1 + math.Sqrt(5)) / 2
	s.Open("g", draw.A("stroke", "#999", "stroke-dasharray", "6 4", "stroke-width", "1")...)
	// the part of y = m x inside [lo, hi]^2
	clip := func(m float64) {
		ax, bx := math.Max(lo, lo/m), math.Min(hi, hi/m)
		if ax < bx {
			s.Line(sx(ax), sy(ax*m), sx(bx), sy(bx*m))
		}
	}
	clip(phi)
	clip(1 / phi)
	s.End("g")
	r := 3.0
	if n > 200 {
		r = 1.5
	}
	lower, upper := draw.Hex(draw.Viridis(0.25)), draw.Hex(draw.Viridis(0.7))
	s.Open("g", draw.A("fill", lower)...)
	for _, p := range pts {
		s.Circle(sx(p.a), sy(p.b), r)
	}
	s.End("g")
	s.Open("g", draw.A("fill", upper)...)
	for _, p := range pts {
		s.Circle(sx(p.b), sy(p.a), r)
	}
	s.End("g")
	// legend, top left inside the plot
	s.Open("g", draw.A("id", "legend", "style", font)...)
	s.Rect(left+10, top+10, 200, 62, draw.A("fill", "white", "stroke", "#ccc")...)
	s.Circle(left+22, top+24, 4, draw.A("fill", lower)...)
	s.Text(left+32, top+28, "(a_k, b_k), above y = x")
	s.Circle(left+22, top+42, 4, draw.A("fill", upper)...)
	s.Text(left+32, top+46, "(b_k, a_k), below y = x")
	s.Line(left+14, top+60, left+30, top+60, draw.A("stroke", "#999", "stroke-dasharray", "6 4")...)
	s.Text(left+32, top+64, "y = φx and y = x/φ")
	s.End("g")
	return s.Close()
}
