package main

import (
	"strings"
	"testing"
)

// TestBatchJobOutput: batch's report names the scratch directory $WORK, as the jobs'
// command lines do (it is gone when batch ends), and every line a job writes on stderr
// says which job wrote it.
func TestBatchJobOutput(t *testing.T) {
	plan := "goban gen --kind spec --out $WORK/s/\ngoban score $WORK/s\nqttt perft 2\n"
	out, errOut, code := analyze(t, plan, "batch", "-")
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	if !strings.Contains(out, "\n$WORK/s/1-9x9.txt\tW+6\n") || strings.Contains(out+errOut, "boardlab-batch-") {
		t.Errorf("stdout names the scratch directory other than $WORK:\n%s%s", out, errOut)
	}
	for _, line := range strings.Split(strings.TrimSuffix(errOut, "\n"), "\n") {
		if !strings.HasPrefix(line, "[1/3] ") && !strings.HasPrefix(line, "[2/3] ") && !strings.HasPrefix(line, "[3/3] ") {
			t.Errorf("stderr line %q does not say which job wrote it", line)
		}
	}
	if !strings.Contains(errOut, "[3/3] perft 2: ") {
		t.Errorf("stderr lacks qttt perft's line:\n%s", errOut)
	}
}
