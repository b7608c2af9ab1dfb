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

// TestSearchHashUnits: --hash takes a size with a unit; a bare number is MiB as before.
func TestSearchHashUnits(t *testing.T) {
	for _, h := range []string{"2", "2MiB", "3MB", "64MiB"} {
		if out, errOut, code := engineRun(runSearch, "--hash", h, "--depth", "2"); code != 0 || !strings.Contains(out, "depth  2") {
			t.Errorf("--hash %s: exit %d, stdout %q, stderr %q", h, code, out, errOut)
		}
	}
	for _, h := range []string{"512KiB", "0", "65GiB", "lots"} {
		if out, errOut, code := engineRun(runSearch, "--hash", h, "--depth", "2"); code != 2 || out != "" || !strings.Contains(errOut, "--hash") {
			t.Errorf("--hash %s: exit %d, stdout %q, stderr %q", h, code, out, errOut)
		}
	}
	// The help goes where the flag set writes (the dispatcher points it at stdout).
	if out, errOut, code := engineRun(runSearch, "-h"); code != 0 || !strings.Contains(out+errOut, "--hash SIZE") || !strings.Contains(out+errOut, "(default 32MiB)") {
		t.Errorf("-h: exit %d, %q", code, out+errOut)
	}
}
