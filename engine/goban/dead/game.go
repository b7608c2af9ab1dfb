package dead

import (
	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/engine/goban/sgf"
)

// RecordRules returns the rule set of a record's RU[], or def when it has none or one
// ParseRU does not know; known reports whether RU[] named a rule set.
func RecordRules(g *sgf.Game, def Rules) (r Rules, known bool) {
	if r, ok := ParseRU(string(g.RU)); ok {
		return r, true
	}
	return def, false
}

// RecordKomi is the komi of a record in points: KM as sgf.Game.PlayKomi reads it, with
// two conventions of Fox (YuanYu) records checked against their results: KM in
// hundredths under RU[Chinese] is in stones (KM[375] is 3 3/4 stones, 7.5 points), and
// KM[0] in an even game under RU[Japanese] is 6.5.
func RecordKomi(g *sgf.Game) float64 {
	k := g.PlayKomi()
	r, _ := ParseRU(string(g.RU))
	switch {
	case k != g.Komi && r.Name == RulesChinese.Name:
		return 2 * k
	case g.HasKomi && g.Komi == 0 && g.Handicap == 0 && r.Name == RulesJapanese.Name:
		return 6.5
	}
	return k
}

// Scorer estimates dead stones and counts records with reusable buffers. The zero
// value is ready to use; a Scorer is not safe for concurrent use.
type Scorer struct {
	Estimator
	Status Status // the last estimate
	board  goban.Board
}

// ScoreGame counts the final position of a replayed record under r, dead stones
// estimated with o unless r is Tromp-Taylor; komi is the komi in points (RecordKomi,
// or an override). After it, s.Status holds the estimate.
func (s *Scorer) ScoreGame(g *sgf.Game, rp *sgf.Replay, r Rules, komi float64, o Options) Score {
	rp.Board(&s.board)
	var st *Status
	if r.Scoring != TrompTaylor {
		s.Estimate(&s.board, o, &s.Status)
		st = &s.Status
	} else {
		s.Status = Status{}
	}
	return Count(&s.board, st, r, Game{Komi: komi, Handicap: g.Handicap, Captured: rp.Captured})
}
