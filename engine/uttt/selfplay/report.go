package selfplay

import (
	"fmt"
	"io"
	"math"
)

// FormatElo writes an Elo difference with its sign; infinities as "+inf" and "-inf".
func FormatElo(e float64) string {
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

// Write prints the summary of a run of m: games, A's W/D/L and score, the Elo
// difference with its 95% interval and LOS, the first player's results, the mean length
// and, with a test, the SPRT's state.
func (s *Summary) Write(w io.Writer, m *Match, sprt *SPRT) {
	t := &s.Tally
	fmt.Fprintf(w, "games        %d (a = %s, b = %s, openings %d plies, seed %d)\n", s.Counted, m.A, m.B, m.Openings, m.Seed)
	fmt.Fprintf(w, "a W/D/L      %d / %d / %d\n", t.W, t.D, t.L)
	fmt.Fprintf(w, "a score      %.2f%%\n", 100*t.Score())
	e, lo, hi := EloInterval(t.W, t.D, t.L)
	fmt.Fprintf(w, "a elo        %s, 95%% interval [%s, %s], LOS %.1f%%\n", FormatElo(e), FormatElo(lo), FormatElo(hi), 100*LOS(t.W, t.L))
	draws := t.N() - t.XWins - t.OWins
	xe, xlo, xhi := EloInterval(t.XWins, draws, t.OWins)
	fmt.Fprintf(w, "first player X won %d, O won %d, drawn %d: X scores %.2f%%, elo %s [%s, %s]\n",
		t.XWins, t.OWins, draws, 100*score(t.XWins, draws, t.OWins), FormatElo(xe), FormatElo(xlo), FormatElo(xhi))
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
