// Package draw draws ultimate tic-tac-toe positions: as text (the 9x9 grid with won
// boards, the tiles to play and the last move) or as an SVG picture.
package draw

import (
	"fmt"
	"io"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/internal/draw"
)

// Text writes p as text, as uttt.Display draws it, with ANSI colours when colour is set.
func Text(w io.Writer, p *uttt.Position, colour bool) error {
	_, err := io.WriteString(w, uttt.Display(p, colour))
	return err
}

// SVG geometry: tile size, gap between boards, margin (labels live in it).
const (
	svgTile   = 36
	svgGap    = 12
	svgMargin = 24
	svgBoard  = 3 * svgTile
)

// Colours of the SVG picture.
const (
	svgXColour   = "#c62828"
	svgOColour   = "#1565c0"
	svgXShade    = "#f6d5d5"
	svgOShade    = "#d3e3f6"
	svgDrawShade = "#dddddd"
	svgPlay      = "#f9a825"
)

// tileOrigin returns the top-left corner of a tile in the picture.
func tileOrigin(board, tile int) (float64, float64) {
	x := svgMargin + float64(board%3)*(svgBoard+svgGap) + float64(tile%3)*svgTile
	y := svgMargin + float64(board/3)*(svgBoard+svgGap) + float64(tile/3)*svgTile
	return x, y
}

// markX draws an X of half-size r centred at (cx, cy).
func markX(s *draw.SVG, cx, cy, r, width float64, class string, extra ...draw.Attr) {
	d := fmt.Sprintf("M%s %sL%s %sM%s %sL%s %s",
		draw.Num(cx-r), draw.Num(cy-r), draw.Num(cx+r), draw.Num(cy+r),
		draw.Num(cx+r), draw.Num(cy-r), draw.Num(cx-r), draw.Num(cy+r))
	as := append(draw.A("class", class, "stroke", svgXColour, "stroke-width", draw.Num(width), "stroke-linecap", "round", "fill", "none"), extra...)
	s.Path(d, as...)
}

// markO draws an O of radius r centred at (cx, cy).
func markO(s *draw.SVG, cx, cy, r, width float64, class string, extra ...draw.Attr) {
	as := append(draw.A("class", class, "stroke", svgOColour, "stroke-width", draw.Num(width), "fill", "none"), extra...)
	s.Circle(cx, cy, r, as...)
}

// SVG draws p: the 9x9 grid, won boards shaded with a large mark of the winner,
// drawn boards greyed, the board(s) the side to move may play in outlined, the last
// move ringed, and a caption. Every element carries a class naming what it shows.
func SVG(w io.Writer, p *uttt.Position) error {
	size := float64(2*svgMargin + 3*svgBoard + 2*svgGap)
	s := draw.NewSVG(w, size, size+28)
	s.Title("uttt position " + p.String())
	s.Rect(0, 0, size, size+28, draw.A("fill", "white")...)
	for b := 0; b < 9; b++ {
		x, y := tileOrigin(b, 0)
		shade := "#ffffff"
		class := "board"
		switch p.BoardStatus(b) {
		case uttt.XWon:
			shade, class = svgXShade, "board won-x"
		case uttt.OWon:
			shade, class = svgOShade, "board won-o"
		case uttt.Draw:
			shade, class = svgDrawShade, "board drawn"
		}
		s.Rect(x, y, svgBoard, svgBoard, draw.A("class", class, "fill", shade)...)
		for i := 1; i < 3; i++ {
			o := float64(i * svgTile)
			s.Line(x+o, y+2, x+o, y+svgBoard-2, draw.A("stroke", "#888", "stroke-width", "1")...)
			s.Line(x+2, y+o, x+svgBoard-2, y+o, draw.A("stroke", "#888", "stroke-width", "1")...)
		}
	}
	// Board separators: the master grid between the boards.
	for i := 1; i < 3; i++ {
		o := svgMargin + float64(i)*(svgBoard+svgGap) - svgGap/2.0
		s.Line(o, svgMargin-4, o, size-svgMargin+4, draw.A("class", "separator", "stroke", "#222", "stroke-width", "3")...)
		s.Line(svgMargin-4, o, size-svgMargin+4, o, draw.A("class", "separator", "stroke", "#222", "stroke-width", "3")...)
	}
	for i := 0; i < 9; i++ {
		c := svgMargin + float64(i/3)*(svgBoard+svgGap) + float64(i%3)*svgTile + svgTile/2
		s.Text(c, svgMargin-8, fmt.Sprint(i), draw.A("class", "label", "font-family", "sans-serif", "font-size", "11", "text-anchor", "middle", "fill", "#666")...)
		s.Text(svgMargin-10, c+4, fmt.Sprint(i), draw.A("class", "label", "font-family", "sans-serif", "font-size", "11", "text-anchor", "middle", "fill", "#666")...)
	}
	for b := 0; b < 9; b++ {
		for t := 0; t < 9; t++ {
			x, y := tileOrigin(b, t)
			cx, cy := x+svgTile/2, y+svgTile/2
			switch p.Cell(b, t) {
			case 'X':
				markX(s, cx, cy, svgTile*0.28, 3, "mark x")
			case 'O':
				markO(s, cx, cy, svgTile*0.3, 3, "mark o")
			}
		}
	}
	for b := 0; b < 9; b++ {
		x, y := tileOrigin(b, 0)
		cx, cy := x+svgBoard/2, y+svgBoard/2
		switch p.BoardStatus(b) {
		case uttt.XWon:
			markX(s, cx, cy, svgBoard*0.36, 12, "winner x", draw.A("opacity", "0.55")...)
		case uttt.OWon:
			markO(s, cx, cy, svgBoard*0.38, 12, "winner o", draw.A("opacity", "0.55")...)
		}
	}
	if p.Status() == uttt.Ongoing {
		for b := 0; b < 9; b++ {
			if p.Forced() == b || p.Forced() < 0 && !p.Closed(b) {
				x, y := tileOrigin(b, 0)
				width := "4" // the forced board; a free move outlines every open board thinner
				if p.Forced() < 0 {
					width = "2.5"
				}
				s.Rect(x-2, y-2, svgBoard+4, svgBoard+4, draw.A("class", "to-play", "fill", "none", "stroke", svgPlay, "stroke-width", width, "rx", "3")...)
			}
		}
	}
	if m := p.Last(); m != uttt.NoMove {
		x, y := tileOrigin(m.Board(), m.Tile())
		s.Rect(x+2, y+2, svgTile-4, svgTile-4, draw.A("class", "last", "fill", "none", "stroke", "#2e7d32", "stroke-width", "2.5", "stroke-dasharray", "5 3", "rx", "4")...)
	}
	caption := ""
	switch {
	case p.Status() != uttt.Ongoing:
		caption = "game over: " + p.Status().String()
	case p.Forced() >= 0:
		caption = fmt.Sprintf("%s to move in board %d", p.Side(), p.Forced())
	default:
		caption = p.Side().String() + " to move: free move"
	}
	if m := p.Last(); m != uttt.NoMove {
		caption += " · last move " + m.String()
	}
	s.Text(size/2, size+12, caption, draw.A("class", "caption", "font-family", "sans-serif", "font-size", "14", "text-anchor", "middle", "fill", "#222")...)
	return s.Close()
}
