package tune

import (
	"strings"
	"testing"
)

// TestReadGamesErrors checks that a bad games file is refused with its line and what
// is wrong.
func TestReadGamesErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"X 44 44\n", "g.txt:1:"},
		{strings.Repeat("\n", 3) + "draw 44\n", "g.txt:4: the result says \"draw\""},
		{"X " + strings.Repeat("4", maxGameLine) + "\n", "g.txt:1: line longer than"},
		{"X 44 | 1 2\n", "g.txt:1:"},
		{"", "g.txt: 0 games; want at least 10"},
	} {
		_, err := ReadGames(strings.NewReader(c.in), "g.txt")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%.40q: error %v, want %q", c.in, err, c.want)
		}
	}
}
