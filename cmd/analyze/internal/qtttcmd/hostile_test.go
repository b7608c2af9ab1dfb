package qtttcmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
)

// TestHostileInputs runs inputs that once spun forever, were refused or got a
// misleading message: each gets a clear message naming what and where, the documented
// exit status, and the good inputs of the same run are still processed.
func TestHostileInputs(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txt")
	os.WriteFile(good, []byte("CE BD EG FH CG 1\n"), 0o644)
	nul := filepath.Join(dir, "nul.txt")
	os.WriteFile(nul, []byte("AB BE\nAB\x00CD\nAB\n"), 0o644)
	bom := filepath.Join(dir, "bom.txt")
	os.WriteFile(bom, []byte("\xef\xbb\xbfAB BE\nCE BD EG FH CG 1\n"), 0o644)
	cases := []struct {
		name  string
		stdin string
		args  []string
		code  int
		out   string   // stdout, exactly
		msgs  []string // in stderr, in order
	}{
		{"endless NUL bytes stop at byte 0", "AB\n", []string{"score", "/dev/zero", "-", good}, cli.ExitFail, "0 0\n1 0\n",
			[]string{"/dev/zero: binary data, not game records: NUL byte at offset 0"}},
		{"a NUL byte ends its file", "", []string{"score", nul, good}, cli.ExitFail, "0 0\n1 0\n",
			[]string{nul + ": binary data, not game records: NUL byte at offset 8"}},
		{"a NUL byte on stdin", "AB\n\x00AB\n", []string{"score", "-", good}, cli.ExitFail, "0 0\n1 0\n",
			[]string{"stdin: binary data, not game records: NUL byte at offset 3"}},
		{"a leading byte order mark is skipped", "", []string{"score", bom, good}, cli.ExitOK, "0 0\n1 0\n1 0\n", nil},
		{"a byte order mark on stdin", "\xef\xbb\xbfAB\n", []string{"score", "--json"}, cli.ExitOK, "", nil},
		{"a byte order mark after line 1 is no record", "AB\n\xef\xbb\xbfAB\n", []string{"score"}, cli.ExitFail, "0 0\n",
			[]string{"stdin:2: "}},
		{"solve --tt -1", "", []string{"solve", "--tt", "-1"}, cli.ExitUsage, "",
			[]string{"analyze qttt solve: --tt -1: want 16KiB to 16GiB (a bare number is MiB: 1 to 16384)\n"}},
		{"perft --tt -1", "", []string{"perft", "--tt", "-1", "2"}, cli.ExitUsage, "",
			[]string{"analyze qttt perft: --tt -1: want 0 (no table) or 24KiB to 24GiB (a bare number is MiB: 1 to 24576)\n"}},
		{"perft --tt 99999", "", []string{"perft", "--tt", "99999", "2"}, cli.ExitUsage, "",
			[]string{"analyze qttt perft: --tt 99999: want 0 (no table) or 24KiB to 24GiB (a bare number is MiB: 1 to 24576)\n"}},
		{"perft --tt 1KiB", "", []string{"perft", "--tt", "1KiB", "2"}, cli.ExitUsage, "",
			[]string{"analyze qttt perft: --tt 1KiB: want 0 (no table) or 24KiB to 24GiB (a bare number is MiB: 1 to 24576)\n"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if strings.Contains(strings.Join(c.args, " "), "/dev/zero") {
				if _, err := os.Stat("/dev/zero"); err != nil {
					t.Skip("no /dev/zero")
				}
			}
			out, errs, code := run(t, c.stdin, c.args...)
			if code != c.code {
				t.Errorf("exit %d, want %d; stderr %q", code, c.code, errs)
			}
			if c.args[len(c.args)-1] == "--json" {
				if !strings.Contains(out, `"record":"AB"`) {
					t.Errorf("stdout %q, want the record AB without the mark", out)
				}
			} else if out != c.out {
				t.Errorf("stdout %q, want %q", out, c.out)
			}
			rest := errs
			for _, m := range c.msgs {
				i := strings.Index(rest, m)
				if i < 0 {
					t.Fatalf("stderr %q lacks %q", errs, m)
				}
				rest = rest[i+len(m):]
			}
			if c.msgs == nil && errs != "" {
				t.Errorf("stderr %q, want nothing", errs)
			}
			if strings.Contains(errs, "2^-1") || strings.Contains(errs, "ï") {
				t.Errorf("stderr %q", errs)
			}
		})
	}
}
