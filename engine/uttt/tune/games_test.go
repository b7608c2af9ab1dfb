package tune

import (
	"strconv"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
)

// TestReadGamesErrors checks that a bad games file is refused with its line and what
// is wrong.
func TestReadGamesErrors(t *testing.T) {
	// finished is a game played to its end by the first legal move each turn.
	finished := ""
	p := uttt.Start()
	var buf [81]uttt.Move
	for p.Status() == uttt.Ongoing {
		p.Moves(&buf)
		finished += " " + buf[0].String()
		p = p.Play(buf[0])
	}
	finished = map[uttt.Status]string{uttt.XWon: "X", uttt.OWon: "O", uttt.Draw: "draw"}[p.Status()] + finished
	for _, c := range []struct{ in, want string }{
		{"X 44 44\n", "g.txt:1:"},
		{strings.Repeat("\n", 3) + "draw 44\n", "g.txt:4: the result says \"draw\""},
		{"X " + strings.Repeat("4", maxGameLine) + "\n", "g.txt:1: line longer than"},
		{"X 44 | 1 2\n", "g.txt:1:"},
		{"", "g.txt: 0 games; want at least 10"},
		{"\x00\x00\x00", "g.txt:1: binary data, not training games: NUL byte at offset 0"},
		{"\n\nX 44 4\x005\n", "g.txt:3: binary data, not training games: NUL byte at offset 8"},
		{strings.Repeat("x", 60000) + " 44\n", `g.txt:1: the result says "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"..., the moves end`},
		{"X 44 " + strings.Repeat("4", 60000) + "\n", `g.txt:1: move 2: move "4444444444444444444444444444444444444444"...: want`},
		{finished + " | " + strings.Repeat("- ", strings.Count(finished, " ")-1) + strings.Repeat("7", 60000) + "x\n", `g.txt:1: score ` + strconv.Itoa(strings.Count(finished, " ")) + `: "7777777777777777777777777777777777777777"... is not`},
	} {
		_, err := ReadGames(strings.NewReader(c.in), "g.txt")
		if err == nil || !strings.Contains(err.Error(), c.want) || len(err.Error()) > 200 {
			t.Errorf("%.40q: error %v, want %q", c.in, err, c.want)
		}
	}
}
