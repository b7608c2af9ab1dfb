package utttcmd

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/tournament"
	bwrap "github.com/boardlab/boardlab/sandbox"
)

// cgRun runs the engine in codingame mode on input.
func cgRun(input string, args ...string) (stdout, stderr string, code int) {
	var o, e bytes.Buffer
	args = append([]string{"--protocol", "codingame", "--first-time", "60ms", "--turn-time", "40ms", "--hash", "4"}, args...)
	code = runEngine(context.Background(), args, strings.NewReader(input), &o, &e)
	return o.String(), e.String(), code
}

func TestCodinGameEngineTurns(t *testing.T) {
	p := uttt.Start()
	first := tournament.CGInput(&p)
	out, errOut, code := cgRun(first, "--message")
	f := strings.Fields(out)
	if code != 0 || len(f) != 4 || errOut != "" || !strings.HasPrefix(f[2], "d") {
		t.Fatalf("first turn: code %d, out %q, err %q", code, out, errOut)
	}
	// A whole game against a first-legal-move opponent, the engine as O, turn by turn:
	// every answer is legal in the game as the judge sees it, and nothing is reported.
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var e bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- runEngine(context.Background(), []string{"--protocol", "codingame", "--first-time", "60ms", "--turn-time", "30ms", "--hash", "4"}, inR, outW, &e)
		outW.Close()
	}()
	answers := bufio.NewReader(outR)
	p = uttt.Start()
	var buf [81]uttt.Move
	for p.Status() == uttt.Ongoing {
		if p.Side() == uttt.X {
			p.Moves(&buf)
			p = p.Play(buf[0])
			continue
		}
		io.WriteString(inW, tournament.CGInput(&p))
		line, err := answers.ReadString('\n')
		if err != nil {
			t.Fatalf("no answer: %v; stderr %q", err, e.String())
		}
		m, _, err := tournament.ParseCGAnswer(line)
		mv, _ := uttt.ParseMove(m)
		if err != nil || !p.IsLegal(mv) {
			t.Fatalf("answer %q is not legal (%v)", line, err)
		}
		p = p.Play(mv)
	}
	inW.Close()
	if code := <-done; code != 0 || e.String() != "" {
		t.Errorf("after the game: code %d, stderr %q", code, e.String())
	}
	// Given actions that disagree with the move generation: said on stderr, and one of
	// them is played.
	out, errOut, code = cgRun("-1 -1\n1\n4 4\n")
	if code != 0 || out != "4 4\n" || !strings.Contains(errOut, "line 3: the 1 valid actions given disagree with my 81 legal moves") {
		t.Errorf("disagreeing actions: code %d, out %q, err %q", code, out, errOut)
	}
	// Malformed lines are named; the turn is still answered.
	for _, c := range []struct{ in, err string }{
		{"x y\n81\n" + first[len("-1 -1\n81\n"):], "line 1: opponent move: \"x y\""},
		{"-1 -1\nmany\n", "line 2: validActionCount \"many\""},
		{"-1 -1\n2\n4 4\n9 9\n", "line 4: valid action 2 of 2: \"9 9\""},
		{"-1 -1\n3\n4 4\n", "input ends after 1 of 3 valid actions"},
		{"-1 -1\n1\n4 4\n4 4\n1\n0 0\n", "line 4: opponent move 4 4 is illegal in the game as I follow it (tile 4 of board 4 is taken (by X))"},
	} {
		out, errOut, code := cgRun(c.in)
		if code != 1 || !strings.Contains(errOut, c.err) {
			t.Errorf("%q: code %d, out %q, err %q (want %q)", c.in, code, out, errOut, c.err)
		}
	}
	if _, errOut, code := cgRun("", "--turn-time", "5ms"); code != 2 || !strings.Contains(errOut, "margin") {
		t.Errorf("tiny budget: code %d, err %q", code, errOut)
	}
}

// writeCGField writes a tournament directory with a Python CodinGame bot, the engine
// in codingame mode and the naive zoo bot.
func writeCGField(t *testing.T) string {
	t.Helper()
	if _, err := os.Stat("/usr/bin/python3"); err != nil {
		t.Skip("needs /usr/bin/python3")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "bin"), 0o755)
	if err := linkOrCopy(exe, filepath.Join(dir, "bin", "analyze")); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("../../../../engine/uttt/tournament/testdata/cgbot.py")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"py", "eng"} {
		os.Mkdir(filepath.Join(dir, d), 0o755)
		write(t, filepath.Join(dir, d, "data.txt"), "", 0o644)
	}
	write(t, filepath.Join(dir, "py", "cgbot.py"), string(src), 0o755)
	write(t, filepath.Join(dir, "eng", "run.sh"), "#!/bin/sh\nexec ./bin/analyze -analyze engine --protocol codingame --hash 8 --turn-time 60ms --first-time 200ms --message\n", 0o755)
	write(t, filepath.Join(dir, "instructions.txt"),
		"3\npy\ncg: /usr/bin/python3 ./py/cgbot.py random\nengine\ncg:./eng/run.sh\nnaive\n./bin/analyze -analyze bot --engine naive\n", 0o644)
	return dir
}

func TestTournamentCodinGameBots(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games with external processes")
	}
	t.Parallel()
	dir := writeCGField(t)
	sandbox := "bwrap"
	if _, err := bwrap.New(bwrap.Sandbox{}); err != nil {
		sandbox = "none"
	}
	log := filepath.Join(t.TempDir(), "games.jsonl")
	var o, e bytes.Buffer
	code := runTournament(context.Background(), []string{"--sandbox", sandbox, "--cg-time", "1s", "--cg-first-time", "5s",
		"--time", "5s", "--tiebreak", "boards", "--log", log, dir}, nil, &o, &e)
	if code != 0 {
		t.Fatalf("code %d\n%s\n%s", code, o.String(), e.String())
	}
	// The protocol, not strength: neither CodinGame bot makes an invalid move.
	for _, bot := range []string{"Bot 1, py, has", "Bot 2, engine, has"} {
		if i := strings.Index(o.String(), bot); i < 0 || !strings.Contains(strings.SplitN(o.String()[i:], "\n", 2)[0], "made 0 illegal moves") {
			t.Errorf("%s...: report:\n%s", bot, o.String())
		}
	}
	f, err := os.Open(log)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	games, pyMsgs, engMsgs := 0, 0, 0
	for sc.Scan() {
		var r tournament.Result
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		games++
		for _, tn := range r.Turns {
			switch {
			case strings.HasPrefix(tn.Message, "random turn "):
				pyMsgs++
			case strings.HasPrefix(tn.Message, "d"):
				engMsgs++
			}
			if tn.Invalid != "" {
				t.Errorf("game %d: invalid turn %+v", r.Game, tn)
			}
		}
	}
	if games != 6 || pyMsgs == 0 || engMsgs == 0 {
		t.Errorf("%d games, %d messages of py, %d of the engine", games, pyMsgs, engMsgs)
	}
}

func TestSelfplayCodinGameBot(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games with external processes")
	}
	dir := writeCGField(t)
	sandbox := "bwrap"
	if _, err := bwrap.New(bwrap.Sandbox{}); err != nil {
		sandbox = "none"
	}
	t.Chdir(dir)
	out := filepath.Join(t.TempDir(), "games.jsonl")
	run := func(args ...string) (string, string, int) {
		var o, e bytes.Buffer
		code := runSelfplay(context.Background(), append([]string{"--sandbox", sandbox, "--cg-time", "2s", "--cg-first-time", "5s", "-j", "2"}, args...), nil, &o, &e)
		return o.String(), e.String(), code
	}
	// The engine in codingame mode against the Python bot, with the tie-break.
	o, e, code := run("--a", "cg:./eng/run.sh", "--b", "cg:/usr/bin/python3 ./py/cgbot.py random", "--count", "4",
		"--tiebreak", "boards", "--out", out, "--verbose")
	if code != 0 || !strings.Contains(o, "games        4 (") || !strings.Contains(o, "tiebreak boards") || strings.Contains(e, "forfeits") {
		t.Fatalf("code %d\n%s\n%s", code, o, e)
	}
	if !strings.Contains(e, `message "d`) || !strings.Contains(e, `message "random turn`) {
		t.Errorf("--verbose shows no messages:\n%s", e)
	}
	data, _ := os.ReadFile(out)
	if n := strings.Count(string(data), `"tiebreak":"boards"`); n != 4 {
		t.Errorf("%d lines with the tie-break:\n%s", n, data)
	}
	// A crash forfeits the game, said on stderr and in --out.
	out2 := filepath.Join(t.TempDir(), "crash.jsonl")
	o, e, code = run("--a", "cg:/usr/bin/python3 ./py/cgbot.py crash 2", "--b", "naive", "--count", "2", "--out", out2)
	if code != 0 || !strings.Contains(o, "a W/D/L      0 / 0 / 2") || !strings.Contains(e, "game 0, turn 2 of cg:/usr/bin/python3 ./py/cgbot.py crash 2: crashed") {
		t.Fatalf("crash: code %d\n%s\n%s", code, o, e)
	}
	data, _ = os.ReadFile(out2)
	if strings.Count(string(data), `"forfeit":true`) != 2 {
		t.Errorf("forfeits not marked:\n%s", data)
	}
	// A bad spec is named.
	if _, e, code := run("--a", "cg:./nosuch", "--b", "naive"); code != 2 || !strings.Contains(e, `--a: bot "cg:./nosuch"`) {
		t.Errorf("bad spec: code %d, %s", code, e)
	}
}
