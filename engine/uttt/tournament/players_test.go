package tournament

import (
	"errors"
	"strings"
	"testing"
)

// NewPlayers reports a program the caller could not find as missing, in the caller's
// words, and finds no program itself: without Programs it reports nothing.
func TestNewPlayersPrograms(t *testing.T) {
	bots := []Bot{{Name: "a", Argv: []string{"no-such-program-x"}, Line: 1}, {Name: "b", Argv: []string{"/bin/b"}, Line: 2}}
	_, problems := NewPlayers(bots, Setup{Dir: "/d", Shown: "d"})
	if len(problems) != 0 {
		t.Errorf("without Programs: %+v, want no problems", problems)
	}
	progs := []Program{{Err: errors.New("not found")}, {Path: "/bin/b"}}
	players, problems := NewPlayers(bots, Setup{Dir: "/d", Shown: "d", Programs: progs})
	want := "/d/instructions.txt:1: bot 1 (a): not found; its every turn is an invalid move"
	if len(players) != 2 || len(problems) != 1 || problems[0].Text != want || !problems[0].Missing || problems[0].Hidden != "" {
		t.Errorf("a missing program: %+v, want one problem %q", problems, want)
	}
	for _, p := range problems {
		if strings.Contains(p.Text, "--") {
			t.Errorf("%q names a flag", p.Text)
		}
	}
}
