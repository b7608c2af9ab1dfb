// Package dead scores finished Go games as a Go server does: it estimates which stones
// are dead at the end of the game (Benson's unconditional life for what is certainly
// alive, Monte-Carlo ownership from light playouts for the rest, seki recognised by
// the shared liberties the playouts leave empty) and counts the position by area or
// territory rules, with komi, prisoners and handicap compensation. Plain Tromp-Taylor
// scoring, which removes nothing, stays in package goban.
package dead

import (
	"fmt"
	"strings"
)

// Scoring is how a rule set counts a finished position.
type Scoring uint8

const (
	// TrompTaylor counts stones plus empty points reaching only one colour, removing
	// nothing: the rules of package goban.
	TrompTaylor Scoring = iota
	// Area counts alive stones plus territory after dead stones are removed (Chinese).
	Area
	// Territory counts territory plus prisoners, dead stones counting as prisoners;
	// the eyes of groups in seki are nobody's (Japanese, Korean).
	Territory
)

func (s Scoring) String() string {
	switch s {
	case Area:
		return "area"
	case Territory:
		return "territory"
	}
	return "tromp-taylor"
}

// Rules is a rule set: how it counts, and the compensation white gets for a handicap.
type Rules struct {
	Name    string  // "tromp-taylor", "area", "territory", "chinese", "japanese", "korean", "aga", "nz", "ing"
	Scoring Scoring // how the position is counted
	// HandicapFree is how many handicap stones are not compensated: white gets one point
	// per handicap stone beyond it (Chinese 0, AGA 1); negative for no compensation.
	HandicapFree int
}

// Compensation is the points white gets for handicap stones under r.
func (r Rules) Compensation(handicap int) float64 {
	if r.HandicapFree < 0 || handicap < 2 || handicap <= r.HandicapFree {
		return 0
	}
	return float64(handicap - r.HandicapFree)
}

// The rule sets by name.
var (
	RulesTrompTaylor = Rules{Name: "tromp-taylor", Scoring: TrompTaylor, HandicapFree: -1}
	RulesArea        = Rules{Name: "area", Scoring: Area, HandicapFree: -1}
	RulesTerritory   = Rules{Name: "territory", Scoring: Territory, HandicapFree: -1}
	RulesChinese     = Rules{Name: "chinese", Scoring: Area, HandicapFree: 0}
	RulesJapanese    = Rules{Name: "japanese", Scoring: Territory, HandicapFree: -1}
	RulesKorean      = Rules{Name: "korean", Scoring: Territory, HandicapFree: -1}
	RulesAGA         = Rules{Name: "aga", Scoring: Area, HandicapFree: 1}
	RulesNZ          = Rules{Name: "nz", Scoring: Area, HandicapFree: -1}
	RulesIng         = Rules{Name: "ing", Scoring: Area, HandicapFree: -1}
)

// ParseRU reads a record's RU[] value: Chinese, Japanese, Korean, AGA, NZ, Ing,
// Tromp-Taylor and their common spellings (cn, jp, "New Zealand", tt, ...), case and
// punctuation ignored. ok is false for anything else, including an empty value.
func ParseRU(ru string) (r Rules, ok bool) {
	var b strings.Builder
	for _, c := range strings.ToLower(ru) {
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
			b.WriteRune(c)
		}
	}
	switch s := b.String(); s {
	case "chinese", "china", "cn", "chn", "zh":
		return RulesChinese, true
	case "japanese", "japan", "jp", "jpn", "ja":
		return RulesJapanese, true
	case "korean", "korea", "ko", "kr", "kor":
		return RulesKorean, true
	case "aga", "american", "us", "usa", "bga", "french", "fr":
		return RulesAGA, true
	case "nz", "newzealand":
		return RulesNZ, true
	case "ing", "goe", "ingsgoe", "ings":
		return RulesIng, true
	case "tromptaylor", "tt", "tromp":
		return RulesTrompTaylor, true
	case "area":
		return RulesArea, true
	case "territory":
		return RulesTerritory, true
	}
	return Rules{}, false
}

// Named returns the rule set of a --rules name: tromp-taylor, area or territory, or
// any RU[] spelling ParseRU knows (chinese, japanese, aga, ...).
func Named(name string) (Rules, error) {
	if r, ok := ParseRU(name); ok {
		return r, nil
	}
	return Rules{}, fmt.Errorf("unknown rules %q: want tromp-taylor, area, territory, chinese, japanese, korean, aga, nz or ing", name)
}
