package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutputFolderMissing: every flag that names an output file or directory is
// checked before any work: a missing folder is a command-line error (exit 2) naming
// the flag and the folder, with nothing on stdout and no file made.
func TestOutputFolderMissing(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txt")
	os.WriteFile(good, []byte("..B\n.BW\nBW.\n"), 0o644)
	nope := filepath.Join(dir, "nope")
	for _, c := range []struct {
		flag string
		args []string
	}{
		{"--out", []string{"goban", "draw", "--out", nope + "/d.svg", good}},
		{"--out", []string{"goban", "draw", "--out", nope + "/pics/", good, good}},
		{"--svg", []string{"goban", "score", "--svg", nope + "/svgs", good}},
		{"--out", []string{"goban", "gen", "--out", nope + "/g.txt"}},
		{"--out", []string{"goban", "gen", "--count", "3", "--out", nope + "/boards/"}},
		{"--out", []string{"goban", "score", "--out", nope + "/s.txt", good}},
		{"--log", []string{"uttt", "tournament", "--log", nope + "/l.log", dir}},
		{"--save-games", []string{"uttt", "tune", "--count", "2", "--save-games", nope + "/g.txt"}},
		{"--board-table", []string{"uttt", "tune", "--count", "2", "--board-table", nope + "/t.bin"}},
		{"--out", []string{"uttt", "tune", "--count", "2", "--out", nope + "/w.txt"}},
		{"--out", []string{"uttt", "train", "--load-games", good, "--out", nope + "/n.bin"}},
		{"--plot", []string{"uttt", "selfplay", "-a", "random", "-b", "random", "--count", "2", "--plot", nope + "/p.svg"}},
		{"--svg", []string{"uttt", "review", "--svg", nope + "/r", good}},
		{"--out", []string{"uttt", "show", "--out", nope + "/s.txt"}},
		{"--out", []string{"qttt", "random", "--out", nope + "/q.txt", "--count", "10"}},
		{"--out", []string{"wythoff", "table", "--out", nope + "/t.txt", "10"}},
		{"--out", []string{"merge", "--out", nope + "/m.txt", good}},
		{"--cpuprofile", []string{"--cpuprofile", nope + "/c.pprof", "qttt", "random", "--count", "10"}},
		{"--memprofile", []string{"--memprofile", nope + "/m.pprof", "qttt", "random", "--count", "10"}},
	} {
		out, errOut, code := analyze(t, "", c.args...)
		if code != 2 || out != "" || !strings.Contains(errOut, c.flag+" "+nope) || !strings.Contains(errOut, "directory "+nope+" does not exist") {
			t.Errorf("%q: exit %d, stdout %.60q, stderr %q; want exit 2 naming %s and the missing folder", c.args, code, out, errOut, c.flag)
		}
	}
	if _, err := os.Stat(nope); err == nil {
		t.Errorf("%s was created", nope)
	}
	// A directory output whose parent exists is created; a file where a directory is
	// wanted is refused.
	pics := filepath.Join(dir, "pics")
	if _, errOut, code := analyze(t, "", "goban", "score", "--svg", pics, good); code != 0 {
		t.Errorf("--svg into a new folder: exit %d, %q", code, errOut)
	}
	if _, errOut, code := analyze(t, "", "goban", "score", "--svg", good, good); code != 2 || !strings.Contains(errOut, "not a directory") {
		t.Errorf("--svg naming a file: exit %d, %q", code, errOut)
	}
}

// TestProfileWriteFails: a profile that cannot be written whole (a full disk) is
// reported naming the flag, and the run does not end with status 0.
func TestProfileWriteFails(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	for _, flag := range []string{"--cpuprofile", "--memprofile"} {
		out, errOut, code := analyze(t, "", flag, "/dev/full", "wythoff", "move", "3", "5")
		if code != 1 || out == "" || !strings.Contains(errOut, "analyze: "+flag+" /dev/full: no space left on device") {
			t.Errorf("%s /dev/full: exit %d, stdout %q, stderr %q", flag, code, out, errOut)
		}
	}
}

// TestSlurmMinUnusable: an unusable $SLURM_ARRAY_TASK_MIN is a command-line error
// naming the variable, as docs/cli.md says of every scheduler variable.
func TestSlurmMinUnusable(t *testing.T) {
	t.Setenv("SLURM_ARRAY_TASK_ID", "1")
	t.Setenv("SLURM_ARRAY_TASK_COUNT", "2")
	t.Setenv("SLURM_ARRAY_TASK_MIN", "abc")
	out, errOut, code := analyze(t, "", "wythoff", "table", "10")
	if code != 2 || out != "" || !strings.Contains(errOut, `$SLURM_ARRAY_TASK_MIN="abc"`) {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
