package wythoffcmd

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/internal/machine"
)

// TestGrundyMemoryLimit lowers this process's own RLIMIT_DATA (ulimit -d) to 2 GiB
// (or what it already uses plus 1 GiB, if that is more) and asks for the 32768 x 32768 table, 2.5 GiB: it is refused with
// exit 2 and a message naming the limit (or a tighter one: a machine with less memory
// available), before anything is allocated or written, and a smaller table in the same
// process still works.
func TestGrundyMemoryLimit(t *testing.T) {
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_DATA, &old); err != nil {
		t.Skip("no RLIMIT_DATA here")
	}
	status, _ := os.ReadFile("/proc/self/status")
	var vmData int64
	for _, l := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(l, "VmData:"); ok {
			var kb int64
			if _, err := fmt.Sscan(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), &kb); err == nil {
				vmData = kb << 10
			}
		}
	}
	limit := max(uint64(2<<30), uint64(vmData)+1<<30)
	if limit > old.Max {
		t.Skipf("hard RLIMIT_DATA %d below the test's %d", old.Max, limit)
	}
	if limit >= 5<<29 {
		t.Skipf("process already uses %d bytes of data", vmData)
	}
	if err := syscall.Setrlimit(syscall.RLIMIT_DATA, &syscall.Rlimit{Cur: limit, Max: old.Max}); err != nil {
		t.Skip("cannot set RLIMIT_DATA:", err)
	}
	defer syscall.Setrlimit(syscall.RLIMIT_DATA, &old)
	dir := t.TempDir()
	tightest := true
	bounds := machine.MemoryBounds()
	for _, b := range bounds {
		if !strings.Contains(b.Name, "RLIMIT_DATA") && b.Free < int64(limit)-vmData {
			tightest = false
		}
	}
	_, errOut, code := run(t, "", "grundy", "--format", "binary", "--out", filepath.Join(dir, "g.bin"), "32768")
	if code != cli.ExitUsage || tightest && !strings.Contains(errOut, "RLIMIT_DATA") || !strings.Contains(errOut, "needs about 2.") {
		t.Fatalf("code %d, stderr %q (bounds %+v)", code, errOut, bounds)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("left %v", ents)
	}
	if out, errOut, code := run(t, "", "grundy", "--format", "csv", "3"); code != 0 || out != "0,1,2\n1,2,0\n2,0,1\n" {
		t.Fatalf("small table under the limit: code %d %q %q", code, out, errOut)
	}
}
