package utttcmd

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/boardlab/boardlab/engine/uttt/tournament"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
)

// TestMain lets the test binary act as "analyze uttt" when its first argument is
// -analyze, so tournaments run the zoo bots as external commands through the real
// "bot --engine NAME" command without building the analyze binary.
func TestMain(m *testing.M) {
	if len(os.Args) >= 2 && os.Args[1] == "-analyze" {
		os.Exit(Run(context.Background(), os.Args[2:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// startPosition is the condition "X to move on the empty board" written as the shell's
// view of the arguments "$1 $2$3...${10}".
var startPosition = "X " + strings.Repeat("-", 81)

// fieldBot is one bot of a test tournament: how it runs as a script and how it behaves
// in-process (the mirror the external run must agree with).
type fieldBot struct {
	script string // body of a shell script; ZOO stands for the zoo-bot command prefix
	mirror func(args []string) (string, error)
}

func zooMirror(spec string) func([]string) (string, error) {
	b, err := zoo.Parse(spec)
	if err != nil {
		panic(err)
	}
	return func(args []string) (string, error) {
		return zoo.Player{Bot: b}.Answer(context.Background(), args)
	}
}

// atStart answers out, err as X on the empty board and plays as the zoo bot spec
// otherwise.
func atStart(spec, out string, err error) func([]string) (string, error) {
	bot := zooMirror(spec)
	return func(args []string) (string, error) {
		if args[0]+" "+strings.Join(args[1:10], "") == startPosition {
			return out, err
		}
		return bot(args)
	}
}

// ifOneTile opens a shell case taken as O when the only tile taken is an X.
var ifOneTile = `case "$1$2$3$4$5$6$7$8$9${10}" in O*[XO0]*[XO0]*) ;; O*X*) `

// atOneTile answers out, err as O when the only tile taken is an X, and plays as the
// zoo bot spec otherwise.
func atOneTile(spec, out string, err error) func([]string) (string, error) {
	bot := zooMirror(spec)
	return func(args []string) (string, error) {
		if b := strings.Join(args[1:10], ""); args[0] == "O" && strings.Count(b, "-") == 80 && strings.Contains(b, "X") {
			return out, err
		}
		return bot(args)
	}
}

// ifStart opens a shell if-block taken as X on the empty board.
var ifStart = `if [ "$1 $2$3$4$5$6$7$8$9${10}" = "` + startPosition + `" ]; then `

var bots = map[string]fieldBot{
	"random": {`exec ZOO random "$@"`, zooMirror("random")},
	"naive":  {`exec ZOO naive "$@"`, zooMirror("naive")},
	"depth":  {`exec ZOO depth:2 "$@"`, zooMirror("depth:2")},
	// Always invalid: a crash, and an illegal move (the opponent's last move, or 99).
	"crash": {`exit 1`, func([]string) (string, error) { return "", errors.New("crashed") }},
	"illegal": {`if [ "${12}" = xx ]; then echo 99; else echo "${12}"; fi`, func(args []string) (string, error) {
		if args[11] == "xx" {
			return "99", nil
		}
		return args[11], nil // that tile is taken
	}},
	// Invalid as O answering X's opening (one X tile taken), a zoo bot otherwise.
	"garbage": {ifOneTile + `echo hello world; exit;; esac; exec ZOO naive "$@"`, atOneTile("naive", "hello world\n", nil)},
	"flood": {ifOneTile + `while :; do echo 44444444444444444444; done;; esac; exec ZOO depth:1 "$@"`,
		atOneTile("depth:1", "", tournament.ErrFlood)},
	// Invalid as X on the empty board, a zoo bot otherwise.
	"hang":      {ifStart + `sleep 30; fi; exec ZOO naive "$@"`, atStart("naive", "", tournament.ErrTimeout)},
	"late":      {ifStart + `sleep 30; fi; exec ZOO depth:1 "$@"`, atStart("depth:1", "", tournament.ErrTimeout)},
	"childhang": {ifStart + `"$(dirname "$0")/sleeper.sh" & sleep 30; fi; exec ZOO random "$@"`, atStart("random", "", tournament.ErrTimeout)},
	// Valid moves, but leaves a sleeping child behind that holds its stdout.
	"child": {`"$(dirname "$0")/sleeper.sh" & exec ZOO random "$@"`, zooMirror("random")},
}

// writeField writes a tournament directory: one folder per bot with its script and a
// data.txt, a sleeper for bots that leave children behind, and instructions.txt.
func writeField(t *testing.T, names ...string) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	// The zoo runs from DIR/bin/analyze (the test binary, linked or copied there), as a
	// tournament directory would hold it, so the sandbox's view of DIR has it.
	os.Mkdir(filepath.Join(dir, "bin"), 0o755)
	if err := linkOrCopy(exe, filepath.Join(dir, "bin", "analyze")); err != nil {
		t.Fatal(err)
	}
	var ins strings.Builder
	fmt.Fprintf(&ins, "%d\n", len(names))
	for _, n := range names {
		b := bots[n]
		os.MkdirAll(filepath.Join(dir, n), 0o755)
		body := strings.ReplaceAll(b.script, "ZOO", "./bin/analyze -analyze bot --engine")
		write(t, filepath.Join(dir, n, "bot.sh"), "#!/bin/sh\n"+body+"\n", 0o755)
		write(t, filepath.Join(dir, n, "sleeper.sh"), "#!/bin/sh\nsleep 30\n", 0o755)
		write(t, filepath.Join(dir, n, "data.txt"), "", 0o644)
		fmt.Fprintf(&ins, "%sBot\n./%s/bot.sh\n", n, n)
	}
	write(t, filepath.Join(dir, "instructions.txt"), ins.String(), 0o644)
	return dir
}

// linkOrCopy makes dst a hard link to src, or a copy where links cannot be made.
func linkOrCopy(src, dst string) error {
	if os.Link(src, dst) == nil {
		return nil
	}
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, b, 0o755)
}

func write(t *testing.T, path, s string, mode os.FileMode) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), mode); err != nil {
		t.Fatal(err)
	}
}

type mirrorPlayer func([]string) (string, error)

func (f mirrorPlayer) Answer(_ context.Context, args []string) (string, error) { return f(args) }

// mirrorResults plays the tournament in-process with the mirrors, serially.
func mirrorResults(names []string) ([]tournament.Result, string) {
	var rs []tournament.Result
	botNames := make([]string, len(names))
	for i, n := range names {
		botNames[i] = n + "Bot"
	}
	st := tournament.NewStandings(botNames)
	for i, p := range tournament.Pairings(len(names)) {
		r, _ := tournament.Play(context.Background(), mirrorPlayer(bots[names[p[0]]].mirror), mirrorPlayer(bots[names[p[1]]].mirror))
		r.Game, r.X, r.O = i+1, p[0]+1, p[1]+1
		st.Add(&r)
		rs = append(rs, r)
	}
	var b bytes.Buffer
	st.Report(&b, 0)
	return rs, b.String()
}

var timingLine = regexp.MustCompile(`^With \d+ bots, this program took \d+\.\d{3} seconds to finish\.$`)

// runField runs the tournament command and returns its report without the timing line
// (checked for its form) and the logged games.
func runField(t *testing.T, dir, limit string, args ...string) (string, []tournament.Result) {
	t.Helper()
	log := filepath.Join(t.TempDir(), "games.jsonl")
	var stdout, stderr bytes.Buffer
	args = append(append([]string{"tournament", "--time", limit, "--log", log}, args...), dir)
	if code := Run(context.Background(), args, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if last := lines[len(lines)-1]; !timingLine.MatchString(last) {
		t.Fatalf("timing line %q", last)
	}
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	var rs []tournament.Result
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var r tournament.Result
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("log line %q: %v", l, err)
		}
		rs = append(rs, r)
	}
	return strings.Join(lines[:len(lines)-1], "\n") + "\n", rs
}

// sameGames compares logged games with the mirror's, ignoring how invalid answers read.
func sameGames(t *testing.T, got, want []tournament.Result) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d games logged, want %d", len(got), len(want))
	}
	for i := range got {
		g, w := got[i], want[i]
		if g.Game != w.Game || g.X != w.X || g.O != w.O || g.Result != w.Result || g.Points != w.Points || g.Invalid != w.Invalid || len(g.Turns) != len(w.Turns) {
			t.Fatalf("game %d: got %s %d-%d %v %v %v (%d turns), mirror %s %d-%d %v %v %v (%d turns)", i+1,
				g.Result, g.X, g.O, g.Points, g.Invalid, g.Turns, len(g.Turns), w.Result, w.X, w.O, w.Points, w.Invalid, w.Turns, len(w.Turns))
		}
		for k := range g.Turns {
			if g.Turns[k].Move != w.Turns[k].Move || (g.Turns[k].Invalid == "") != (w.Turns[k].Invalid == "") {
				t.Fatalf("game %d turn %d: got %+v, mirror %+v", i+1, k+1, g.Turns[k], w.Turns[k])
			}
		}
	}
}

func stripTiming(report string) string {
	i := strings.LastIndex(strings.TrimSuffix(report, "\n"), "\n")
	return report[:i+1]
}

// noLeftovers fails if a process whose command line holds marker (a directory the
// bots started from, or a command of theirs) is still running 30 s after the run: a
// killed process on a loaded machine may take a moment to go.
func noLeftovers(t *testing.T, marker string) {
	t.Helper()
	left := func() (found []string) {
		ents, _ := os.ReadDir("/proc")
		for _, e := range ents {
			b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
			if err == nil && strings.Contains(string(b), marker) {
				found = append(found, fmt.Sprintf("%s %q", e.Name(), strings.ReplaceAll(string(b), "\x00", " ")))
			}
		}
		return found
	}
	deadline := time.Now().Add(30 * time.Second)
	for len(left()) > 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	for _, p := range left() {
		t.Errorf("process left behind: %s", p)
	}
}

// TestTournamentZooAndFastMisbehavers plays the zoo and the misbehavers that answer at
// once as external commands and checks the games against the in-process mirrors. The
// full field (56 games, thousands of process starts) runs in the full suite; -short
// plays every misbehaver in two small fields instead.
func TestTournamentZooAndFastMisbehavers(t *testing.T) {
	t.Parallel()
	fields := [][]string{{"random", "naive", "depth", "crash", "illegal", "garbage", "flood", "child"}}
	if testing.Short() {
		fields = [][]string{{"crash", "garbage", "flood"}, {"illegal", "child"}}
	}
	for _, names := range fields {
		dir := writeField(t, names...)
		// No bot here waits for the limit: it only has to leave valid turns (a shell and a
		// Go binary starting) ample time on a loaded machine.
		report, games := runField(t, dir, "10s", "-j", "2", "--sandbox=none")
		mirror, mreport := mirrorResults(names)
		sameGames(t, games, mirror)
		if report != stripTiming(mreport) {
			t.Fatalf("%q: report:\n%s\nmirror:\n%s", names, report, mreport)
		}
		if len(names) == 8 && report != wantFast {
			t.Errorf("report:\n%s\nwant:\n%s", report, wantFast)
		}
		noLeftovers(t, dir)
	}
}

func TestTournamentSlowMisbehaversParallel(t *testing.T) {
	if testing.Short() {
		t.Skip("timeouts take a few seconds")
	}
	t.Parallel()
	names := []string{"random", "late", "childhang"}
	dir := writeField(t, names...)
	// The limit leaves valid turns (a shell and a Go binary starting) seconds to spare even
	// on a loaded machine; the late and hanging bots sleep 26 s past it.
	serial, games := runField(t, dir, "4s", "-j", "1", "--sandbox=none")
	parallel, _ := runField(t, dir, "4s", "-j", "2", "--sandbox=none")
	mirror, mreport := mirrorResults(names)
	sameGames(t, games, mirror)
	if serial != parallel || serial != stripTiming(mreport) {
		t.Fatalf("-j 1:\n%s\n-j 2:\n%s\nmirror:\n%s", serial, parallel, mreport)
	}
	if serial != wantSlow {
		t.Errorf("report:\n%s\nwant:\n%s", serial, wantSlow)
	}
	noLeftovers(t, dir)
}

// The expected report lines for the fields above (the mirrors agree; the games are
// functions of the arguments because zoo bots seed their choices from the position).
var wantFast = `Bot 1, randomBot, has 5 wins and made 0 illegal moves, for a total of 707 points.
Bot 2, naiveBot, has 8 wins and made 0 illegal moves, for a total of 1196 points.
Bot 3, depthBot, has 14 wins and made 0 illegal moves, for a total of 2101 points.
Bot 4, crashBot, has 0 wins and made 544 illegal moves, for a total of -564 points.
Bot 5, illegalBot, has 0 wins and made 544 illegal moves, for a total of -564 points.
Bot 6, garbageBot, has 10 wins and made 5 illegal moves, for a total of 1507 points.
Bot 7, floodBot, has 12 wins and made 5 illegal moves, for a total of 1808 points.
Bot 8, childBot, has 5 wins and made 0 illegal moves, for a total of 707 points.
`

var wantSlow = `Bot 1, randomBot, has 0 wins and made 0 illegal moves, for a total of 0 points.
Bot 2, lateBot, has 4 wins and made 2 illegal moves, for a total of 565 points.
Bot 3, childhangBot, has 1 win and made 2 illegal moves, for a total of 129 points.
`

// TestPlayTournamentParallelInProcess runs the orchestration with in-process mirrors on
// four workers (cheap enough for the race detector) and compares with a serial run.
func TestPlayTournamentParallelInProcess(t *testing.T) {
	names := []string{"random", "naive", "depth", "crash", "illegal", "garbage", "flood", "child"}
	players := make([]tournament.Player, len(names))
	botNames := make([]string, len(names))
	for i, n := range names {
		players[i] = mirrorPlayer(bots[n].mirror)
		botNames[i] = n + "Bot"
	}
	var log bytes.Buffer
	st, played, err := tournament.PlayAll(context.Background(), players, botNames, 4, tournament.Options{}, &log, nil)
	if err != nil || played != len(names)*(len(names)-1) {
		t.Fatalf("played %d, %v", played, err)
	}
	var b bytes.Buffer
	st.Report(&b, 0)
	_, want := mirrorResults(names)
	if b.String() != want || stripTiming(want) != wantFast {
		t.Fatalf("parallel:\n%s\nserial:\n%s", b.String(), want)
	}
	if n := strings.Count(log.String(), "\n"); n != played {
		t.Fatalf("%d log lines for %d games", n, played)
	}
}
