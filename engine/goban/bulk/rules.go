package bulk

import (
	"fmt"
	"strconv"

	"github.com/boardlab/boardlab/engine/goban/dead"
	"github.com/boardlab/boardlab/engine/goban/sgf"
)

// rulesOpts say how SGF games are counted (Options.Rules).
type rulesOpts struct {
	on     bool       // not plain Tromp-Taylor: games get a dead.Score
	record bool       // each record's RU[], Tromp-Taylor without one
	fixed  dead.Rules // the rule set when not record
	est    dead.Options
	name   string // as given, for the summary
}

// CheckRules reports whether name is a value Options.Rules takes.
func CheckRules(name string) error {
	switch name {
	case "", "record":
		return nil
	}
	_, err := dead.Named(name)
	return err
}

// setRules reads o's rules; a name CheckRules refuses counts as Tromp-Taylor.
func (so *scoreOpts) setRules(o *Options) {
	ro := rulesOpts{name: o.Rules, est: dead.Options{Playouts: o.Playouts, Seed: o.Seed}}
	switch o.Rules {
	case "", "tromp-taylor":
	case "record":
		ro.on, ro.record = true, true
	default:
		if r, err := dead.Named(o.Rules); err == nil && r.Scoring != dead.TrompTaylor {
			ro.on, ro.fixed = true, r
		}
	}
	so.rules = ro
}

// count counts the game just replayed under the rules of o, and returns the count and
// the komi used: --komi, else the record's (dead.RecordKomi) unless Tromp-Taylor.
func (w *sgfWorker) count(o *scoreOpts) (*dead.Score, float64) {
	g := &w.game
	r := o.rules.fixed
	if o.rules.record {
		r, _ = dead.RecordRules(g, dead.RulesTrompTaylor)
	}
	komi := g.PlayKomi()
	switch {
	case o.komiSet:
		komi = o.komi
	case r.Scoring != dead.TrompTaylor:
		komi = dead.RecordKomi(g)
	}
	sc := w.dead.ScoreGame(g, &w.replay, r, komi, o.rules.est)
	return &sc, komi
}

// countJSON are the JSON fields of a game counted under --rules.
type countJSON struct {
	Rules          string   `json:"rules"`
	ScoreBlack     float64  `json:"score_black"`
	ScoreWhite     float64  `json:"score_white"`
	StonesBlack    int      `json:"stones_black"`
	StonesWhite    int      `json:"stones_white"`
	TerritoryBlack int      `json:"territory_black"`
	TerritoryWhite int      `json:"territory_white"`
	PrisonersBlack int      `json:"prisoners_black"`
	PrisonersWhite int      `json:"prisoners_white"`
	Compensation   float64  `json:"handicap_compensation"`
	DeadBlack      []string `json:"dead_black"`
	DeadWhite      []string `json:"dead_white"`
}

// newCountJSON returns the count fields of a game of cols columns, nil without
// --rules (sc nil).
func newCountJSON(sc *dead.Score, cols int) *countJSON {
	if sc == nil {
		return nil
	}
	v := &countJSON{Rules: sc.Rules.Name, ScoreBlack: sc.Black, ScoreWhite: sc.White,
		StonesBlack: sc.BlackStones, StonesWhite: sc.WhiteStones,
		TerritoryBlack: sc.BlackTerritory, TerritoryWhite: sc.WhiteTerritory,
		PrisonersBlack: sc.BlackPrisoners, PrisonersWhite: sc.WhitePrisoners,
		Compensation: sc.Compensation, DeadBlack: []string{}, DeadWhite: []string{}}
	for i, c := range sc.Owner {
		op := sgf.Op{X: int8(i % cols), Y: int8(i / cols)}
		switch c {
		case '#':
			v.DeadBlack = append(v.DeadBlack, op.Letters())
		case '@':
			v.DeadWhite = append(v.DeadWhite, op.Letters())
		}
	}
	return v
}

// legend is the counts line of the game's picture: "" (black's and white's
// Tromp-Taylor counts) without --rules.
func (gm *sgfGame) legend() string {
	sc := gm.count
	if sc == nil {
		return ""
	}
	return fmt.Sprintf("%s: black %s, white %s (komi %s), dead stones crossed", sc.Rules.Name,
		strconv.FormatFloat(sc.Black, 'f', -1, 64), strconv.FormatFloat(sc.White, 'f', -1, 64), strconv.FormatFloat(sc.Komi, 'f', -1, 64))
}

// differs is the summary's line for a game whose RE the count does not reproduce.
func (gm *sgfGame) differs(name string) string {
	return fmt.Sprintf("%s: RE %s, counted %s (%s)", name, gm.g.RE, sgf.FormatScore(nil, gm.lead), gm.count.Rules.Name)
}
