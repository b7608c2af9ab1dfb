package sgf

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// ParseScore reads a result as black's lead: "B+6.5" is 6.5, "W+3" is -3, "Jigo", "0"
// and "Draw" are 0.
func ParseScore(s string) (float64, error) {
	s = strings.TrimSpace(s)
	switch strings.ToLower(s) {
	case "jigo", "0", "draw":
		return 0, nil
	}
	if len(s) > 2 && (s[0] == 'B' || s[0] == 'W') && s[1] == '+' {
		v, err := strconv.ParseFloat(s[2:], 64)
		if err == nil {
			if s[0] == 'W' {
				v = -v
			}
			return v, nil
		}
	}
	return 0, fmt.Errorf("%q is not a score (B+k, W+k or Jigo)", s)
}

// FormatScore writes black's lead as a result: B+k, W+k or Jigo, k with as many
// decimals as it needs (W+6.5, B+0.5, B+12).
func FormatScore(dst []byte, lead float64) []byte {
	switch {
	case lead > 0:
		return strconv.AppendFloat(append(dst, "B+"...), lead, 'f', -1, 64)
	case lead < 0:
		return strconv.AppendFloat(append(dst, "W+"...), -lead, 'f', -1, 64)
	}
	return append(dst, "Jigo"...)
}

// Check is how a recorded result (RE) compares with a computed result.
type Check struct {
	Kind   string // RE's kind: score, win (winner without a margin), draw, nocount (see CheckResult), resign, time, forfeit, unknown, none
	Winner bool   // RE names a winner or a draw that can be compared (score, win, draw)
	Margin bool   // RE gives a margin (score, draw): Agrees then compares it too
	Agrees bool   // the Tromp-Taylor result has RE's winner (and margin, when RE has one)
}

// Comparable reports whether RE can be compared at all: resignations, time losses,
// forfeits, margins that are no count and unknown results cannot.
func (c Check) Comparable() bool { return c.Winner }

// CheckResult compares RE (as recorded, e.g. B+R, W+6.5, 0) with black's lead, komi
// included. A margin that no count ends with (a win by 0, as Fox's B+0.0, or one that
// is not a whole or half number of points, as W+0.02 or a margin in stones) is of kind
// nocount, not comparable.
func CheckResult(re []byte, lead float64) Check {
	re = bytes.TrimSpace(re)
	if len(re) == 0 {
		return Check{Kind: "none"}
	}
	switch strings.ToLower(string(re)) {
	case "0", "draw", "jigo":
		return Check{Kind: "draw", Winner: true, Margin: true, Agrees: lead == 0}
	}
	if re[0] != 'B' && re[0] != 'W' && re[0] != 'b' && re[0] != 'w' {
		return Check{Kind: "unknown"}
	}
	sign := 1.0
	if re[0] == 'W' || re[0] == 'w' {
		sign = -1
	}
	winnerAgrees := lead*sign > 0
	rest := re[1:]
	if len(rest) == 0 {
		return Check{Kind: "win", Winner: true, Agrees: winnerAgrees}
	}
	if rest[0] != '+' {
		return Check{Kind: "unknown"}
	}
	rest = rest[1:]
	if len(rest) == 0 {
		return Check{Kind: "win", Winner: true, Agrees: winnerAgrees}
	}
	switch c := rest[0]; {
	case c == 'R' || c == 'r':
		return Check{Kind: "resign"}
	case c == 'T' || c == 't':
		return Check{Kind: "time"}
	case c == 'F' || c == 'f':
		return Check{Kind: "forfeit"}
	}
	v, err := strconv.ParseFloat(string(rest), 64)
	if err != nil {
		return Check{Kind: "unknown"}
	}
	if !Countable(v) {
		return Check{Kind: "nocount"}
	}
	return Check{Kind: "score", Winner: true, Margin: true, Agrees: lead == sign*v}
}

// Countable reports whether a count can end with a win by margin points: not by 0, and
// by a whole or half number of points (stones and points count whole, a komi is whole
// or half), whatever the komi the lead was counted with.
func Countable(margin float64) bool {
	if !(margin > 0) || math.IsInf(margin, 0) {
		return false
	}
	d := 2 * margin
	return math.Abs(d-math.Round(d)) < 1e-9
}
