package review

import (
	"fmt"
	"io"
	"strings"

	"github.com/boardlab/boardlab/internal/draw"
	"github.com/boardlab/boardlab/internal/plural"
)

// Layout of a review graph, in SVG user units, as self-play's plot.
const (
	rvW      = 720.0
	rvH      = 250.0
	rvLeft   = 70.0
	rvRight  = 20.0
	rvTop    = 76.0
	rvBottom = 44.0
)

// reviewClassColour returns the marker colour of a class of move, "" for other moves.
func reviewClassColour(class string) string {
	switch class {
	case "inaccuracy":
		return "#e6b800"
	case "mistake":
		return "#e67e22"
	case "blunder":
		return "#c0392b"
	}
	return ""
}

// WriteSVG draws game g's expected score for X against the ply, marking inaccuracies,
// mistakes and blunders and where the game was lost, as an SVG document on w.
func WriteSVG(w io.Writer, g *Game) error {
	var b strings.Builder
	h := rvTop + rvH + rvBottom
	s := draw.NewSVG(&b, rvW, h)
	title := fmt.Sprintf("%s (X) against %s (O): %s", g.X, g.O, g.Game)
	s.Title(title)
	s.Rect(0, 0, rvW, h, draw.A("fill", "white")...)
	font := draw.A("font-family", "sans-serif", "font-size", "13", "fill", "#222")
	s.Text(rvLeft, 22, title, append(font, draw.Attr{Name: "font-weight", Value: "bold"})...)
	result := map[string]string{"X": "X won", "O": "O won", "draw": "drawn", "unfinished": "unfinished"}[g.Result]
	sub := fmt.Sprintf("%s in %s", result, plural.Irregular(g.Plies, "ply", "plies"))
	if g.LostAfter != nil {
		sub += fmt.Sprintf("; lost under perfect play after ply %d (%s's %s, proven by the %s)", g.LostAfter.Ply, g.LostAfter.Side, g.LostAfter.Move, g.LostAfter.ProvenBy)
	}
	s.Text(rvLeft, 42, sub, font...)
	x0, x1 := rvLeft, rvW-rvRight
	y0, y1 := rvTop+rvH, rvTop
	maxX := float64(max(g.Plies, 1))
	xs := func(v float64) float64 { return x0 + (x1-x0)*v/maxX }
	ys := func(v float64) float64 { return y0 - (y0-y1)*v }
	small := draw.A("font-family", "sans-serif", "font-size", "11", "fill", "#444")
	for _, v := range []float64{0, 0.25, 0.5, 0.75, 1} {
		s.Line(x0, ys(v), x1, ys(v), draw.A("stroke", "#eee")...)
		s.Text(x0-6, ys(v)+4, fmt.Sprintf("%g", v), append(small, draw.Attr{Name: "text-anchor", Value: "end"})...)
	}
	for _, v := range ticks(0, maxX) {
		if v != float64(int(v)) {
			continue
		}
		s.Line(xs(v), y0, xs(v), y0+4, draw.A("stroke", "#444")...)
		s.Text(xs(v), y0+17, fmt.Sprintf("%.0f", v), append(small, draw.Attr{Name: "text-anchor", Value: "middle"})...)
	}
	s.Line(x0, ys(0.5), x1, ys(0.5), draw.A("stroke", "#888", "stroke-dasharray", "4 3")...)
	// X's expected score: before the first move, then after each move.
	xview := func(side string, es float64) float64 {
		if side == "X" {
			return es
		}
		return 1 - es
	}
	var path strings.Builder
	if len(g.Moves) > 0 {
		m := g.Moves[0]
		fmt.Fprintf(&path, "M%.1f %.1f ", xs(0), ys(xview(m.Side, m.ESBefore)))
	}
	for _, m := range g.Moves {
		fmt.Fprintf(&path, "L%.1f %.1f ", xs(float64(m.Ply)), ys(xview(m.Side, m.ESAfter)))
	}
	if path.Len() > 0 {
		s.Path(strings.TrimSpace(path.String()), draw.A("fill", "none", "stroke", draw.Hex(draw.Viridis(0.25)), "stroke-width", "2", "class", "es")...)
	}
	for _, m := range g.Moves {
		if c := reviewClassColour(m.Class); c != "" {
			s.Open("g")
			s.Title(fmt.Sprintf("ply %d, %s %s: %s (best %s, expected score %.2f -> %.2f)", m.Ply, m.Side, m.Move, m.Class, m.Best, m.ESBefore, m.ESAfter))
			s.Circle(xs(float64(m.Ply)), ys(xview(m.Side, m.ESAfter)), 4, draw.A("fill", c, "stroke", "white", "class", m.Class)...)
			s.End("g")
		}
	}
	if g.LostAfter != nil {
		x := xs(float64(g.LostAfter.Ply))
		s.Line(x, y0, x, y1, draw.A("stroke", "#c0392b", "stroke-width", "1", "stroke-dasharray", "6 3", "class", "lost")...)
	}
	s.Rect(x0, y1, x1-x0, y0-y1, draw.A("fill", "none", "stroke", "#444")...)
	s.Text(x1, y0+34, "ply", append(small, draw.Attr{Name: "text-anchor", Value: "end"})...)
	s.Text(16, (y0+y1)/2, "expected score of X", append(small, draw.Attr{Name: "text-anchor", Value: "middle"},
		draw.Attr{Name: "transform", Value: fmt.Sprintf("rotate(-90 16 %.1f)", (y0+y1)/2)})...)
	lx := x1 - 280
	for _, c := range []string{"inaccuracy", "mistake", "blunder"} {
		s.Circle(lx, rvTop-14, 4, draw.A("fill", reviewClassColour(c))...)
		s.Text(lx+8, rvTop-10, c, draw.A("font-family", "sans-serif", "font-size", "12")...)
		lx += 90
	}
	if err := s.Close(); err != nil {
		return err
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// ticks returns about five round values covering [lo, hi].
func ticks(lo, hi float64) []float64 {
	if !(hi > lo) {
		return []float64{lo}
	}
	raw := (hi - lo) / 5
	step := 1.0
	for step*10 <= raw {
		step *= 10
	}
	for _, f := range []float64{1, 2, 2.5, 5, 10} {
		if f*step >= raw {
			step *= f
			break
		}
	}
	var out []float64
	for v := 0.0; v <= hi+1e-9; v += step {
		if v >= lo {
			out = append(out, v)
		}
	}
	return out
}
