package utttcmd

import (
	"strings"
	"testing"
)

// TestSearchHashTooLarge: a table larger than the machine is refused before it is
// allocated, with exit 2 and the sizes named.
func TestSearchHashTooLarge(t *testing.T) {
	out, errOut, code := engineRun(runSearch, "--hash", "65536", "--depth", "2")
	if code != 2 || out != "" || !strings.Contains(errOut, "--hash 65536: the transposition table needs ") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
