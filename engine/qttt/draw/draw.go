// Package draw draws quantum tic-tac-toe positions: as text (a board with large
// classical marks, the quantum marks, entanglements and state) or as an SVG picture.
package draw

import (
	"fmt"
	"io"
	"math"
	"math/bits"
	"strings"

	"github.com/boardlab/boardlab/engine/qttt"
	svgdraw "github.com/boardlab/boardlab/internal/draw"
)

// boardMarks returns the quantum marks to draw: the quantum marks and the pending one.
func boardMarks(p *qttt.Position) uint16 {
	q := p.Quantum()
	if k := p.Pending(); k != 0 {
		q |= 1 << k
	}
	return q
}

// cellMarks returns the quantum marks in cell c, in order.
func cellMarks(p *qttt.Position, c int) []int {
	var ks []int
	for q := boardMarks(p); q != 0; q &= q - 1 {
		k := bits.TrailingZeros16(q)
		if a, b := p.Edge(k); a == c || b == c {
			ks = append(ks, k)
		}
	}
	return ks
}

func markName(k int) string { return fmt.Sprintf("%s%d", qttt.Owner(k), k) }

// Large glyphs of the classical marks, three lines of five characters.
var glyphs = [2][3]string{
	{`\   /`, `  X  `, `/   \`},
	{` .-. `, `(   )`, ` '-' `},
}

const textCell = 13 // inner width of a cell in the text board

// Text writes the board and its state as text: the 3x3 board with each classical mark
// large and each cell's quantum marks, then the entanglements, lines made and whose
// turn it is. It returns the first error writing to w.
func Text(w io.Writer, p *qttt.Position) error {
	ew := &errWriter{w: w}
	writeBoardText(ew, p)
	return ew.err
}

// errWriter keeps the first error of its writes and writes nothing after it.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(b []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(b)
	e.err = err
	return n, err
}

func writeBoardText(w io.Writer, p *qttt.Position) {
	cyc := p.CycleCells()
	for row := 0; row < 3; row++ {
		border(w, row, cyc)
		for l := 0; l < 3; l++ {
			fmt.Fprint(w, "|")
			for col := 0; col < 3; col++ {
				c := 3*row + col
				var s string
				if m := p.Cell(c); m != 0 {
					s = "  " + glyphs[qttt.Owner(m)][l]
					if l == 1 {
						s += fmt.Sprintf("  %d", m)
					}
				} else {
					ks := cellMarks(p, c)
					var names []string
					for i := 4 * l; i < len(ks) && i < 4*l+4; i++ {
						names = append(names, markName(ks[i]))
					}
					s = " " + strings.Join(names, " ")
				}
				fmt.Fprintf(w, "%-*s|", textCell, s)
			}
			fmt.Fprintln(w)
		}
	}
	border(w, 3, 0)
	for _, s := range statusLines(p) {
		fmt.Fprintln(w, s)
	}
}

// border writes the line above row (3: the bottom line), naming the row's cells and
// flagging with * those on a pending cycle.
func border(w io.Writer, row int, cyc uint16) {
	var b strings.Builder
	for col := 0; col < 3; col++ {
		seg := strings.Repeat("-", textCell)
		if row < 3 {
			c := 3*row + col
			name := string(qttt.CellName(c))
			if cyc>>c&1 != 0 {
				name += "*"
			}
			seg = "-" + name + seg[1+len(name):]
		}
		b.WriteString("+" + seg)
	}
	fmt.Fprintln(w, b.String()+"+")
}

// statusLines describes the position: entanglements, lines, turn or result.
func statusLines(p *qttt.Position) []string {
	var out []string
	var ents []string
	for q := boardMarks(p); q != 0; q &= q - 1 {
		k := bits.TrailingZeros16(q)
		a, b := p.Edge(k)
		ents = append(ents, fmt.Sprintf("%s %s", markName(k), qttt.FormatMove(a, b)))
	}
	if len(ents) > 0 {
		out = append(out, "entangled: "+strings.Join(ents, ", "))
	}
	for _, l := range p.Lines() {
		out = append(out, fmt.Sprintf("tic-tac-toe: %s %c%c%c (largest mark %d)", l.Player,
			qttt.CellName(l.Cells[0]), qttt.CellName(l.Cells[1]), qttt.CellName(l.Cells[2]), l.Max))
	}
	n := p.Marks()
	switch {
	case p.Pending() != 0:
		k := p.Pending()
		a, b := p.Edge(k)
		_, na, _, nb := p.Choices()
		cyc := p.CycleCells()
		first := qttt.CellName(bits.TrailingZeros16(cyc))
		if a == b {
			out = append(out, fmt.Sprintf("move %d (%s) is the single-cell move: measured at once as %d", k, qttt.FormatMove(a, b), k))
		} else {
			chooser := qttt.Owner(k + 1)
			out = append(out, fmt.Sprintf("move %d (%s) closed the cycle %s: %s chooses the measurement, %d or %d (the mark that lands in %c)",
				k, qttt.FormatMove(a, b), spaced(qttt.CellSet(cyc)), chooser, min(na, nb), max(na, nb), first))
		}
	case p.Over():
		out = append(out, fmt.Sprintf("game over after move %d: X %s, O %s", n, score(p).x, score(p).o))
	case n == 0:
		out = append(out, "start: X to move")
	default:
		out = append(out, fmt.Sprintf("after move %d: %s to move", n, p.ToMove()))
	}
	return out
}

func spaced(s string) string { return strings.Join(strings.Split(s, ""), "-") }

type scoreText struct{ x, o string }

func score(p *qttt.Position) scoreText {
	s := p.Score()
	return scoreText{qttt.FormatHalves(int(s.X)), qttt.FormatHalves(int(s.O))}
}

// Colours: Okabe-Ito blue and orange (distinguishable by colour-blind readers), a
// yellow highlight for the cycle.
const (
	colX      = "#0072b2"
	colO      = "#d55e00"
	colCycle  = "#f0e442"
	colGrid   = "#333333"
	colClosed = "#eeeeee"
)

func playerColour(pl qttt.Player) string {
	if pl == qttt.X {
		return colX
	}
	return colO
}

// SVG geometry: cells of svgCell units with a margin around the board and a footer for
// the state.
const (
	svgCell   = 150.0
	svgMargin = 24.0
	svgLine   = 20.0 // height of a footer line
)

// slot returns the centre of quantum mark k's place in cell c: mark k sits in slot k of
// the cell's 3x3 grid of places (row by row), so a mark is at the same place in both
// of its cells.
func slot(c, k int) (x, y float64) {
	col, row := c%3, c/3
	s := (k - 1) % 9
	const pad = 12.0 // keep the labels off the grid lines
	step := (svgCell - 2*pad) / 3
	x = svgMargin + float64(col)*svgCell + pad + step*(float64(s%3)+0.5)
	y = svgMargin + float64(row)*svgCell + pad + step*(float64(s/3)+0.5)
	return
}

func cellCentre(c int) (x, y float64) {
	return svgMargin + (float64(c%3)+0.5)*svgCell, svgMargin + (float64(c/3)+0.5)*svgCell
}

// edgePath returns the path of mark k between cells a and b: a gentle arc, bent to one
// side for X's marks and to the other for O's, so edges that share cells do not lie on
// top of each other and do not run through the labels of the cell between.
func edgePath(k, a, b int) string {
	x1, y1 := slot(a, k)
	x2, y2 := slot(b, k)
	if a == b { // the single-cell move: a ring around its label
		return fmt.Sprintf("M %s %s a 23 23 0 1 0 46 0 a 23 23 0 1 0 -46 0", num1(x1-23), num1(y1))
	}
	dx, dy := x2-x1, y2-y1
	d := math.Hypot(dx, dy)
	bend := 0.18 * d
	if k%2 == 0 {
		bend = -bend
	}
	cx, cy := (x1+x2)/2-dy/d*bend, (y1+y2)/2+dx/d*bend
	return fmt.Sprintf("M %s %s Q %s %s %s %s", num1(x1), num1(y1), num1(cx), num1(cy), num1(x2), num1(y2))
}

func num1(v float64) string { return svgdraw.Num(math.Round(v*10) / 10) }

// SVG draws the position as an SVG picture titled with the record rec (may be empty):
// classical marks as large glyphs, quantum marks in their slot of each cell and the
// entanglement edges, with a cycle awaiting measurement highlighted.
func SVG(w io.Writer, p *qttt.Position, rec string) error {
	width := 2*svgMargin + 3*svgCell
	var status []string
	for _, l := range statusLines(p) {
		status = append(status, wrap(l, 62)...)
	}
	legend := wrap("X's marks blue, O's orange. Quantum mark k sits in place k of both its cells; an edge joins the two places. Yellow: a cycle awaiting measurement.", 74)
	height := 2*svgMargin + 3*svgCell + float64(len(status))*svgLine + float64(len(legend))*svgLine*0.8
	s := svgdraw.NewSVG(w, width, height)
	title := "quantum tic-tac-toe"
	if rec != "" {
		title += ": " + rec
	}
	s.Title(title)
	s.Rect(0, 0, width, height, svgdraw.A("fill", "white")...)
	font := svgdraw.A("font-family", "DejaVu Sans, Verdana, sans-serif")

	// Classical cells shaded.
	s.Open("g", svgdraw.A("class", "cells")...)
	for c := 0; c < qttt.NumCells; c++ {
		if p.Cell(c) != 0 {
			s.Rect(svgMargin+float64(c%3)*svgCell, svgMargin+float64(c/3)*svgCell, svgCell, svgCell,
				svgdraw.A("class", "closed", "fill", colClosed)...)
		}
	}
	s.End("g")

	// The grid and the cell names.
	s.Open("g", svgdraw.A("class", "grid", "stroke", colGrid, "stroke-width", "3", "stroke-linecap", "round")...)
	for i := 1; i < 3; i++ {
		v := svgMargin + float64(i)*svgCell
		s.Line(v, svgMargin, v, svgMargin+3*svgCell)
		s.Line(svgMargin, v, svgMargin+3*svgCell, v)
	}
	s.End("g")
	s.Open("g", append(svgdraw.A("class", "names", "fill", "#888888", "font-size", "14"), font...)...)
	for c := 0; c < qttt.NumCells; c++ {
		s.Text(svgMargin+float64(c%3)*svgCell+5, svgMargin+float64(c/3)*svgCell+15, string(qttt.CellName(c)))
	}
	s.End("g")

	// Entanglement edges: the cycle's highlight first, then every edge.
	marks := boardMarks(p)
	cyc := p.CycleCells()
	onCycle := func(k int) bool {
		a, b := p.Edge(k)
		return cyc>>a&1 != 0 && cyc>>b&1 != 0
	}
	s.Open("g", svgdraw.A("class", "cycle", "fill", "none", "stroke", colCycle, "stroke-width", "12", "stroke-linecap", "round")...)
	for q := marks; q != 0; q &= q - 1 {
		k := bits.TrailingZeros16(q)
		if onCycle(k) {
			a, b := p.Edge(k)
			s.Path(edgePath(k, a, b), svgdraw.A("class", "cycle-edge", "data-mark", fmt.Sprint(k))...)
		}
	}
	s.End("g")
	s.Open("g", svgdraw.A("class", "edges", "fill", "none", "stroke-width", "2.5")...)
	for q := marks; q != 0; q &= q - 1 {
		k := bits.TrailingZeros16(q)
		a, b := p.Edge(k)
		as := svgdraw.A("class", "edge", "data-mark", fmt.Sprint(k), "data-cells", qttt.FormatMove(a, b), "stroke", playerColour(qttt.Owner(k)))
		if k == p.Pending() {
			as = append(as, svgdraw.A("stroke-dasharray", "6 4")...)
		}
		s.Path(edgePath(k, a, b), as...)
	}
	s.End("g")

	// Quantum mark labels, on a white disc so edges do not cross the text.
	s.Open("g", append(svgdraw.A("class", "quantum", "font-size", "17", "font-weight", "bold", "text-anchor", "middle"), font...)...)
	for q := marks; q != 0; q &= q - 1 {
		k := bits.TrailingZeros16(q)
		a, b := p.Edge(k)
		for _, c := range []int{a, b} {
			x, y := slot(c, k)
			bg := "white"
			if onCycle(k) {
				bg = colCycle
			}
			s.Circle(x, y, 16, svgdraw.A("fill", bg, "stroke", playerColour(qttt.Owner(k)), "stroke-width", "1.5")...)
			s.Text(x, y+6, markName(k), svgdraw.A("class", "mark", "fill", playerColour(qttt.Owner(k)))...)
			if a == b {
				break
			}
		}
	}
	s.End("g")

	// Classical marks: a large X or O with its number.
	s.Open("g", svgdraw.A("class", "classical", "fill", "none", "stroke-width", "9", "stroke-linecap", "round")...)
	for c := 0; c < qttt.NumCells; c++ {
		m := p.Cell(c)
		if m == 0 {
			continue
		}
		x, y := cellCentre(c)
		x -= 10
		col := playerColour(qttt.Owner(m))
		r := 0.27 * svgCell
		if qttt.Owner(m) == qttt.X {
			s.Path(fmt.Sprintf("M %s %s L %s %s M %s %s L %s %s", num1(x-r), num1(y-r), num1(x+r), num1(y+r), num1(x-r), num1(y+r), num1(x+r), num1(y-r)),
				svgdraw.A("class", "mark-x", "stroke", col, "data-mark", fmt.Sprint(m))...)
		} else {
			s.Circle(x, y, r, svgdraw.A("class", "mark-o", "stroke", col, "data-mark", fmt.Sprint(m))...)
		}
		s.Text(x+r+8, y+r+6, fmt.Sprint(m), append(svgdraw.A("class", "number", "fill", col, "stroke", "none", "font-size", "30", "font-weight", "bold"), font...)...)
	}
	s.End("g")

	// Tic-tac-toes: a line through the three cells.
	s.Open("g", svgdraw.A("class", "lines", "stroke-width", "7", "stroke-linecap", "round", "opacity", "0.75")...)
	for _, l := range p.Lines() {
		x1, y1 := cellCentre(l.Cells[0])
		x2, y2 := cellCentre(l.Cells[2])
		ex, ey := (x2-x1)*0.12, (y2-y1)*0.12
		s.Line(x1-ex, y1-ey, x2+ex, y2+ey, svgdraw.A("class", "win", "stroke", playerColour(l.Player))...)
	}
	s.End("g")

	// The state, below the board.
	s.Open("g", append(svgdraw.A("class", "status", "font-size", "13", "fill", "#222222"), font...)...)
	y := 2*svgMargin + 3*svgCell + 4
	for _, line := range status {
		s.Text(svgMargin, y, line)
		y += svgLine
	}
	for _, line := range legend {
		s.Text(svgMargin, y, line, svgdraw.A("fill", "#777777", "font-size", "11")...)
		y += svgLine * 0.8
	}
	s.End("g")
	return s.Close()
}

// wrap breaks s into lines of at most n characters at spaces (a longer word stays whole).
func wrap(s string, n int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		if line != "" && len(line)+1+len(w) > n {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
