package plural

import (
	"regexp"
	"testing"
)

// TestOf: a count of 1 takes the singular, every other count (0, negative, large) the
// plural; no message made with Of or Irregular says "1 games".
func TestOf(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{Of(1, "game"), "1 game"},
		{Of(0, "game"), "0 games"},
		{Of(2, "argument"), "2 arguments"},
		{Of(-1, "point"), "-1 points"},
		{Of(uint64(1), "worker"), "1 worker"},
		{Of(int64(1<<40), "byte"), "1099511627776 bytes"},
		{Irregular(1, "ply", "plies"), "1 ply"},
		{Irregular(7, "ply", "plies"), "7 plies"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	wrong := regexp.MustCompile(`\b1 [a-z]+s\b`)
	for _, noun := range []string{"game", "bot", "worker", "argument", "win", "point", "record", "board"} {
		if s := Of(1, noun); wrong.MatchString(s) {
			t.Errorf("Of(1, %q) = %q", noun, s)
		}
	}
}
