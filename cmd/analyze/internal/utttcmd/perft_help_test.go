package utttcmd

import (
	"strings"
	"testing"
)

// perft's D is a depth, and 0 is one: the help says so and what it prints for it.
func TestPerftHelpDepth(t *testing.T) {
	out, errOut, code := engineRun(runPerft, "-h")
	out += errOut // where the help goes depends on how the flag set was made
	help := strings.Join(strings.Fields(out), " ")
	if code != 0 || !strings.Contains(help, "D, a depth from 0 to 81") || !strings.Contains(help, `"0 1" for D = 0`) {
		t.Errorf("perft -h (exit %d) does not say D is a depth from 0:\n%s", code, out)
	}
	if out, _, code := engineRun(runPerft, "0"); code != 0 || out != "0 1\n" {
		t.Errorf("perft 0: exit %d, %q", code, out)
	}
}
