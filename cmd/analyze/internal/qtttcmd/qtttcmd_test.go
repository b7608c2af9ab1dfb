package qtttcmd

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/qttt/bulk"
	"github.com/boardlab/boardlab/internal/machine"
)

func run(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var o, e bytes.Buffer
	code := Run(context.Background(), args, strings.NewReader(stdin), &o, &e)
	return o.String(), e.String(), code
}

const seedRecords = `AB
AI EG BE EH DG AI 1 BC CE 3
IA EG EB EH GD AI 1 CB CE 3
DE AB DE 1 AH CF CH CG BC 2
AE BF EI DH AI 1
CE BD EG FH CG 1
AB AD BC CF AC 5
AB BE BC CE 2 DG HI DF HI 6
BC BE CF EF 1 AD AG GH DG 6 II 9
DI AE AB BF EH AH 2 DI 7 CG CG 8 
AD BH EF CI EF 3 HI DG BI 2 AG 1
`

const seedScores = `0 0
0.5 1
0.5 1
1 0.5
1 0
1 0
1 0
0 1
0 0
0 0
2 0
`

func TestScoreSeedCases(t *testing.T) {
	for _, in := range []string{seedRecords, strings.ReplaceAll(seedRecords, " ", ""), strings.ToLower(seedRecords),
		strings.ReplaceAll(seedRecords, "\n", "\r\n")} {
		out, errOut, code := run(t, in, "score")
		if code != 0 || out != seedScores || errOut != "" {
			t.Errorf("input %q:\ncode %d\nstdout:\n%s\nstderr:\n%s", in, code, out, errOut)
		}
	}
	dir := t.TempDir()
	f := filepath.Join(dir, "seed.txt")
	os.WriteFile(f, []byte(seedRecords), 0o644)
	out, _, code := run(t, "", "score", f, "-")
	if code != 0 || out != seedScores {
		t.Errorf("file: code %d, out %q", code, out)
	}
}

func TestScoreBadLines(t *testing.T) {
	in := "AB\nAB ZZ\n\nAB BE DE AE\nAE BF EI DH AI 1 CG\nAB\t0 1\nAB BE DE AE 1 AC\nAA\nAB 1\nAB BE DE AE 7\nAB BE DE AE 1 2\nCE BD EG FH CG 1\n"
	out, errOut, code := run(t, in, "score")
	if code != cli.ExitFail {
		t.Fatalf("code %d, want 1", code)
	}
	if out != "0 0\n1 0\n" {
		t.Errorf("good lines not scored: %q", out)
	}
	for _, want := range []string{
		`stdin:2: token 2 "Z" (column 4): unknown cell 'Z'`,
		"stdin:4: end of record (column 12): measurement number missing: move 4 (AE) closed a cycle; write 1 or 4",
		`stdin:5: token 7 "CG" (column 18): move after the game ended (X has a tic-tac-toe)`,
		`stdin:6: record scores "0 0", the line says "0 1"`,
		`stdin:7: token 6 "AC" (column 15): move into classical cell A (it holds X1)`,
		`stdin:8: token 1 "AA" (column 1): single-cell move while 9 cells are open`,
		`stdin:9: token 2 "1" (column 4): superfluous measurement number: move 1 (AB) did not close a cycle`,
		`stdin:10: token 5 "7" (column 13): not one of the two possible marks (1 or 4)`,
		`stdin:11: token 6 "2" (column 15): superfluous measurement number`,
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	_, errOut, code = run(t, "", "score", filepath.Join(t.TempDir(), "missing"))
	if code != cli.ExitFail || !strings.Contains(errOut, "missing: no such file") {
		t.Errorf("missing file: code %d, stderr %q", code, errOut)
	}
}

func TestScoreJSON(t *testing.T) {
	out, _, code := run(t, "AI EG BE EH DG AI 1 BC CE 3\nAB\n", "score", "--json")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 2 {
		t.Fatalf("code %d, out %q", code, out)
	}
	var r bulk.JSONRecord
	if err := json.Unmarshal([]byte(lines[0]), &r); err != nil {
		t.Fatal(err)
	}
	if r.X != 0.5 || r.O != 1 || !r.Over || r.Line != 1 || len(r.Lines) != 2 || len(r.Measurements) != 2 {
		t.Fatalf("%+v", r)
	}
	if l := r.Lines[0]; l.Player != "X" || l.Cells != "ABC" || l.Max != 7 {
		t.Errorf("X line %+v", l)
	}
	if l := r.Lines[1]; l.Player != "O" || l.Cells != "GHI" || l.Max != 6 {
		t.Errorf("O line %+v", l)
	}
	m := r.Measurements[0]
	if m.Move != 6 || m.Chooser != "X" || m.Cycle != "AI" || m.Mark != 1 || m.Collapsed["A"] != 1 || m.Collapsed["I"] != 6 {
		t.Errorf("measurement %+v", m)
	}
	if r.Board[0] != "X1" || r.Board[4] != "O8" || r.Board[5] != "" {
		t.Errorf("board %q", r.Board)
	}
	json.Unmarshal([]byte(lines[1]), &r)
	if len(r.Quantum) != 1 || r.Quantum[0].Cells != "AB" || r.Over {
		t.Errorf("quantum %+v", r)
	}
}

func TestPerft(t *testing.T) {
	out, _, code := run(t, "", "perft", "3")
	if code != 0 || out != "1 36\n2 1332\n3 49896\n" {
		t.Fatalf("code %d, out %q", code, out)
	}
	out, _, code = run(t, "", "perft", "--divide", "2")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || lines[len(lines)-1] != "2 1332" || lines[0] != "AB 37" {
		t.Fatalf("divide: code %d, out %q", code, out)
	}
	out, _, code = run(t, "", "perft", "--record", "AB BE DE AE 1", "1")
	if code != 0 || out != "1 10\n" {
		t.Fatalf("record: code %d, out %q", code, out)
	}
	for _, args := range [][]string{{"perft"}, {"perft", "10"}, {"perft", "x"}, {"perft", "--record", "AJ", "1"}, {"perft", "1", "2"}} {
		if _, _, code := run(t, "", args...); code != cli.ExitUsage {
			t.Errorf("%q: code %d, want 2", args, code)
		}
	}
}

func TestSolve(t *testing.T) {
	out, _, code := run(t, "", "solve", "AB", "BE", "DE", "AE")
	if code != 0 || !strings.HasPrefix(out, "value 0.5\nbest 1\npv 1 ") || !strings.Contains(out, "\nnodes ") || !strings.Contains(out, "\ntime ") {
		t.Fatalf("code %d, out %q", code, out)
	}
	out, _, code = run(t, "", "solve", "--all", "AE BF EI DH AI 1")
	if code != 0 || !strings.HasPrefix(out, "value 1\nbest -\npv -\nscore 1 0\n") {
		t.Fatalf("ended game: code %d, out %q", code, out)
	}
	out, _, code = run(t, "", "solve", "--json", "AI AC AC 3 EG")
	var r map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &r) != nil || r["value"] == nil || r["pv"] == nil {
		t.Fatalf("json: code %d, out %q", code, out)
	}
	if _, errOut, code := run(t, "", "solve", "AB ZZ"); code != cli.ExitUsage || !strings.Contains(errOut, "unknown cell 'Z'") || !strings.Contains(errOut, "expected a game record") {
		t.Errorf("bad record: code %d, stderr %q", code, errOut)
	}
	if testing.Short() {
		return
	}
	out, _, code = run(t, "", "solve")
	if code != 0 || !strings.HasPrefix(out, "value 0.5\n") {
		t.Fatalf("start: code %d, out %q", code, out)
	}
}

func TestRandomRoundTrip(t *testing.T) {
	a, errOut, code := run(t, "", "random", "--seed", "7", "--count", "300")
	b, _, _ := run(t, "", "random", "--count", "300", "--seed", "7")
	if code != 0 || a != b || strings.Count(a, "\n") != 300 {
		t.Fatalf("code %d, flag order changes the output or wrong count", code)
	}
	for _, want := range []string{"games 300 (seed 7)", "scores (X O):", "moves per game: mean", "measurements per game"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("statistics lack %q:\n%s", want, errOut)
		}
	}
	out, errOut, code := run(t, a, "score")
	if code != 0 || strings.Count(out, "\n") != 300 {
		t.Fatalf("score of random games: code %d, stderr %q", code, errOut)
	}
	dir := t.TempDir()
	games := filepath.Join(dir, "g.txt")
	if _, errOut, code := run(t, "", "random", "-q", "--out", games, "--count", "50"); code != 0 || errOut != "" {
		t.Fatalf("-o: code %d, stderr %q", code, errOut)
	}
	scores := filepath.Join(dir, "s.txt")
	if _, errOut, code := run(t, "", "score", "--out", scores, games); code != 0 || !strings.Contains(errOut, "50 records scored, 0 bad") {
		t.Fatalf("score -o: code %d, stderr %q", code, errOut)
	}
	if _, _, code := run(t, "", "random"); code != cli.ExitUsage {
		t.Errorf("no N: code %d", code)
	}
}

// liveness is how long a cancelled command gets to return: far beyond what any machine
// needs, so that only a command that ignores the cancel fails.
const liveness = 30 * time.Second

// TestCtrlCAnswersQuickly cancels long commands while they work (each would run for
// minutes or for ever): each must return 130 after the cancel.
func TestCtrlCAnswersQuickly(t *testing.T) {
	for _, args := range [][]string{
		{"perft", "--tt", "1", "9"},
		{"perft", "--tt", "0", "9"},
		{"perft", "--divide", "9"},
		{"solve", "--all", "--tt", "1"},
		{"random", "-q", "--count", "1000000000"},
		{"score", "--jobs", "2"},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan int, 1)
		stdin := repeatReader("AI EG BE EH DG AI 1 BC CE 3\n")
		go func() { done <- Run(ctx, args, stdin, io.Discard, io.Discard) }()
		time.Sleep(150 * time.Millisecond)
		cancel()
		select {
		case code := <-done:
			if code != cli.ExitInterrupted {
				t.Errorf("%q: code %d after cancel", args, code)
			}
		case <-time.After(liveness):
			t.Fatalf("%q: still running %v after cancel", args, liveness)
		}
	}
}

// repeatReader is an endless stream of one line.
type repeatReader string

func (r repeatReader) Read(b []byte) (int, error) {
	n := 0
	for n+len(r) <= len(b) {
		n += copy(b[n:], r)
	}
	return n, nil
}

func TestInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var o, e bytes.Buffer
	if code := Run(ctx, []string{"solve"}, nil, &o, &e); code != cli.ExitInterrupted {
		t.Errorf("solve: code %d", code)
	}
	if code := Run(ctx, []string{"perft", "6"}, nil, &o, &e); code != cli.ExitInterrupted {
		t.Errorf("perft: code %d", code)
	}
	if code := Run(ctx, []string{"random", "--count", "10"}, nil, &o, &e); code != cli.ExitInterrupted {
		t.Errorf("random: code %d", code)
	}
}

// TestTableTooBig refuses a --tt table the memory cannot hold, before allocating it.
func TestTableTooBig(t *testing.T) {
	defer func(f func() []machine.MemoryBound) { memoryBounds = f }(memoryBounds)
	memoryBounds = func() []machine.MemoryBound {
		return []machine.MemoryBound{{Name: "the test's limit", Limit: 200 << 20, Free: 200 << 20}}
	}
	for _, args := range [][]string{{"perft", "--tt", "384", "3"}, {"solve", "--tt", "256MiB"}} {
		_, e, code := run(t, "", args...)
		if code != cli.ExitUsage || !strings.Contains(e, "--tt "+args[2]+": a table of") || !strings.Contains(e, "the test's limit leaves 200 MiB") {
			t.Errorf("%q: code %d, stderr %q", args, code, e)
		}
	}
	if out, _, code := run(t, "", "perft", "--tt", "24", "3"); code != 0 || !strings.HasSuffix(out, "3 49896\n") {
		t.Errorf("a table that fits: code %d, %q", code, out)
	}
}

// TestTableUnits: --tt takes a size with a unit, rounded down to a power of two of
// entries; a bare number is MiB, as in every size flag.
func TestTableUnits(t *testing.T) {
	for _, tt := range []string{"24", "24MiB", "30MB", "0"} {
		if out, e, code := run(t, "", "perft", "--tt", tt, "3"); code != 0 || !strings.HasSuffix(out, "3 49896\n") {
			t.Errorf("perft --tt %s: code %d, %q %q", tt, code, out, e)
		}
	}
	for _, tt := range []string{"1", "16KiB", "1MB"} {
		if _, e, code := run(t, "", "solve", "--tt", tt, "AB BE DE AE 1"); code != 0 {
			t.Errorf("solve --tt %s: code %d, %q", tt, code, e)
		}
	}
	for _, args := range [][]string{{"perft", "--tt", "24577", "3"}, {"perft", "--tt", "1KiB", "3"}, {"solve", "--tt", "0"},
		{"solve", "--tt", "15KiB"}, {"solve", "--tt", "16385"}, {"solve", "--tt", "64GiB"}, {"solve", "--tt", "lots"}} {
		if _, e, code := run(t, "", args...); code != cli.ExitUsage || !strings.Contains(e, "--tt") {
			t.Errorf("%q: code %d, %q", args, code, e)
		}
	}
}
