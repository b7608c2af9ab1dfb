package sgf

import "testing"

// TestCheckResult: each kind of RE, and margins no count ends with (Fox's RE[B+0.0],
// RE[W+0.02], a margin in stones) classed nocount, not comparable, whatever the komi.
func TestCheckResult(t *testing.T) {
	for _, c := range []struct {
		re         string
		lead, komi float64
		kind       string
		comparable bool
		agrees     bool
	}{
		{"W+6.5", -6.5, 7.5, "score", true, true},
		{"W+6.5", -5.5, 7.5, "score", true, false},
		{"B+3", 3, 0, "score", true, true},
		{"B+0.5", 0.5, 6.5, "score", true, true},
		{"B+0.2", 0.5, 7.5, "nocount", false, false}, // a quarter stone, not a count in points
		{"B+0.0", 0.5, 7.5, "nocount", false, false},
		{"W+0.0", -6.5, 7.5, "nocount", false, false},
		{"B+0", 0, 0, "nocount", false, false}, // a win by nothing
		{"W+0.02", -0.5, 7.5, "nocount", false, false},
		{"B+0.02", 0.5, 0, "nocount", false, false},
		{"W+2.5", -3, 0, "score", true, false}, // a count under another komi: compared, differs
		{"W+6.5", 0, 0, "score", true, false},  // a Fox KM[0] record counted at komi 0
		{"W+2.75", -2.75, 3.75, "nocount", false, false},
		{"B+inf", 1, 0, "nocount", false, false},
		{"B+-1", 1, 0, "nocount", false, false},
		{"B+nan", 1, 0.5, "nocount", false, false},
		{"0", 0, 0, "draw", true, true},
		{"Jigo", 1, 0, "draw", true, false},
		{"B+", 2, 7.5, "win", true, true},
		{"W", 2, 7.5, "win", true, false},
		{"B+R", 2, 7.5, "resign", false, false},
		{"W+T", 2, 7.5, "time", false, false},
		{"B+F", 2, 7.5, "forfeit", false, false},
		{"?", 2, 7.5, "unknown", false, false},
		{"", 2, 7.5, "none", false, false},
	} {
		got := CheckResult([]byte(c.re), c.lead)
		if got.Kind != c.kind || got.Comparable() != c.comparable || got.Agrees != c.agrees {
			t.Errorf("RE %q, lead %v, komi %v: %+v, want kind %s, comparable %v, agrees %v",
				c.re, c.lead, c.komi, got, c.kind, c.comparable, c.agrees)
		}
	}
}
