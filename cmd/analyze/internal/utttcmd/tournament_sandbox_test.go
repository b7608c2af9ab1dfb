package utttcmd

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/boardlab/boardlab/engine/uttt/tournament"
	"github.com/boardlab/boardlab/sandbox"
)

// needBwrap skips a test where bubblewrap cannot run.
func needBwrap(t *testing.T) {
	t.Helper()
	if _, err := sandbox.New(sandbox.Sandbox{}); err != nil {
		t.Skipf("needs a working bubblewrap (Debian package bubblewrap): %v", err)
	}
}

var (
	errCrash     = errors.New("crashed")
	errViolation = fmt.Errorf("%w", sandbox.ErrViolation)
)

// Hostile bots: each attacks as X on the empty board and plays as a zoo bot otherwise.
func init() {
	hostile := map[string]fieldBot{
		// A fork bomb (each process forks two more and sleeps), bounded by the sandbox's
		// process limit, left running while the bot answers (or fails to start for want
		// of processes).
		"forkbomb": {ifStart + `bomb() { bomb & bomb & exec sleep 3131; }; bomb & fi; exec ZOO naive "$@"`, atStart("naive", "", errCrash)},
		// Double fork and setsid: a daemon left running after the answer.
		"daemon": {ifStart + `(setsid sleep 3131 &); fi; exec ZOO random "$@"`, atStart("random", "", errCrash)},
		// Writes outside its folder (the instructions, the opponent's data.txt, /etc),
		// then answers.
		"writer": {ifStart + `echo x >> instructions.txt; echo x >> random/data.txt; echo x > /etc/boardlab-tournament-test; fi; exec ZOO naive "$@"`,
			atStart("naive", "", errViolation)},
		// Reads another bot's data.txt, then answers.
		"reader": {ifStart + `cat random/data.txt >&2; fi; exec ZOO naive "$@"`, atStart("naive", "", errViolation)},
		// Kills its parent, or stops it, then answers.
		"killparent": {ifStart + `kill -TERM $PPID; sleep 1; fi; exec ZOO random "$@"`, atStart("random", "", errCrash)},
		"stopparent": {ifStart + `kill -STOP $PPID; fi; exec ZOO random "$@"`, atStart("random", "", tournament.ErrTimeout)},
		// Asks for 1.5 GB in one buffer: over the 1 GiB address space.
		"hog": {ifStart + `exec dd if=/dev/zero of=/dev/null bs=1500M count=1; fi; exec ZOO naive "$@"`, atStart("naive", "", errCrash)},
		// Stops itself.
		"stopper": {ifStart + `kill -STOP $$; fi; exec ZOO random "$@"`, atStart("random", "", tournament.ErrTimeout)},
	}
	for n, b := range hostile {
		bots[n] = b
	}
}

// mirrorResultsWith is mirrorResults with options, skipping the games of disqualified
// bots as the controller does.
func mirrorResultsWith(names []string, opts tournament.Options) string {
	botNames := make([]string, len(names))
	players := make([]tournament.Player, len(names))
	for i, n := range names {
		botNames[i] = n + "Bot"
		players[i] = mirrorPlayer(bots[n].mirror)
	}
	st, _, _ := tournament.PlayAll(context.Background(), players, botNames, 1, opts, nil, nil)
	var b bytes.Buffer
	st.Report(&b, 0)
	return stripTiming(b.String())
}

// outsideFolders is a digest of every file under dir outside the bots' folders, plus
// /etc's file names.
func outsideFolders(t *testing.T, dir string, names []string) map[string]string {
	t.Helper()
	m := map[string]string{}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		for _, n := range names {
			if p == filepath.Join(dir, n) {
				return filepath.SkipDir
			}
		}
		if d.Type().IsRegular() {
			b, _ := os.ReadFile(p)
			m[p] = fmt.Sprintf("%x", sha256.Sum256(b))
		} else {
			m[p] = d.Type().String()
		}
		return nil
	})
	ents, _ := os.ReadDir("/etc")
	for _, e := range ents {
		m["/etc/"+e.Name()] = "present"
	}
	return m
}

func sameFiles(t *testing.T, before, after map[string]string) {
	t.Helper()
	for p, h := range before {
		if after[p] != h {
			t.Errorf("%s changed", p)
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			t.Errorf("%s appeared", p)
		}
	}
}

// runHostile runs a sandboxed tournament of names and checks it ends with the exact
// report want (the in-process mirrors agree), exit 0, no process left and nothing
// written outside the bots' folders. Each field includes random, whose data.txt the
// writer and the reader go for.
func runHostile(t *testing.T, names []string, want string) {
	t.Helper()
	dir := writeField(t, names...)
	write(t, filepath.Join(dir, "random", "data.txt"), "random's notes\n", 0o644)
	before := outsideFolders(t, dir, names)
	start := time.Now()
	// The limit leaves valid turns (a shell and a Go binary starting in a sandbox) ample
	// time on a loaded machine; the stopped bots cost all of it.
	report, games := runField(t, dir, "5s", "-j", "2")
	t.Logf("%d bots, %d games in %v:\n%s", len(names), len(games), time.Since(start).Round(time.Millisecond), report)
	mirror, mreport := mirrorResults(names)
	logDifferences(t, games, mirror)
	sameGames(t, games, mirror)
	if report != stripTiming(mreport) {
		t.Fatalf("report:\n%s\nmirror:\n%s", report, mreport)
	}
	if report != want {
		t.Errorf("report:\n%s\nwant:\n%s", report, want)
	}
	for _, g := range games {
		for _, tu := range g.Turns {
			if g.XName == "writerBot" && tu.Side == "X" && tu.Invalid != "" && !strings.Contains(tu.Invalid, "Read-only file system") {
				t.Errorf("writer's invalid move: %q", tu.Invalid)
			}
		}
	}
	noLeftovers(t, dir)
	if slices.Contains(names, "forkbomb") || slices.Contains(names, "daemon") {
		noLeftovers(t, "sleep\x003131") // their sleepers, the only ones
	}
	sameFiles(t, before, outsideFolders(t, dir, names))
	if b, _ := os.ReadFile(filepath.Join(dir, "random", "data.txt")); string(b) != "random's notes\n" {
		t.Errorf("random/data.txt = %q", b)
	}
}

// logDifferences logs the first turn of each game where the external run and the
// mirror disagree on validity or move, with the reason the controller gave.
func logDifferences(t *testing.T, got, want []tournament.Result) {
	t.Helper()
	for i := range got {
		if i >= len(want) {
			return
		}
		g, w := got[i], want[i]
		for k := 0; k < len(g.Turns) && k < len(w.Turns); k++ {
			if g.Turns[k].Move != w.Turns[k].Move || (g.Turns[k].Invalid == "") != (w.Turns[k].Invalid == "") {
				t.Logf("game %d (%s X, %s O) turn %d: got %+v, mirror %+v", i+1, g.XName, g.OName, k+1, g.Turns[k], w.Turns[k])
				break
			}
		}
	}
}

// TestTournamentSandboxHostile plays the hostile bots in three small fields at once (a
// full field is TestTournamentSandboxDoneWhen): processes, files and memory, and the
// bots that stop and overrun the turn. It is skipped with -short.
func TestTournamentSandboxHostile(t *testing.T) {
	if testing.Short() {
		t.Skip("hundreds of sandboxed turns; TestTournamentInterrupted runs the sandbox with -short")
	}
	needBwrap(t)
	t.Parallel()
	for _, f := range []struct {
		name  string
		names []string
		want  string
	}{
		{"processes", []string{"random", "forkbomb", "daemon", "killparent"}, wantHostileProcesses},
		{"files", []string{"random", "writer", "reader", "hog"}, wantHostileFiles},
		{"overrun", []string{"random", "stopparent", "stopper"}, wantHostileOverrun},
	} {
		t.Run(f.name, func(t *testing.T) {
			t.Parallel()
			runHostile(t, f.names, f.want)
		})
	}
}

// TestTournamentSandboxDoneWhen is the "done when": the zoo plus every hostile
// bot in one tournament. It takes minutes on a loaded machine (110 games, each turn a
// sandbox): run it with UTTT_TOURNAMENT_FULL=1.
func TestTournamentSandboxDoneWhen(t *testing.T) {
	if os.Getenv("UTTT_TOURNAMENT_FULL") == "" {
		t.Skip("set UTTT_TOURNAMENT_FULL=1 to run the full hostile tournament (minutes)")
	}
	needBwrap(t)
	runHostile(t, []string{"random", "naive", "depth", "forkbomb", "daemon", "writer", "reader", "killparent", "stopparent", "hog", "stopper"}, wantHostileFull)
}

var wantHostileProcesses = `Bot 1, randomBot, has 0 wins and made 0 illegal moves, for a total of 0 points.
Bot 2, forkbombBot, has 6 wins and made 3 illegal moves, for a total of 865 points.
Bot 3, daemonBot, has 1 win and made 3 illegal moves, for a total of 128 points.
Bot 4, killparentBot, has 1 win and made 3 illegal moves, for a total of 128 points.
`

var wantHostileFiles = `Bot 1, randomBot, has 0 wins and made 0 illegal moves, for a total of 0 points.
Bot 2, writerBot, has 4 wins and made 3 illegal moves, for a total of 573 points.
Bot 3, readerBot, has 4 wins and made 3 illegal moves, for a total of 573 points.
Bot 4, hogBot, has 4 wins and made 3 illegal moves, for a total of 573 points.
`

var wantHostileOverrun = `Bot 1, randomBot, has 0 wins and made 0 illegal moves, for a total of 0 points.
Bot 2, stopparentBot, has 1 win and made 2 illegal moves, for a total of 129 points.
Bot 3, stopperBot, has 1 win and made 2 illegal moves, for a total of 129 points.
`

var wantHostileFull = `Bot 1, randomBot, has 0 wins and made 0 illegal moves, for a total of 0 points.
Bot 2, naiveBot, has 14 wins and made 0 illegal moves, for a total of 2063 points.
Bot 3, depthBot, has 16 wins and made 0 illegal moves, for a total of 2280 points.
Bot 4, forkbombBot, has 14 wins and made 10 illegal moves, for a total of 2044 points.
Bot 5, daemonBot, has 1 win and made 10 illegal moves, for a total of 121 points.
Bot 6, writerBot, has 14 wins and made 10 illegal moves, for a total of 2044 points.
Bot 7, readerBot, has 14 wins and made 10 illegal moves, for a total of 2044 points.
Bot 8, killparentBot, has 1 win and made 10 illegal moves, for a total of 121 points.
Bot 9, stopparentBot, has 1 win and made 10 illegal moves, for a total of 121 points.
Bot 10, hogBot, has 14 wins and made 10 illegal moves, for a total of 2044 points.
Bot 11, stopperBot, has 1 win and made 10 illegal moves, for a total of 121 points.
`

// TestTournamentDisqualify: with --disqualify the writer and the reader are removed at
// their first access outside their folder; the report says so and the exit status is 1.
func TestTournamentDisqualify(t *testing.T) {
	if testing.Short() {
		t.Skip("a sandboxed tournament of 12 games; tournament.TestPlayAllDisqualify checks the rule in-process")
	}
	needBwrap(t)
	t.Parallel()
	names := []string{"random", "writer", "naive", "reader"}
	dir := writeField(t, names...)
	var stdout, stderr bytes.Buffer
	log := filepath.Join(t.TempDir(), "games.jsonl")
	code := Run(context.Background(), []string{"tournament", "--time", "5s", "-j", "2", "--disqualify", "--log", log, dir}, nil, &stdout, &stderr)
	if code != 1 {
		t.Fatalf("exit %d, want 1; stderr:\n%s", code, stderr.String())
	}
	report := stripTiming(stdout.String())
	if want := mirrorResultsWith(names, tournament.Options{Disqualify: true}); report != want {
		t.Fatalf("report:\n%s\nmirror:\n%s", report, want)
	}
	if report != wantDisqualify {
		t.Errorf("report:\n%s\nwant:\n%s", report, wantDisqualify)
	}
	data, _ := os.ReadFile(log)
	if n := strings.Count(string(data), "\n"); n != 12 || strings.Count(string(data), `"result":"skipped"`) != 6 {
		t.Errorf("log: %d lines, want 12 with 6 skipped:\n%s", n, data)
	}
	noLeftovers(t, dir)
}

var wantDisqualify = `Bot 1, randomBot, has 2 wins and made 0 illegal moves, for a total of 362 points.
Bot 2, writerBot, has 1 win and made 1 illegal move, for a total of 134 points.
Bot 3, naiveBot, has 2 wins and made 0 illegal moves, for a total of 279 points.
Bot 4, readerBot, has 1 win and made 1 illegal move, for a total of 134 points.
Bot 2, writerBot, was disqualified in game 2, turn 1: tried to read or write outside its folder.
Bot 4, readerBot, was disqualified in game 6, turn 1: tried to read or write outside its folder.
`

func TestTournamentSandboxFlags(t *testing.T) {
	dir := writeField(t, "random")
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"--sandbox", "docker"}, 2, `--sandbox "docker": want bwrap or none`},
		{[]string{"--memory", "1"}, 2, "--memory 1: want 16MiB to 1PiB"},
		{[]string{"--memory", "8MiB"}, 2, "--memory 8MiB: want 16MiB to 1PiB"},
		{[]string{"--memory", "lots"}, 2, "a bare number (MiB)"},
		{[]string{"--memory", "2GiB", "--procs", "0"}, 2, "--procs 0: want 1.."}, // the size passes
		{[]string{"--memory-mb", "8"}, 2, "--memory 8: want 16MiB to 1PiB"},      // the old name still works
		{[]string{"--memory-mb=2GiB", "--procs", "0"}, 2, "--procs 0: want 1.."},
		{[]string{"--memry", "2GiB"}, 2, "did you mean --memory?"},
		{[]string{"--procs", "0"}, 2, "--procs 0: want 1.."},
	} {
		var stdout, stderr bytes.Buffer
		code := Run(context.Background(), append(append([]string{"tournament"}, c.args...), dir), nil, &stdout, &stderr)
		if code != c.code || !strings.Contains(stderr.String(), c.msg) {
			t.Errorf("%q: exit %d, stderr %q", c.args, code, stderr.String())
		}
	}
	var help bytes.Buffer
	Run(context.Background(), []string{"tournament", "-h"}, nil, &help, &help)
	if !strings.Contains(help.String(), "--memory SIZE") || strings.Contains(help.String(), "memory-mb") {
		t.Errorf("help shows the old name or lacks the new one:\n%s", help.String())
	}
	// Without bwrap in PATH, the default refuses to run (exit 2) and says why once.
	t.Setenv("PATH", t.TempDir())
	var stdout, stderr bytes.Buffer
	code := Run(context.Background(), []string{"tournament", dir}, nil, &stdout, &stderr)
	if code != 2 || !strings.Contains(stderr.String(), "bubblewrap (bwrap) not found") || !strings.Contains(stderr.String(), "--sandbox=none") || stdout.Len() != 0 {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
}
