package machine

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestCheckAllocProcessLimit runs this test binary again under a 2 GiB RLIMIT_AS (set
// in the child only): there the limit is among the bounds, a 4 GiB allocation is
// refused, naming the limit unless the machine itself has less room, and MemoryLimit
// is at most 2 GiB (less on a machine with less memory).
func TestCheckAllocProcessLimit(t *testing.T) {
	if os.Getenv("MEMCHECK_CHILD") == "1" {
		var as *MemoryBound
		tightest := true
		bounds := MemoryBounds()
		for i, b := range bounds {
			if strings.Contains(b.Name, "RLIMIT_AS") {
				as = &bounds[i]
			}
		}
		if as == nil || as.Limit != 2<<30 {
			t.Fatalf("under a 2 GiB limit: bounds %+v", bounds)
		}
		for _, b := range bounds {
			tightest = tightest && b.Free >= as.Free
		}
		err := CheckAlloc(4 << 30)
		if err == nil || tightest && (!strings.Contains(err.Error(), "RLIMIT_AS") || !strings.Contains(err.Error(), "2 GiB")) {
			t.Fatalf("under a 2 GiB limit: %v (bounds %+v)", err, bounds)
		}
		if l := MemoryLimit(); l > 2<<30 {
			t.Fatalf("under a 2 GiB limit: MemoryLimit() = %d", l)
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
