package main

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// fullWriter is standard output on a full disk (/dev/full): every write fails, after
// the first ok bytes.
type fullWriter struct{ ok int }

func (w *fullWriter) Write(p []byte) (int, error) {
	if len(p) <= w.ok {
		w.ok -= len(p)
		return len(p), nil
	}
	n := w.ok
	w.ok = 0
	return n, &fs.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.ENOSPC}
}

// TestLostOutput: every command whose standard output cannot be written reports the
// write error once, naming itself, and exits 1 instead of 0.
func TestLostOutput(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	board := write("b.txt", "- - -\n- - O\n- - -\n")
	base := filepath.Join(dir, "cat")
	write("cat.0-of-2", "a\n")
	write("cat.1-of-2", "b\n")
	games := filepath.Join(dir, "games.jsonl")
	if _, errOut, code := analyze(t, "", "uttt", "selfplay", "--a", "random", "--b", "random", "--count", "2", "--out", games); code != 0 {
		t.Fatalf("selfplay --out: %d %s", code, errOut)
	}
	session := "settings your_botid 1\nupdate game field " + strings.Repeat("0,", 80) + "0\nupdate game macroboard -1,-1,-1,-1,-1,-1,-1,-1,-1\naction move 1000\n"
	cases := []struct {
		name  string // the command the message names ("" for analyze itself)
		stdin string
		args  []string
	}{
		{"", "", []string{"-h"}},
		{"version", "", []string{"-v"}},
		{"help", "", []string{"help"}},
		{"help", "", []string{"help", "shard"}},
		{"help", "", []string{"help", "uttt", "search"}},
		{"version", "", []string{"version"}},
		{"version", "", []string{"version", "--json", "-v"}},
		{"batch", "", []string{"batch", "--list"}},
		{"batch", "version\n", []string{"batch", "-"}},
		{"merge", "", []string{"merge", base}},
		{"goban score", "", []string{"goban", "score", board}},
		{"goban draw", "", []string{"goban", "draw", board}},
		{"goban gen", "", []string{"goban", "gen", "--size", "3"}},
		{"wythoff move", "", []string{"wythoff", "move", "3", "5"}},
		{"wythoff move", "3 5\n", []string{"wythoff", "move"}},
		{"wythoff table", "", []string{"wythoff", "table", "10"}},
		{"wythoff grundy", "", []string{"wythoff", "grundy", "10"}},
		{"qttt score", "CF DE CF 1 BH DH BG AH DE 8 II 9\t1 0\n", []string{"qttt", "score"}},
		{"qttt perft", "", []string{"qttt", "perft", "3"}},
		{"qttt solve", "", []string{"qttt", "solve", "--all", "AI", "AC", "AC", "3"}},
		{"qttt random", "", []string{"qttt", "random", "--count", "2"}},
		{"qttt show", "", []string{"qttt", "show", "CF DE CF 1"}},
		{"uttt perft", "", []string{"uttt", "perft", "3"}},
		{"uttt perft", "", []string{"uttt", "perft", "--divide", "2"}},
		{"uttt search", "", []string{"uttt", "search", "--depth", "3"}},
		{"uttt search", "", []string{"uttt", "search", "--depth", "3", "--json"}},
		{"uttt bot", "", []string{"uttt", "bot", "--time", "100ms", "O", "---------", "---------", "---------", "--------X", "---------", "---------", "---------", "---------", "---------", "---------", "38"}},
		{"uttt engine", session, []string{"uttt", "engine"}},
		{"uttt tune", "", []string{"uttt", "tune", "-h"}},
		{"uttt train", "", []string{"uttt", "train", "-h"}},
		{"uttt show", "", []string{"uttt", "show", "44"}},
		{"uttt tournament", "", []string{"uttt", "tournament", "-h"}},
		{"uttt selfplay", "", []string{"uttt", "selfplay", "--a", "random", "--b", "random", "--count", "2"}},
		{"uttt selfplay", "", []string{"uttt", "selfplay", "--a", "random", "--b", "random", "--count", "2", "--json"}},
		{"uttt report", "", []string{"uttt", "report", games}},
		{"uttt review", "44 40 04 41\n", []string{"uttt", "review", "--nodes", "200", "-"}},
	}
	covered := map[string]bool{}
	for _, c := range cases {
		covered[c.name] = true
		for _, ok := range []int{0, 2} {
			old := stdin
			stdin = strings.NewReader(c.stdin)
			var e bytes.Buffer
			code := run(context.Background(), c.args, &fullWriter{ok: ok}, &e)
			stdin = old
			// The message names the command; a command that reports the error itself
			// may name the input too ("analyze goban draw: b.txt: picture: writing ..."),
			// never an empty name ("analyze goban gen: : writing ...").
			prefix := "analyze " + c.name + ": "
			if c.name == "" {
				prefix = "analyze: "
			}
			found := false
			for _, line := range strings.Split(e.String(), "\n") {
				found = found || strings.HasPrefix(line, prefix) && strings.HasSuffix(line, "writing stdout: no space left on device")
			}
			if code != 1 || strings.Count(e.String(), "writing stdout") != 1 || !found || strings.Contains(e.String(), ": : ") {
				t.Errorf("%q (%d bytes written): exit %d, want 1 and one \"%s...writing stdout: no space left on device\"; stderr:\n%s", c.args, ok, code, prefix, e.String())
			}
		}
	}
	// Every command of every group is in the table.
	for _, g := range groups {
		out, _, _ := analyze(t, "", g.name, "help")
		_, list, _ := strings.Cut(out, "commands:\n")
		for _, line := range strings.Split(list, "\n") {
			if f := strings.Fields(line); strings.HasPrefix(line, "  ") && len(f) > 0 && !covered[g.name+" "+f[0]] {
				t.Errorf("%s %s: not in the table", g.name, f[0])
			}
		}
	}
}
