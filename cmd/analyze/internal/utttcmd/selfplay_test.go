package utttcmd

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

func runCmd(ctx context.Context, args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := Run(ctx, args, nil, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func TestSelfplayUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"selfplay", "--b", "random"}, "--a and --b are required"},
		{[]string{"selfplay", "--a", "rnd", "--b", "random"}, `--a: unknown bot "rnd"`},
		{[]string{"selfplay", "--a", "random", "--b", "depth:0"}, "--b: bot \"depth:0\": want depth:N"},
		{[]string{"selfplay", "--a", "random", "--b", "naive", "--count", "0"}, "--count 0: want 1 or more"},
		{[]string{"selfplay", "--a", "random", "--b", "naive", "--sprt", "5,0"}, "--sprt: want two numbers ELO0 < ELO1"},
		{[]string{"selfplay", "--a", "random", "--b", "naive", "extra"}, `unexpected argument "extra"`},
		{[]string{"tournament"}, "want one DIR"},
		{[]string{"tournament", "--time", "0s", "x"}, "--time 0s: want a positive duration"},
	} {
		code, _, stderr := runCmd(context.Background(), c.args...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", c.args, code, stderr, c.want)
		}
	}
	code, stdout, _ := runCmd(context.Background(), "selfplay", "-h") // help goes to stdout
	if code != 0 || !strings.Contains(stdout, "engine[:BUDGET]") || !strings.Contains(stdout, selfplayUsage) {
		t.Errorf("-h: exit %d, %q", code, stdout)
	}
}

var selfplayReport = regexp.MustCompile(`^games        400 \(a = naive, b = random, openings 4 plies, seed 1\)
a W/D/L      \d+ / \d+ / \d+
a score      \d+\.\d\d%
a elo        \+\d+\.\d, 95% interval \[\+\d+\.\d, \+\d+\.\d\], LOS 100\.0%
a pairs      200 \(a's points 0/0\.5/1/1\.5/2: \d+/\d+/\d+/\d+/\d+\): elo \+\d+\.\d, 95% interval \[\+\d+\.\d, \+\d+\.\d\]
first player X won \d+, O won \d+, drawn \d+: X scores \d+\.\d\d%, elo [-+]\d+\.\d \[[-+]\d+\.\d, [-+]\d+\.\d\]
mean length  \d+\.\d plies
$`)

func TestSelfplayReportAndResume(t *testing.T) {
	args := []string{"selfplay", "--a", "naive", "--b", "random", "--count", "400", "--seed", "1", "-j", "2"}
	code, full, stderr := runCmd(context.Background(), args...)
	if code != 0 || !selfplayReport.MatchString(full) {
		t.Fatalf("exit %d, stdout:\n%s\nstderr: %s", code, full, stderr)
	}
	// Interrupted with --out, then run again: the same report, each game once.
	out := filepath.Join(t.TempDir(), "games.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	code, _, stderr = runCmd(ctx, append(args, "--out", out)...)
	if code != 130 || !strings.Contains(stderr, "run the same command again") {
		t.Fatalf("cancelled run: exit %d, %q", code, stderr)
	}
	// Keep the first 150 lines and tear the 151st, as a crash mid-write would.
	code, _, _ = runCmd(context.Background(), append(args, "--out", out)...)
	data, _ := os.ReadFile(out)
	lines := strings.SplitAfter(string(data), "\n")
	os.WriteFile(out, []byte(strings.Join(lines[:150], "")+lines[150][:20]), 0o644)
	code, resumed, stderr := runCmd(context.Background(), append(args, "--out", out)...)
	if code != 0 || resumed != full || !strings.Contains(stderr, "holds 150 finished games") {
		t.Fatalf("resumed: exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, stderr, resumed, full)
	}
	data, _ = os.ReadFile(out)
	seen := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		key := regexp.MustCompile(`"game":\d+`).FindString(l)
		if key == "" || seen[key] {
			t.Fatalf("bad or duplicate line %q", l)
		}
		seen[key] = true
	}
	if len(seen) != 400 {
		t.Fatalf("%d games in the file", len(seen))
	}
	// Another match's file is refused.
	code, _, stderr = runCmd(context.Background(), "selfplay", "--a", "random", "--b", "naive", "--out", out)
	if code != 1 || !strings.Contains(stderr, "another match") {
		t.Fatalf("other match: exit %d, %q", code, stderr)
	}
}

func TestSelfplaySPRT(t *testing.T) {
	code, stdout, stderr := runCmd(context.Background(), "selfplay", "--a", "naive", "--b", "random", "--count", "2000", "--sprt", "0,50")
	if code != 0 || !regexp.MustCompile(`(?m)^sprt         H1 accepted \(elo0 0, elo1 50, alpha 0.05, beta 0.05\): LLR 2\.\d\d, bounds \[-2\.94, 2\.94\]$`).MatchString(stdout) {
		t.Fatalf("exit %d, stdout:\n%s\nstderr: %s", code, stdout, stderr)
	}
	if strings.HasPrefix(stdout, "games        2000") {
		t.Fatalf("the SPRT did not stop early:\n%s", stdout)
	}
	code, stdout, _ = runCmd(context.Background(), "selfplay", "--a", "naive", "--b", "random", "--count", "2000", "--sprt", "0,50", "--json")
	var j struct {
		Games int      `json:"games"`
		W     int      `json:"w"`
		SPRT  string   `json:"sprt"`
		Elo   *float64 `json:"elo"`
	}
	if err := json.Unmarshal([]byte(stdout), &j); code != 0 || err != nil || j.SPRT != "H1" || j.Games >= 2000 || j.Elo == nil || *j.Elo < 100 {
		t.Fatalf("--json: exit %d, %v, %q", code, err, stdout)
	}
}

func TestTournamentBadInput(t *testing.T) {
	needBwrap(t) // the default sandbox
	t.Parallel()
	dir := t.TempDir()
	write(t, filepath.Join(dir, "instructions.txt"), "2\na\n./a.sh\nb\n", 0o644)
	code, stdout, stderr := runCmd(context.Background(), "tournament", dir)
	if code != 1 || stdout != "" || !strings.Contains(stderr, "instructions.txt:4: file ends before the command of bot 2 (b)") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	// A missing program is reported, and the tournament still runs: its turns are invalid.
	// Each of its 500 turns starts a sandbox; -short runs them unsandboxed.
	write(t, filepath.Join(dir, "instructions.txt"), "2\ncrash\n'./no such bot'\ncrash2\n./nope\n", 0o644)
	args := []string{"tournament", "--time", "1s"}
	if testing.Short() {
		args = append(args, "--sandbox=none")
	}
	code, stdout, stderr = runCmd(context.Background(), append(args, dir)...)
	if code != 1 || !strings.Contains(stderr, "instructions.txt:3: bot 1 (crash)") || !strings.Contains(stderr, "instructions.txt:5: bot 2 (crash2)") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	want := "Bot 1, crash, has 0 wins and made 250 illegal moves, for a total of -270 points.\nBot 2, crash2, has 0 wins and made 250 illegal moves, for a total of -270 points.\n"
	if !strings.HasPrefix(stdout, want) {
		t.Fatalf("stdout:\n%s\nwant:\n%s", stdout, want)
	}
}

func TestTournamentInterrupted(t *testing.T) {
	needBwrap(t) // the default sandbox
	dir := writeField(t, "random", "naive", "depth")
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	code, stdout, stderr := runCmd(ctx, "tournament", "-j", "2", dir)
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if code != 130 || len(lines) != 4 || !strings.HasPrefix(lines[0], "Bot 1, randomBot, has ") ||
		!regexp.MustCompile(`interrupted after \d of 6 games; the report covers those`).MatchString(stderr) {
		t.Fatalf("exit %d, stdout:\n%s\nstderr: %s", code, stdout, stderr)
	}
	noLeftovers(t, dir)
}

// TestSelfplayVerbose: --verbose prints every game on stderr, with the moves of its
// --out line and the final position drawn, and leaves the report on stdout as it is.
func TestSelfplayVerbose(t *testing.T) {
	out := filepath.Join(t.TempDir(), "g.jsonl")
	args := []string{"selfplay", "--a", "naive", "--b", "random", "--count", "6", "-j", "2"}
	_, plain, _ := runCmd(context.Background(), args...)
	code, stdout, stderr := runCmd(context.Background(), append(args, "--verbose", "--out", out)...)
	if code != 0 || stdout != plain {
		t.Fatalf("exit %d, stdout with --verbose:\n%s\nwithout:\n%s", code, stdout, plain)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var g struct {
			Game   int
			Moves  string
			Result string
			Plies  int
		}
		if err := json.Unmarshal([]byte(line), &g); err != nil {
			t.Fatal(err)
		}
		x, o := "a naive", "b random"
		if g.Game%2 == 1 {
			x, o = o, x
		}
		result := map[string]string{"X": "X won", "O": "O won", "draw": "drawn"}[g.Result]
		head := fmt.Sprintf("game %d: X %s, O %s: %s in %d plies", g.Game, x, o, result, g.Plies)
		if !strings.Contains(stderr, head) || !strings.Contains(stderr, "moves: "+g.Moves+"\n") {
			t.Errorf("stderr lacks %q and its moves %q:\n%s", head, g.Moves, stderr)
		}
	}
	if n := strings.Count(stderr, "game over: "); n != 6 || !strings.Contains(stderr, "+-------+-------+-------+") {
		t.Errorf("want 6 drawn final positions, got %d:\n%s", n, stderr)
	}
	// Resumed games are not printed again.
	_, _, stderr = runCmd(context.Background(), append(args, "--verbose", "--out", out)...)
	if strings.Contains(stderr, "game 0:") {
		t.Errorf("a resumed game was printed again:\n%s", stderr)
	}
}
