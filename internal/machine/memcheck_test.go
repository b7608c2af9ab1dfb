package machine

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

func TestCheckAlloc(t *testing.T) {
	if err := CheckAlloc(1 << 20); err != nil {
		t.Fatalf("1 MiB refused: %v", err)
	}
	err := CheckAlloc(1 << 50)
	if err == nil || !strings.Contains(err.Error(), "needs 1 PiB") {
		t.Fatalf("1 PiB: %v", err)
	}
	if _, serr := os.Stat("/proc/meminfo"); serr == nil && !strings.Contains(err.Error(), "the machine has") {
		t.Errorf("1 PiB: %v, want the machine's memory named", err)
	}
	if formatSize(64<<30) != "64 GiB" || formatSize(1536<<20) != "1.5 GiB" || formatSize(100) != "100 B" {
		t.Errorf("formatSize: %s %s %s", formatSize(64<<30), formatSize(1536<<20), formatSize(100))
	}
}

// TestCheckAllocProcessLimit runs this test binary again under a 2 GiB RLIMIT_AS (set
// in the child only): there a 4 GiB allocation is refused, naming the limit.
func TestCheckAllocProcessLimit(t *testing.T) {
	if os.Getenv("MEMCHECK_CHILD") == "1" {
		err := CheckAlloc(4 << 30)
		if err == nil || !strings.Contains(err.Error(), "RLIMIT_AS (ulimit -v) is 2 GiB") {
			t.Fatalf("under a 2 GiB limit: %v", err)
		}
		return
	}
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc here")
	}
	// Lower the limit for the child only, through a shell's ulimit.
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	cmd := exec.Command(sh, "-c", `ulimit -v 2097152 && exec "$0" -test.run='^TestCheckAllocProcessLimit$'`, os.Args[0])
	cmd.Env = append(os.Environ(), "MEMCHECK_CHILD=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
}
