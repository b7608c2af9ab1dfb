package utttcmd

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/sandbox"
)

// The controller finds each bot's program before any game: a missing one is an
// error (exit 1) and one the sandbox hides a warning naming --expose.
func TestTournamentPrograms(t *testing.T) {
	needBwrap(t)
	dir, elsewhere := t.TempDir(), t.TempDir()
	hidden := filepath.Join(elsewhere, "bot.sh")
	write(t, hidden, "#!/bin/sh\nexit 1\n", 0o755)
	write(t, filepath.Join(dir, "instructions.txt"), "2\nnopeBot\n./nope/bot.sh\nhidBot\n"+hidden+"\n", 0o644)
	code, _, stderr := runCmd(context.Background(), "tournament", "--time", "2s", dir)
	real, _ := filepath.EvalSymlinks(dir)
	sb, err := sandbox.New(sandbox.Sandbox{})
	if err != nil {
		t.Fatal(err)
	}
	hides := sb.Hidden(hidden, real) // /tmp, unless TMPDIR is elsewhere
	wants := []string{
		"analyze uttt tournament: " + filepath.Join(real, "instructions.txt") + ":3: bot 1 (nopeBot): exec: \"" + filepath.Join(real, "nope", "bot.sh") + "\": stat " + filepath.Join(real, "nope", "bot.sh") + ": no such file or directory; its every turn is an invalid move\n",
	}
	if hides != "" {
		wants = append(wants, "analyze uttt tournament: "+filepath.Join(real, "instructions.txt")+":5: bot 2 (hidBot): its program "+hidden+" is under "+hides+", which the sandbox hides: it runs what the sandbox's PATH finds instead, or fails; --expose a directory to show it\n")
	}
	for _, want := range wants {
		if !strings.Contains(stderr, want) {
			t.Errorf("missing %q in\n%s", want, stderr)
		}
	}
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
}
