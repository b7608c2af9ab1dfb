package utttcmd

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/tournament"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
)

// TestParseBotCG: cg:COMMAND is split as a shell would, its program looked up and a
// relative path made absolute against the current directory.
func TestParseBotCG(t *testing.T) {
	b, err := parseBot("--a", "depth:2", true)
	if err != nil || b.String() != "depth:2" {
		t.Fatalf("zoo spec: %v, %v", b, err)
	}
	if _, err := parseBot("--a", "cg:./nosuch", true); err == nil || !strings.Contains(err.Error(), `--a: bot "cg:./nosuch"`) {
		t.Errorf("missing program: %v", err)
	}
	if _, err := parseBot("--a", "cg:", true); err == nil || !strings.Contains(err.Error(), "want cg:COMMAND") {
		t.Errorf("empty command: %v", err)
	}
	if _, err := parseBot("--engine", "cg:./bot.sh", false); err == nil || !strings.HasPrefix(err.Error(), "--engine cg:./bot.sh: want a bot that plays one turn") {
		t.Errorf("cg: where one turn is played: %v", err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "bot.sh"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	b, err = parseBot("--b", "cg:./bot.sh 'fast mode'", true)
	if err != nil {
		t.Fatal(err)
	}
	c, ok := b.(*tournament.CGBot)
	if !ok || !tournament.HasCG(zoo.Naive{}, b) || c.String() != "cg:./bot.sh 'fast mode'" {
		t.Fatalf("cg bot: %#v", b)
	}
	if real, _ := filepath.EvalSymlinks(dir); c.Player.Argv[0] != filepath.Join(dir, "bot.sh") && c.Player.Argv[0] != filepath.Join(real, "bot.sh") || c.Player.Argv[1] != "fast mode" {
		t.Errorf("argv %q: want the program made absolute and the quotes removed", c.Player.Argv)
	}
}

// TestOneBotGrammar: uttt bot --engine and selfplay --a take the same BOTs, list them
// with the same text, and refuse an old spelling naming the new one.
func TestOneBotGrammar(t *testing.T) {
	fields := strings.Fields(seedExample)
	p, _ := uttt.ParseProtocol(fields)
	for _, spec := range []string{"engine", "engine:d3", "engine:n500", "engine:50ms", "engine-v1:d2", "depth", "depth:7", "naive", "random", "engine:d2,contempt=5"} {
		out, errOut, code := engineRun(runBot, append([]string{"--time", "300ms", "--engine", spec}, fields...)...)
		m, err := uttt.ParseMove(strings.TrimSpace(out))
		if code != 0 || err != nil || !p.IsLegal(m) {
			t.Errorf("bot --engine %s: exit %d, stdout %q, stderr %q", spec, code, out, errOut)
		}
		if b, err := parseBot("--a", spec, true); err != nil || b.String() != spec && spec != "depth" && spec != "engine" {
			t.Errorf("selfplay --a %s: %v, %v", spec, b, err)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{append([]string{"bot", "--engine", "main"}, fields...), "analyze uttt bot: --engine main: renamed; write engine\n"},
		{[]string{"selfplay", "--a", "main", "--b", "random"}, "analyze uttt selfplay: --a main: renamed; write engine\n"},
		{append([]string{"bot", "--engine", "nosuch"}, fields...), `analyze uttt bot: --engine: unknown bot "nosuch"`},
	} {
		code, out, errOut := runCmd(context.Background(), c.args...)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, c.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
	_, botHelpOut, _ := runCmd(context.Background(), "bot", "-h")
	_, selfplayHelp, _ := runCmd(context.Background(), "selfplay", "-h")
	for name, help := range map[string]string{"bot": botHelpOut, "selfplay": selfplayHelp} {
		if !strings.Contains(help, botHelp) {
			t.Errorf("%s -h does not list the bot grammar", name)
		}
	}
}

// TestReadBots: a tournament's commands are split as a shell would, relative program
// paths made absolute against DIR; a bad quote names the file and line.
func TestReadBots(t *testing.T) {
	dir := t.TempDir()
	write := func(s string) {
		if err := os.WriteFile(filepath.Join(dir, "instructions.txt"), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("2\na\npython3 'my bot.py' x\nb\ncg: ./b/run \"1 2\"\n")
	bots, err := readBots(context.Background(), dir)
	if err != nil || len(bots) != 2 {
		t.Fatalf("%+v, %v", bots, err)
	}
	if a := bots[0].Argv; len(a) != 3 || a[0] != "python3" || a[1] != "my bot.py" {
		t.Errorf("bot a: argv %q", a)
	}
	if b := bots[1]; !b.CodinGame || len(b.Argv) != 2 || b.Argv[0] != filepath.Join(dir, "b", "run") || b.Argv[1] != "1 2" {
		t.Errorf("bot b: %+v", b)
	}
	write("1\na\n'x\n")
	if _, err := readBots(context.Background(), dir); err == nil || !strings.HasPrefix(err.Error(), filepath.Join(dir, "instructions.txt")+":3: command of bot 1 (a): unterminated single quote") {
		t.Errorf("bad quote: %v", err)
	}
}
