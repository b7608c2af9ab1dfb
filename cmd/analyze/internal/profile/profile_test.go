package profile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestStart(t *testing.T) {
	dir := t.TempDir()
	cpu, mem := filepath.Join(dir, "cpu.pprof"), filepath.Join(dir, "mem.pprof")
	stop, err := Start(cpu, mem)
	if err != nil {
		t.Fatal(err)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{cpu, mem} {
		if fi, err := os.Stat(p); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v, %v", p, fi, err)
		}
	}
	if _, err := Start(filepath.Join(dir, "no", "cpu.pprof"), ""); err == nil || !strings.HasPrefix(err.Error(), "--cpuprofile: ") {
		t.Errorf("missing folder: %v", err)
	}
	stop, err = Start("", filepath.Join(dir, "no", "mem.pprof"))
	if err != nil {
		t.Fatal(err)
	}
	if err := stop(); err == nil || !strings.HasPrefix(err.Error(), "--memprofile "+filepath.Join(dir, "no", "mem.pprof")+": ") {
		t.Errorf("missing folder: %v", err)
	}
	stop, _ = Start("", "")
	if err := stop(); err != nil {
		t.Errorf("no profiles: %v", err)
	}
}

// TestWriteErrors: a profile whose writes fail (a full disk) is an error of the stop
// function naming the flag, the file and the cause.
func TestWriteErrors(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	for _, c := range []struct{ cpu, mem, flag string }{{"/dev/full", "", "--cpuprofile"}, {"", "/dev/full", "--memprofile"}} {
		stop, err := Start(c.cpu, c.mem)
		if err != nil {
			t.Fatal(err)
		}
		if err := stop(); err == nil || !strings.Contains(err.Error(), c.flag+" /dev/full: no space left on device") {
			t.Errorf("%s /dev/full: %v", c.flag, err)
		}
	}
}
