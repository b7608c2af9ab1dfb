package utttcmd

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/boardlab/boardlab/engine/uttt/selfplay"
	"github.com/boardlab/boardlab/engine/uttt/stats"
	"github.com/boardlab/boardlab/internal/draw"
	"github.com/boardlab/boardlab/internal/plural"
)

// Plot layout, in SVG user units.
const (
	plotW      = 720.0
	panelH     = 250.0
	plotLeft   = 70.0
	plotRight  = 20.0
	plotTop    = 76.0
	panelGap   = 60.0
	plotBottom = 44.0
)

// writePlot draws the course of a run as SVG: A's running score with its 95% interval
// against the games played (in index order) and, with an SPRT, the log-likelihood ratio
// against its two bounds. title names the match (plotTitle).
func writePlot(w io.Writer, title string, sum *selfplay.Summary, sprt *stats.SPRT) error {
	pts := sum.Series
	panels := 1
	if sprt != nil {
		panels = 2
	}
	h := plotTop + float64(panels)*panelH + float64(panels-1)*panelGap + plotBottom
	s := draw.NewSVG(w, plotW, h)
	s.Title(title)
	s.Rect(0, 0, plotW, h, draw.A("fill", "white")...)
	font := draw.A("font-family", "sans-serif", "font-size", "13", "fill", "#222")
	s.Text(plotLeft, 22, title, append(font, draw.Attr{Name: "font-weight", Value: "bold"})...)
	t := &sum.Tally
	sc, lo, hi := stats.ScoreInterval(t.W, t.D, t.L)
	sub := fmt.Sprintf("%s: score %.2f%% [%.2f%%, %.2f%%], W/D/L %d/%d/%d", plural.Of(sum.Counted, "game"), 100*sc, 100*lo, 100*hi, t.W, t.D, t.L)
	s.Text(plotLeft, 42, sub, font...)

	maxX := 1.0
	if n := len(pts); n > 0 {
		maxX = math.Max(1, float64(pts[n-1].Games))
	}
	x0, x1 := plotLeft, plotW-plotRight
	xs := func(g float64) float64 { return x0 + (x1-x0)*g/maxX }

	// Score panel: the y range covers the interval from a tenth of the run on (the first
	// games' intervals are wide and are clipped), and the 50% line.
	ylo, yhi := 0.5, 0.5
	for _, p := range pts {
		if float64(p.Games) >= maxX/10 {
			ylo, yhi = math.Min(ylo, p.Lo), math.Max(yhi, p.Hi)
		}
	}
	pad := math.Max(0.01, (yhi-ylo)*0.1)
	ylo, yhi = math.Max(0, ylo-pad), math.Min(1, yhi+pad)
	top := plotTop
	panel(s, "score of a", "games played", top, xs, maxX, ylo, yhi, func(v float64) string { return fmt.Sprintf("%g%%", round3(100*v)) },
		func(ys func(float64) float64) {
			if len(pts) == 0 {
				return
			}
			var band strings.Builder
			for k, p := range pts {
				fmt.Fprintf(&band, "%s%.1f %.1f ", "ML"[min(k, 1):min(k, 1)+1], xs(float64(p.Games)), ys(p.Hi))
			}
			for k := len(pts) - 1; k >= 0; k-- {
				fmt.Fprintf(&band, "L%.1f %.1f ", xs(float64(pts[k].Games)), ys(pts[k].Lo))
			}
			band.WriteString("Z")
			s.Path(band.String(), draw.A("fill", draw.Hex(draw.Viridis(0.55)), "fill-opacity", "0.3", "stroke", "none", "class", "interval")...)
			s.Line(x0, ys(0.5), x1, ys(0.5), draw.A("stroke", "#888", "stroke-dasharray", "4 3")...)
			s.Path(polyline(pts, xs, ys, func(p selfplay.Point) float64 { return p.Score }), draw.A("fill", "none", "stroke", draw.Hex(draw.Viridis(0.25)), "stroke-width", "2", "class", "score")...)
		})
	legendY := top - 10
	s.Rect(x1-200, legendY-10, 14, 10, draw.A("fill", draw.Hex(draw.Viridis(0.55)), "fill-opacity", "0.3")...)
	s.Text(x1-182, legendY, "95% interval", draw.A("font-family", "sans-serif", "font-size", "12")...)
	s.Line(x1-90, legendY-5, x1-72, legendY-5, draw.A("stroke", draw.Hex(draw.Viridis(0.25)), "stroke-width", "2")...)
	s.Text(x1-66, legendY, "score", draw.A("font-family", "sans-serif", "font-size", "12")...)

	if sprt != nil {
		top += panelH + panelGap
		blo, bhi := sprt.Bounds()
		llo, lhi := blo, bhi
		for _, p := range pts {
			llo, lhi = math.Min(llo, p.LLR), math.Max(lhi, p.LLR)
		}
		pad := (lhi - llo) * 0.08
		llo, lhi = llo-pad, lhi+pad
		state := map[int]string{1: "H1 accepted", -1: "H0 accepted", 0: "undecided"}[sum.Decision]
		label := fmt.Sprintf("SPRT elo0 %g, elo1 %g: %s, LLR %.2f", sprt.Elo0, sprt.Elo1, state, sum.LLR)
		panel(s, "log-likelihood ratio", "games played", top, xs, maxX, llo, lhi, func(v float64) string { return fmt.Sprintf("%g", round3(v)) },
			func(ys func(float64) float64) {
				for _, b := range []struct {
					v    float64
					name string
				}{{bhi, fmt.Sprintf("accept H1 (elo %g)", sprt.Elo1)}, {blo, fmt.Sprintf("accept H0 (elo %g)", sprt.Elo0)}} {
					s.Line(x0, ys(b.v), x1, ys(b.v), draw.A("stroke", "#c0392b", "stroke-width", "1.5", "stroke-dasharray", "6 3", "class", "bound")...)
					s.Text(x0+6, ys(b.v)-5, fmt.Sprintf("%s: %.2f", b.name, b.v), draw.A("font-family", "sans-serif", "font-size", "11", "fill", "#c0392b")...)
				}
				s.Line(x0, ys(0), x1, ys(0), draw.A("stroke", "#888", "stroke-dasharray", "4 3")...)
				if len(pts) > 0 {
					s.Path(polyline(pts, xs, ys, func(p selfplay.Point) float64 { return p.LLR }), draw.A("fill", "none", "stroke", draw.Hex(draw.Viridis(0.25)), "stroke-width", "2", "class", "llr")...)
				}
			})
		s.Text(plotLeft, top-8, label, font...)
	}
	return s.Close()
}

func round3(v float64) float64 { return math.Round(v*1000) / 1000 }

func polyline(pts []selfplay.Point, xs, ys func(float64) float64, val func(selfplay.Point) float64) string {
	var b strings.Builder
	for k, p := range pts {
		fmt.Fprintf(&b, "%s%.1f %.1f ", "ML"[min(k, 1):min(k, 1)+1], xs(float64(p.Games)), ys(val(p)))
	}
	return strings.TrimSpace(b.String())
}

// panel draws a frame with axes and ticks at top and calls body with the y scale;
// what body draws is clipped to the frame.
func panel(s *draw.SVG, ylabel, xlabel string, top float64, xs func(float64) float64, maxX, ylo, yhi float64,
	yfmt func(float64) string, body func(ys func(float64) float64)) {
	x0, x1 := plotLeft, plotW-plotRight
	y0, y1 := top+panelH, top
	ys := func(v float64) float64 { return y0 - (y0-y1)*(v-ylo)/(yhi-ylo) }
	id := fmt.Sprintf("clip%d", int(top))
	s.Open("clipPath", draw.A("id", id)...)
	s.Rect(x0, y1, x1-x0, y0-y1)
	s.End("clipPath")
	small := draw.A("font-family", "sans-serif", "font-size", "11", "fill", "#444")
	for _, v := range ticks(ylo, yhi) {
		s.Line(x0, ys(v), x1, ys(v), draw.A("stroke", "#eee")...)
		s.Text(x0-6, ys(v)+4, yfmt(v), append(small, draw.Attr{Name: "text-anchor", Value: "end"})...)
	}
	for _, v := range ticks(0, maxX) {
		if v != math.Trunc(v) {
			continue // games are whole
		}
		s.Line(xs(v), y0, xs(v), y0+4, draw.A("stroke", "#444")...)
		s.Text(xs(v), y0+17, fmt.Sprintf("%.0f", v), append(small, draw.Attr{Name: "text-anchor", Value: "middle"})...)
	}
	s.Open("g", draw.A("clip-path", "url(#"+id+")")...)
	body(ys)
	s.End("g")
	s.Rect(x0, y1, x1-x0, y0-y1, draw.A("fill", "none", "stroke", "#444")...)
	s.Text(x1, y0+34, xlabel, append(small, draw.Attr{Name: "text-anchor", Value: "end"})...)
	s.Text(16, (y0+y1)/2, ylabel, append(small, draw.Attr{Name: "text-anchor", Value: "middle"},
		draw.Attr{Name: "transform", Value: fmt.Sprintf("rotate(-90 16 %.1f)", (y0+y1)/2)})...)
}

// ticks returns about five round values covering [lo, hi].
func ticks(lo, hi float64) []float64 {
	if !(hi > lo) {
		return []float64{lo}
	}
	raw := (hi - lo) / 5
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, f := range []float64{1, 2, 2.5, 5, 10} {
		if f*mag >= raw {
			step = f * mag
			break
		}
	}
	var out []float64
	for v := math.Ceil(lo/step) * step; v <= hi+step*1e-9; v += step {
		out = append(out, math.Round(v/step)*step)
	}
	return out
}

// plotTitle is the title of m's plot.
func plotTitle(m *selfplay.Match) string {
	return fmt.Sprintf("a = %s against b = %s (openings %s, seed %d)", m.A, m.B, plural.Irregular(m.Openings, "ply", "plies"), m.Seed)
}
