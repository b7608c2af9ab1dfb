package utttcmd

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/selfplay"
	"github.com/boardlab/boardlab/engine/uttt/selfplay/record"
	"github.com/boardlab/boardlab/engine/uttt/stats"
	"github.com/boardlab/boardlab/internal/plural"
)

// maxSPRTElo bounds the Elo differences of an SPRT: parseSPRT refuses those beyond
// ±maxSPRTElo.
const maxSPRTElo = 1000

// parseSPRT reads an SPRT written ELO0,ELO1 (two numbers in -maxSPRTElo..maxSPRTElo,
// ELO0 < ELO1) with alpha = beta = 0.05.
func parseSPRT(s string) (*stats.SPRT, error) {
	a, b, ok := strings.Cut(s, ",")
	if !ok {
		return nil, fmt.Errorf("want ELO0,ELO1 (e.g. 0,5), got %q", s)
	}
	e0, err0 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	e1, err1 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	if err0 == nil && err1 == nil && (math.IsNaN(e0) || math.IsNaN(e1) || math.IsInf(e0, 0) || math.IsInf(e1, 0)) {
		return nil, fmt.Errorf("want two finite numbers ELO0 < ELO1 (e.g. 0,5), got %q", s)
	}
	if err0 == nil && err1 == nil && (math.Abs(e0) > maxSPRTElo || math.Abs(e1) > maxSPRTElo) { // the test's log-likelihoods become NaN
		return nil, fmt.Errorf("want two numbers ELO0 < ELO1 in -%d..%d (e.g. 0,5), got %q", maxSPRTElo, maxSPRTElo, s)
	}
	if err0 != nil || err1 != nil || e0 >= e1 {
		return nil, fmt.Errorf("want two numbers ELO0 < ELO1 (e.g. 0,5), got %q", s)
	}
	return &stats.SPRT{Elo0: e0, Elo1: e1, Alpha: 0.05, Beta: 0.05}, nil
}

// describeGame says how game i of m went, for people: a header line (the bots and
// their colours, the result, the length), the moves, and the final position drawn by
// uttt.Display (with ANSI colours when colour is set).
func describeGame(m *selfplay.Match, i int, moves []uttt.Move, r record.Result, colour bool) string {
	x, o := "a "+m.A.String(), "b "+m.B.String()
	if !record.AFirst(i) {
		x, o = o, x
	}
	p := uttt.Start()
	var sb strings.Builder
	for k, mv := range moves {
		if k > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(mv.String())
		p = p.Play(mv)
	}
	result := "drawn"
	switch p.Status() {
	case uttt.XWon:
		result = "X won"
	case uttt.OWon:
		result = "O won"
	case uttt.Ongoing:
		result = p.Side().String() + " forfeited (an invalid answer)"
	default:
		if r.Score2 != 1 {
			winner := "X"
			if (r.Score2 == 2) != record.AFirst(i) {
				winner = "O"
			}
			result = "drawn on the board, won by " + winner + " on small boards (tiebreak)"
		}
	}
	score := [3]string{"a lost", "draw", "a won"}[min(r.Score2, 2)]
	return fmt.Sprintf("game %d: X %s, O %s: %s in %s (%s)\nmoves: %s\n%s\n",
		i, x, o, result, plural.Irregular(len(moves), "ply", "plies"), score, sb.String(), uttt.Display(&p, colour))
}
