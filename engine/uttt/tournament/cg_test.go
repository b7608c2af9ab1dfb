package tournament

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/sandbox"
)

// cgBot returns a CGPlayer running a copy of testdata/cgbot.py with args, in a fresh
// tournament directory holding the copy, as a user's bot lies in theirs: the sandbox
// shows the bots that directory wherever it is, and hides the clone when it lies under
// /home, /root or /tmp.
func cgBot(t *testing.T, sb *sandbox.Sandbox, args ...string) *CGPlayer {
	t.Helper()
	if !fileExists("/usr/bin/python3") {
		t.Skip("needs /usr/bin/python3")
	}
	src, err := os.ReadFile("testdata/cgbot.py")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	script := filepath.Join(dir, "cgbot", "cgbot.py")
	if err := os.Mkdir(filepath.Dir(script), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(script, src, 0o644); err != nil {
		t.Fatal(err)
	}
	return &CGPlayer{Argv: append([]string{"/usr/bin/python3", script}, args...), Dir: dir,
		Limit: 2 * time.Second, FirstLimit: 10 * time.Second, Sandbox: sb}
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// firstLegal is an in-process player answering the first legal move.
type firstLegal struct{}

func (firstLegal) Answer(_ context.Context, args []string) (string, error) {
	p, err := uttt.ParseProtocol(args)
	if err != nil {
		return "", err
	}
	var buf [81]uttt.Move
	p.Moves(&buf)
	return buf[0].String(), nil
}

func TestCGInput(t *testing.T) {
	p := uttt.Start()
	in := CGInput(&p)
	if !strings.HasPrefix(in, "-1 -1\n81\n0 0\n0 1\n") || !strings.HasSuffix(in, "\n8 8\n") {
		t.Errorf("start: %q", in[:30])
	}
	p = p.Play(uttt.MoveAt(4, 3)) // row 3, column 4: board 4, tile 1
	in = CGInput(&p)
	if in != "3 4\n9\n0 3\n0 4\n0 5\n1 3\n1 4\n1 5\n2 3\n2 4\n2 5\n" {
		t.Errorf("after 3 4: %q", in)
	}
}

func TestParseCGAnswer(t *testing.T) {
	for _, c := range []struct{ in, move, msg, err string }{
		{"3 4\n", "41", "", ""},
		{"0 0  hello  world \n", "00", "hello  world", ""},
		{"8 8 d12 -35", "88", "d12 -35", ""},
		{"", "", "", "no output"},
		{"9 0", "", "", "unparsable answer"},
		{"34", "", "", "unparsable answer"},
		{"a b c", "", "", "unparsable answer"},
	} {
		m, msg, err := ParseCGAnswer(c.in)
		if m != c.move || msg != c.msg || (err == nil) != (c.err == "") || err != nil && !strings.Contains(err.Error(), c.err) {
			t.Errorf("%q: %q %q %v", c.in, m, msg, err)
		}
	}
}

func TestBoardsTieBreak(t *testing.T) {
	xw, ow, dr := "XXX------", "OOO------", "XOXXOOOXX"
	args := []string{"X", xw, xw, ow, ow, dr, xw, xw, ow, dr, "XXOO-XXO-", "xx"}
	p, err := uttt.ParseProtocol(args)
	if err != nil || p.Status() != uttt.Draw {
		t.Fatalf("position: %v, status %v", err, p.Status())
	}
	if st, x, o := BoardsTieBreak(&p); st != uttt.XWon || x != 4 || o != 3 {
		t.Errorf("tie-break: %v %d-%d, want X won 4-3", st, x, o)
	}
	var r Result
	r.finish(&p, Options{TieBreak: true})
	if r.Result != "X" || r.TieBreak != "boards 4-3" || r.Points[0] != WinPoints+r.Empty {
		t.Errorf("scored with the tie-break: %+v", r)
	}
	r = Result{}
	r.finish(&p, Options{})
	if r.Result != "draw" || r.TieBreak != "" || r.Points != [2]int{} {
		t.Errorf("scored without: %+v", r)
	}
}

// playCG plays x against o and checks the game ended on the board.
func playCG(t *testing.T, x, o Player) Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	r, err := PlayWith(ctx, x, o, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func testCGGames(t *testing.T, sb *sandbox.Sandbox) {
	// A well-behaved bot, both colours: every turn valid, its messages logged.
	for _, asX := range []bool{true, false} {
		bot := cgBot(t, sb, "first")
		x, o := Player(bot), Player(firstLegal{})
		if !asX {
			x, o = o, x
		}
		r := playCG(t, x, o)
		if r.Invalid != [2]int{} || r.Result == "cap" {
			t.Fatalf("as X %v: %+v", asX, r)
		}
		side := "O"
		if asX {
			side = "X"
		}
		n := 0
		for _, tn := range r.Turns {
			if tn.Side == side {
				n++
				if want := "first turn "; !strings.HasPrefix(tn.Message, want) {
					t.Errorf("turn %d message %q", n, tn.Message)
				}
			}
		}
	}
	// Garbage at its second turn is one invalid move; the bot plays on.
	r := playCG(t, cgBot(t, sb, "garbage", "2"), firstLegal{})
	if r.Invalid[0] != 1 || !strings.Contains(r.Turns[2].Invalid, "unparsable") || r.Turns[2].Answer != "hello" {
		t.Errorf("garbage: %+v", r.Turns[:4])
	}
	// An illegal move is judged as the seed's bots' are.
	r = playCG(t, cgBot(t, sb, "illegal", "2"), firstLegal{})
	if r.Invalid[0] != 1 || !strings.Contains(r.Turns[2].Invalid, "illegal move") {
		t.Errorf("illegal: %+v", r.Turns[:4])
	}
	// A crash ends the process: that turn and every later one are invalid.
	r = playCG(t, cgBot(t, sb, "crash", "2"), firstLegal{})
	if !strings.Contains(r.Turns[2].Invalid, "crashed") || !strings.Contains(r.Turns[4].Invalid, ErrGone.Error()) || r.Result != "O" {
		t.Errorf("crash: %+v", r.Turns[:5])
	}
	// A line over MaxLine is a flood: the process is killed.
	r = playCG(t, cgBot(t, sb, "flood", "2"), firstLegal{})
	if !strings.Contains(r.Turns[2].Invalid, ErrFlood.Error()) || r.Result != "O" {
		t.Errorf("flood: %+v", r.Turns[:4])
	}
	// Extra lines are read as the next turns' answers, as CodinGame does; the game ends
	// and nothing is left waiting on the bot's output.
	r = playCG(t, cgBot(t, sb, "chatty", "1"), firstLegal{})
	if r.Invalid[0] == 0 {
		t.Errorf("chatty: no invalid turn: %+v", r.Turns[:4])
	}
	// A hang is a timeout; the process is killed.
	hang := cgBot(t, sb, "hang", "2")
	hang.Limit = 300 * time.Millisecond
	r = playCG(t, hang, firstLegal{})
	if !strings.Contains(r.Turns[2].Invalid, ErrTimeout.Error()) || r.Result != "O" {
		t.Errorf("hang: %+v", r.Turns[:4])
	}
	// The first turn's allowance: a slow start is fine within it, a timeout beyond.
	slow := cgBot(t, sb, "slowstart")
	slow.FirstLimit, slow.Limit = 10*time.Second, 2*time.Second
	if r = playCG(t, slow, firstLegal{}); r.Invalid[0] != 0 {
		t.Errorf("slow start within the allowance: %+v", r.Turns[0])
	}
	slow.FirstLimit = 500 * time.Millisecond
	if r = playCG(t, slow, firstLegal{}); !strings.Contains(r.Turns[0].Invalid, ErrTimeout.Error()) {
		t.Errorf("slow start beyond the allowance: %+v", r.Turns[0])
	}
}

func TestCGGames(t *testing.T) {
	if testing.Short() {
		t.Skip("starts Python processes")
	}
	before := runtime.NumGoroutine()
	testCGGames(t, nil)
	// Every game's readers end with its process.
	deadline := time.Now().Add(20 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines left after the games (%d before)", n, before)
	}
}

func TestCGGamesSandboxed(t *testing.T) {
	if testing.Short() {
		t.Skip("starts Python processes")
	}
	sb := testSandbox(t)
	testCGGames(t, sb)
	// A write outside its folder is a violation; with Disqualify the game ends there.
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	r, err := PlayWith(ctx, cgBot(t, sb, "write", "2"), firstLegal{}, Options{Disqualify: true})
	if err != nil || r.Disqualified != "X" || !strings.Contains(r.Turns[len(r.Turns)-1].Invalid, sandbox.ErrViolation.Error()) {
		t.Errorf("write outside its folder: %v, %+v", err, r)
	}
	if _, err := os.Stat("/etc/boardlab-cg-test"); err == nil {
		t.Error("the bot wrote /etc/boardlab-cg-test")
	}
	noneAlive(t, sb, "cgbot.py")
}

func TestCGAnswerIsNotUsed(t *testing.T) {
	if _, err := (&CGPlayer{}).Answer(context.Background(), nil); err == nil {
		t.Error("want an error")
	}
}
