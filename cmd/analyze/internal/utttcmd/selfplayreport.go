package utttcmd

import (
	"fmt"
	"io"
	"math"

	"github.com/boardlab/boardlab/engine/uttt/selfplay"
	"github.com/boardlab/boardlab/engine/uttt/stats"
	"github.com/boardlab/boardlab/internal/plural"
)

// formatElo writes an Elo difference with its sign; infinities as "+inf" and "-inf".
func formatElo(e float64) string {
	switch {
	case math.IsInf(e, 1):
		return "+inf"
	case math.IsInf(e, -1):
		return "-inf"
	}
	if math.Abs(e) < 0.05 {
		return "+0.0" // not -0.0
	}
	return fmt.Sprintf("%+.1f", e)
}

// writeSummary prints the summary s of a run of m: games, A's W/D/L and score, the Elo
// difference with its 95% interval and LOS, the first player's results, the mean length
// and, with a test, the SPRT's state.
func writeSummary(w io.Writer, s *selfplay.Summary, m *selfplay.Match, sprt *stats.SPRT) {
	t := &s.Tally
	fmt.Fprintf(w, "games        %d (a = %s, b = %s, openings %s, seed %d%s)\n", s.Counted, m.A, m.B, plural.Irregular(m.Openings, "ply", "plies"), m.Seed, tieBreakReport(m))
	fmt.Fprintf(w, "a W/D/L      %d / %d / %d\n", t.W, t.D, t.L)
	fmt.Fprintf(w, "a score      %.2f%%\n", 100*t.Score())
	e, lo, hi := stats.EloInterval(t.W, t.D, t.L)
	fmt.Fprintf(w, "a elo        %s, 95%% interval [%s, %s], LOS %.1f%%\n", formatElo(e), formatElo(lo), formatElo(hi), 100*stats.LOS(t.W, t.L))
	if np := s.Pairs[0] + s.Pairs[1] + s.Pairs[2] + s.Pairs[3] + s.Pairs[4]; np > 0 {
		pe, plo, phi := stats.PairEloInterval(s.Pairs)
		fmt.Fprintf(w, "a pairs      %d (a's points 0/0.5/1/1.5/2: %d/%d/%d/%d/%d): elo %s, 95%% interval [%s, %s]\n",
			np, s.Pairs[0], s.Pairs[1], s.Pairs[2], s.Pairs[3], s.Pairs[4], formatElo(pe), formatElo(plo), formatElo(phi))
	}
	draws := t.N() - t.XWins - t.OWins
	xe, xlo, xhi := stats.EloInterval(t.XWins, draws, t.OWins)
	fmt.Fprintf(w, "first player X won %d, O won %d, drawn %d: X scores %.2f%%, elo %s [%s, %s]\n",
		t.XWins, t.OWins, draws, 100*stats.Score(t.XWins, draws, t.OWins), formatElo(xe), formatElo(xlo), formatElo(xhi))
	fmt.Fprintf(w, "mean length  %.1f plies\n", t.MeanLength())
	if sprt != nil {
		lo, hi := sprt.Bounds()
		state := "undecided"
		switch s.Decision {
		case 1:
			state = "H1 accepted"
		case -1:
			state = "H0 accepted"
		}
		fmt.Fprintf(w, "sprt         %s (elo0 %g, elo1 %g, alpha %g, beta %g): LLR %.2f, bounds [%.2f, %.2f]\n",
			state, sprt.Elo0, sprt.Elo1, sprt.Alpha, sprt.Beta, s.LLR, lo, hi)
	}
}

// jsonSummary is the machine-readable form of a summary; infinite Elo values are null.
type jsonSummary struct {
	Games      int       `json:"games"`
	A          string    `json:"a"`
	B          string    `json:"b"`
	Seed       uint64    `json:"seed"`
	Openings   int       `json:"openings"`
	TieBreak   string    `json:"tiebreak,omitempty"` // "boards" when scored with CodinGame's tie-break
	W          int       `json:"w"`
	D          int       `json:"d"`
	L          int       `json:"l"`
	Score      float64   `json:"score"`
	Elo        *float64  `json:"elo"`
	EloLow     *float64  `json:"elo_low"`
	EloHigh    *float64  `json:"elo_high"`
	LOS        float64   `json:"los"`
	Pairs      [5]int    `json:"pairs"` // pairs by a's points in halves: 0, 1/2, 1, 3/2, 2
	PairElo    *float64  `json:"pair_elo"`
	PairLow    *float64  `json:"pair_elo_low"`
	PairHigh   *float64  `json:"pair_elo_high"`
	XWins      int       `json:"x_wins"`
	OWins      int       `json:"o_wins"`
	XScore     float64   `json:"x_score"`
	XElo       *float64  `json:"x_elo"`
	MeanPlies  float64   `json:"mean_plies"`
	SPRT       string    `json:"sprt,omitempty"` // "H1", "H0" or "undecided"
	LLR        *float64  `json:"llr,omitempty"`
	SPRTBounds []float64 `json:"sprt_bounds,omitempty"`
}

func finite(v float64) *float64 {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return nil
	}
	if v == 0 {
		v = 0 // not -0
	}
	return &v
}

// summaryJSON returns the summary s of a run of m in machine-readable form.
func summaryJSON(s *selfplay.Summary, m *selfplay.Match, sprt *stats.SPRT) jsonSummary {
	t := &s.Tally
	e, lo, hi := stats.EloInterval(t.W, t.D, t.L)
	draws := t.N() - t.XWins - t.OWins
	xs := stats.Score(t.XWins, draws, t.OWins)
	j := jsonSummary{
		Games: s.Counted, A: m.A.String(), B: m.B.String(), Seed: m.Seed, Openings: m.Openings, TieBreak: m.ID().TieBreak,
		W: t.W, D: t.D, L: t.L, Score: t.Score(), Elo: finite(e), EloLow: finite(lo), EloHigh: finite(hi),
		LOS: stats.LOS(t.W, t.L), XWins: t.XWins, OWins: t.OWins, XScore: xs, XElo: finite(stats.Elo(xs)),
		MeanPlies: t.MeanLength(), Pairs: s.Pairs,
	}
	pe, plo, phi := stats.PairEloInterval(s.Pairs)
	j.PairElo, j.PairLow, j.PairHigh = finite(pe), finite(plo), finite(phi)
	if sprt != nil {
		j.SPRT = [3]string{"H0", "undecided", "H1"}[s.Decision+1]
		j.LLR = finite(s.LLR)
		lo, hi := sprt.Bounds()
		j.SPRTBounds = []float64{lo, hi}
	}
	return j
}

// tieBreakReport is the report's note of the tie-break: "" without one.
func tieBreakReport(m *selfplay.Match) string {
	if m.TieBreak {
		return ", tiebreak boards"
	}
	return ""
}
