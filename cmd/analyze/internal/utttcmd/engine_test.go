package utttcmd

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/uttt"
)

// runCmd runs an engine command in-process.
func engineRun(f cli.RunFunc, args ...string) (stdout, stderr string, code int) {
	var o, e bytes.Buffer
	code = f(context.Background(), args, strings.NewReader(""), &o, &e)
	return o.String(), e.String(), code
}

func engineLastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

const seedExample = "O --------- --------- --------- --------X --------- --------- --------- --------- --------- --------- 38"

func TestPerftCommand(t *testing.T) {
	for _, c := range []struct {
		args []string
		last string
		code int
		err  string
	}{
		{[]string{"5"}, "5 473256", 0, ""},
		{[]string{"0"}, "0 1", 0, ""},
		{[]string{"--divide", "3"}, "3 6336", 0, ""},
		{[]string{"-j", "2", "4"}, "4 55080", 0, ""},
		{[]string{"2", "38"}, "2 79", 0, ""},
		{append([]string{"1"}, strings.Fields(seedExample)...), "1 9", 0, ""},
		{[]string{"3", "--divide"}, "3 6336", 0, ""},
		{nil, "", 2, "missing depth"},
		{[]string{"x"}, "", 2, `depth "x"`},
		{[]string{"2", "38", "30"}, "", 2, "move 2 (30): board 3 is not the board to play in: the move must be in board 8 (move 38 sends there)"},
		{[]string{"3", "44", "44"}, "", 2, "move 2 (44): tile 4 of board 4 is taken"},
		{[]string{"--nosuch", "2"}, "", 2, "nosuch"},
	} {
		out, errOut, code := engineRun(runPerft, c.args...)
		if code != c.code || c.last != "" && engineLastLine(out) != c.last || !strings.Contains(errOut, c.err) {
			t.Errorf("perft %v: code %d, last line %q, stderr %q", c.args, code, engineLastLine(out), errOut)
		}
	}
	out, _, _ := engineRun(runPerft, "--divide", "2")
	if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 82 || lines[0] != "00 8" {
		t.Errorf("divide 2: %d lines, first %q", len(lines), lines[0])
	}
}

func TestSearchCommand(t *testing.T) {
	out, errOut, code := engineRun(runSearch, "--depth", "6")
	if code != 0 || !strings.Contains(out, "bestmove ") || !strings.Contains(out, "\ndepth 6\n") || !strings.Contains(out, "nodes/s ") || !strings.Contains(out, "\npv ") {
		t.Fatalf("code %d, out %q, err %q", code, out, errOut)
	}
	out, _, code = engineRun(runSearch, append([]string{"--depth", "4", "--json"}, strings.Fields(seedExample)...)...)
	if code != 0 || !strings.Contains(engineLastLine(out), `"final":true`) || !strings.Contains(engineLastLine(out), `"move":"8`) {
		t.Fatalf("json: code %d, out %q", code, out)
	}
	out, _, code = engineRun(runSearch, "--depth", "3", "--threads", "2", "38", "84")
	if code != 0 || !strings.Contains(out, "bestmove 4") {
		t.Fatalf("moves: code %d, out %q", code, out)
	}
	for _, c := range [][]string{{"--depth", "-1"}, {"--threads", "0"}, {"38", "30"}, {"O", "---------"}} {
		if _, errOut, code := engineRun(runSearch, c...); code != 2 || errOut == "" {
			t.Errorf("search %v: code %d, stderr %q", c, code, errOut)
		}
	}
}

func TestBotSeedExample(t *testing.T) {
	for _, args := range [][]string{
		strings.Fields("--time 100ms " + seedExample),
		strings.Fields(seedExample + " --time 100ms"),
		strings.Fields("--time 100ms X --------- --------- --------- --------X --------- --------- --------- --------- ----0---- --------- 84"),
		strings.Fields("--time 50ms X --------- --------- --------- --------- --------- --------- --------- --------- --------- --------- xx"),
	} {
		out, errOut, code := engineRun(runBot, args...)
		pos := args[2:]
		if pos[0] != "--time" && args[0] == "--time" {
			pos = args[2:]
		} else if args[0] != "--time" {
			pos = args[:12]
		}
		p, err := uttt.ParseProtocol(pos)
		if err != nil {
			t.Fatal(err)
		}
		m, err := uttt.ParseMove(strings.TrimSpace(out))
		if code != 0 || err != nil || !p.IsLegal(m) || out != m.String()+"\n" {
			t.Errorf("bot %v: code %d, out %q, stderr %q", args, code, out, errOut)
		}
	}
}

func TestBotErrors(t *testing.T) {
	fields := strings.Fields(seedExample)
	for _, c := range []struct {
		args []string
		code int
		err  string
	}{
		{fields[:11], 2, "want 12 arguments"},
		{append([]string{"Q"}, fields[1:]...), 2, "SIDE"},
		{append(append([]string{}, fields[:4]...), append([]string{"---#----X"}, fields[5:]...)...), 2, "board 3"},
		{append([]string{"--engine", "nosuch"}, fields...), 2, "--engine"},
		{strings.Fields("O XXX------ XXX------ XXX------ --------- --------- --------- --------- --------- --------- XXX------ xx"), 1, "game is over"},
	} {
		out, errOut, code := engineRun(runBot, c.args...)
		if code != c.code || out != "" || !strings.Contains(errOut, c.err) {
			t.Errorf("bot %v: code %d, out %q, stderr %q", c.args, code, out, errOut)
		}
	}
}

func TestBotFallsBack(t *testing.T) {
	zooOnce.Do(addZooBots)
	botEngines["broken"] = func(context.Context, uttt.Position, time.Time) uttt.Move { panic("boom") }
	botEngines["illegal"] = func(context.Context, uttt.Position, time.Time) uttt.Move { return uttt.NewMove(0, 0) }
	defer delete(botEngines, "broken")
	defer delete(botEngines, "illegal")
	for _, e := range []string{"broken", "illegal"} {
		out, _, code := engineRun(runBot, append([]string{"--engine", e}, strings.Fields(seedExample)...)...)
		if code != 0 || out != "80\n" {
			t.Errorf("engine %s: code %d, out %q", e, code, out)
		}
	}
}
