package sgf

import (
	"strings"
	"testing"
)

// TestLongValuesQuoted: a property value a message names is quoted by a short prefix
// and its length, never echoed whole; control characters in it are escaped, so that a
// message stays one line.
func TestLongValuesQuoted(t *testing.T) {
	long := strings.Repeat("1", 100000)
	cases := []struct{ sgf, want string }{
		{"(;SZ[3];B[" + long + "])", `game 1, move 1, byte 10: B["11111111111111111111"... (100000 bytes)]: not a point`},
		{"(;KM[" + long + "x])", `game 1, byte 5: KM["11111111111111111111"... (100001 bytes)]: komi is not a number`},
		{"(;SZ[" + long + "])", `game 1, byte 5: SZ["11111111111111111111"... (100000 bytes)]: board size must be 1..52 (or cols:rows)`},
		{"(;SZ[3]AB[" + long + "])", `game 1, byte 10: AB["11111111111111111111"... (100000 bytes)]: not a point or a rectangle of points`},
		{"(;SZ[3];W[a\nb\x1b])", `game 1, move 1, byte 10: W["a\nb\x1b"]: not a point`},
		{"(;KM[abc])", "game 1, byte 5: KM[abc]: komi is not a number"},
	}
	for _, c := range cases {
		_, errs := readAll(c.sgf)
		if len(errs) != 1 || errs[0].Error() != c.want {
			t.Errorf("%.40q: %.200v, want %s", c.sgf, errs, c.want)
		}
	}
}

// TestHandicap: HA is read exactly (its integer part), and a handicap larger than the
// board's points, however many digits it has, is a fault naming the property.
func TestHandicap(t *testing.T) {
	for _, c := range []struct {
		sgf  string
		ha   int
		want string // the error, if any
	}{
		{"(;HA[2])", 2, ""},
		{"(;HA[ 7.5 ])", 7, ""},
		{"(;HA[361])", 361, ""},
		{"(;SZ[52]HA[2704])", 2704, ""},
		{"(;HA[])", 0, ""},
		{"(;HA[1234567])", 0, "game 1, byte 5: HA[1234567]: handicap larger than the 361 points of the 19x19 board"},
		{"(;SZ[9]HA[82])", 0, "game 1, byte 10: HA[82]: handicap larger than the 81 points of the 9x9 board"},
		{"(;HA[99999999999999999999])", 0, "game 1, byte 5: HA[99999999999999999999]: handicap larger than the 361 points of the 19x19 board"},
		{"(;HA[" + strings.Repeat("9", 1000) + "])", 0, `game 1, byte 5: HA["99999999999999999999"... (1000 bytes)]: handicap larger than the 361 points of the 19x19 board`},
	} {
		games, errs := readAll(c.sgf)
		switch {
		case c.want != "" && (len(errs) != 1 || errs[0].Error() != c.want):
			t.Errorf("%.40s: errors %v, want %s", c.sgf, errs, c.want)
		case c.want == "" && (len(errs) != 0 || len(games) != 1 || games[0].Handicap != c.ha):
			t.Errorf("%s: games %+v, errors %v; want handicap %d", c.sgf, games, errs, c.ha)
		}
	}
}
