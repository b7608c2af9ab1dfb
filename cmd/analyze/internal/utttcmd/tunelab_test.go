package utttcmd

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestTuneTree runs "tune tree" on a few short searches: the defaults' line, then one
// per candidate, a candidate that changes the tree reported as such, and the same
// counts with one job as with two.
func TestTuneTree(t *testing.T) {
	args := []string{"tune", "tree", "--count", "3", "--plies", "12,20", "--depth", "6", "--set", "se-depth=0,lmr-grow=0", "--set", "weights=v1"}
	code, out, errOut := runCmd(context.Background(), append(args, "--jobs", "2")...)
	if code != 0 {
		t.Fatalf("code %d: %s", code, errOut)
	}
	re := regexp.MustCompile(`^\d+ positions to depth 6\ndefault +\d+ nodes, \d+ proven\nse-depth=0,lmr-grow=0 +\d+ nodes \([+-]\d+\.\d%\), \d+ proven\nweights=v1 +\d+ nodes \([+-]\d+\.\d%\), \d+ proven\n$`)
	if !re.MatchString(out) {
		t.Fatalf("output:\n%s", out)
	}
	if strings.Contains(out, "(+0.0%)") {
		t.Errorf("a candidate searched the default tree:\n%s", out)
	}
	if _, one, _ := runCmd(context.Background(), append(args, "--jobs", "1")...); one != out {
		t.Errorf("one job:\n%s\ntwo:\n%s", one, out)
	}
}

// TestTuneMatch plays a short match: a score out of the games, the same with one job
// as with two.
func TestTuneMatch(t *testing.T) {
	args := []string{"tune", "match", "--count", "4", "--nodes", "300", "--set", "rfp-depth=0"}
	code, out, errOut := runCmd(context.Background(), append(args, "--jobs", "2")...)
	if code != 0 || !regexp.MustCompile(`^rfp-depth=0 +\d+(\.5|\.0) / 4 \(\d+\.\d%\)\n$`).MatchString(out) {
		t.Fatalf("code %d, output %q, stderr %s", code, out, errOut)
	}
	if _, one, _ := runCmd(context.Background(), append(args, "--jobs", "1")...); one != out {
		t.Errorf("one job %q, two %q", one, out)
	}
}

func TestTuneLabUsage(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "w.txt")
	os.WriteFile(bad, []byte("line 1\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"tune", "match"}, "no candidate"},
		{[]string{"tune", "match", "--set", "bogus=1"}, `unknown setting "bogus"`},
		{[]string{"tune", "match", "--set", "se-depth=x"}, "se-depth=\"x\": want a number"},
		{[]string{"tune", "match", "--set", "outlook"}, "want NAME=VALUE"},
		{[]string{"tune", "match", "--set", "outlook=maybe"}, "want true or false"},
		{[]string{"tune", "match", "--set", "weights=" + bad}, "1 of 19 weights given"},
		{[]string{"tune", "match", "--set", "outlook=false", "--count", "3"}, "want an even number"},
		{[]string{"tune", "match", "--set", "outlook=false", "--count", "0"}, "analyze uttt tune match: --count 0: want an even number, 2..1000000\n"},
		{[]string{"tune", "match", "--set", "outlook=false", "--count", "99999999999"}, "--count 99999999999: want an even number, 2..1000000"},
		{[]string{"tune", "tree", "--count", "0"}, "analyze uttt tune tree: --count 0: want 1..1000000\n"},
		{[]string{"tune", "tree", "--plies", "12,x"}, "--plies"},
		{[]string{"tune", "tree", "--depth", "0"}, "--depth 0"},
		{[]string{"tune", "tree", "extra"}, `unexpected argument "extra"`},
	} {
		code, _, errOut := runCmd(context.Background(), c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: code %d, stderr %q, want %q", c.args, code, errOut, c.want)
		}
	}
}
