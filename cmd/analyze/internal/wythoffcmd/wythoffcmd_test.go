package wythoffcmd

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/cmd/analyze/internal/batch"
	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
)

func run(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var o, e bytes.Buffer
	code = Run(context.Background(), args, strings.NewReader(stdin), &o, &e)
	return o.String(), e.String(), code
}

func TestMove(t *testing.T) {
	cases := []struct {
		stdin string
		args  []string
		out   string
		code  int
		err   string // substring of stderr
	}{
		// the spec's examples (our first move; the spec accepts any winning move)
		{"", []string{"move", "5", "0"}, "0 0\n", 0, ""},
		{"", []string{"move", "--all", "2", "2"}, "1 2\n2 1\n0 0\n", 0, ""},
		{"", []string{"move", "1", "2"}, "lose\n", 0, ""},
		{"", []string{"move", "--all", "13", "9"}, "13 8\n10 6\n", 0, ""},
		{"", []string{"move", "10", "6"}, "lose\n", 0, ""},
		{"", []string{"move", "5", "10"}, "5 3\n", 0, ""},
		{"", []string{"move", "25", "30"}, "8 13\n", 0, ""},
		// flags after the arguments, misère
		{"", []string{"move", "13", "9", "--all", "--misere"}, "13 8\n10 6\n", 0, ""},
		{"", []string{"move", "--misere", "0", "1"}, "lose\n", 0, ""},
		{"", []string{"move", "--misere", "0", "0"}, "win\n", 0, ""}, // the opponent took the last counter
		{"", []string{"move", "--misere", "2", "2"}, "lose\n", 0, ""},
		{"", []string{"move", "--misere", "1", "2"}, "1 0\n", 0, ""},
		{"", []string{"move", "--misere", "--all", "5", "5"}, "3 5\n5 3\n2 2\n", 0, ""},
		// beyond uint64: (a_k, b_k) for k = 10^30 is cold
		{"", []string{"move", "1618033988749894848204586834365", "2618033988749894848204586834365"}, "lose\n", 0, ""},
		{"", []string{"move", "18446744073709551615", "18446744073709551615"}, "11400714819323198485 18446744073709551615\n", 0, ""},
		{"", []string{"move", "18446744073709551616", "18446744073709551616"}, "0 0\n", 0, ""},
		// bad command lines
		{"", []string{"move", "1"}, "", cli.ExitUsage, "want two piles"},
		{"", []string{"move", "1", "x"}, "", cli.ExitUsage, `pile B: "x" is not a non-negative decimal integer`},
		{"", []string{"move", "1", "-2"}, "", cli.ExitUsage, `pile B: "-2" is not`},
		{"", []string{"move", "-x", "1", "2"}, "", cli.ExitUsage, "unknown flag -x"},
		{"", []string{"move", "--", "1", "-2"}, "", cli.ExitUsage, "not a non-negative"},
		// batch mode: one line per position, bad lines reported, the others answered
		{"13 9\n\n# comment\n1 2\nx 1\n2,2\n 3 5 \n1 2 3\n99999999999999999999999999 3\n", []string{"move"},
			"13 8\nlose\n1 2\nlose\n5 3\n", cli.ExitFail, "stdin:5: pile A: \"x\""},
		{"2 2\n1 2\n", []string{"move", "--all"}, "1 2; 2 1; 0 0\nlose\n", 0, ""},
		{"(25,30)\n[13, 9]\n(1 2\n", []string{"move"}, "8 13\n13 8\n", cli.ExitFail, `stdin:3: pile A: "(1" is not`},
		{"13 9\n", []string{"move", "--json", "--all"}, `{"position":[13,9],"cold":false,"moves":[[13,8],[10,6]]}` + "\n", 0, ""},
		{"1 2 3\n", []string{"move"}, "", cli.ExitFail, "stdin:1: want two piles \"A B\", got 3 fields"},
	}
	for _, c := range cases {
		out, errOut, code := run(t, c.stdin, c.args...)
		if out != c.out || code != c.code || !strings.Contains(errOut, c.err) {
			t.Errorf("%q <%q: out %q code %d stderr %q; want %q code %d stderr ~%q", c.args, c.stdin, out, code, errOut, c.out, c.code, c.err)
		}
	}
	// the batch line numbers in a multi-error input
	_, errOut, _ := run(t, "1 2\nq\n3 5\n1 2 x\n", "move")
	if !strings.Contains(errOut, "stdin:2:") || !strings.Contains(errOut, "stdin:4:") {
		t.Errorf("stderr %q", errOut)
	}
	out, _, _ := run(t, "1 2\n1000000000000000000000 7\n", "move", "--json")
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var v map[string]any
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Errorf("bad JSON %q: %v", line, err)
		}
	}
}

// cmdCase is one command line run without stdin and what it must print.
type cmdCase struct {
	args []string
	out  string
	code int
	err  string // substring of stderr
}

func checkCases(t *testing.T, cases []cmdCase) {
	t.Helper()
	for _, c := range cases {
		out, errOut, code := run(t, "", c.args...)
		if out != c.out || code != c.code || !strings.Contains(errOut, c.err) {
			t.Errorf("%q: out %q code %d stderr %q; want %q code %d stderr ~%q", c.args, out, code, errOut, c.out, c.code, c.err)
		}
	}
}

func TestTable(t *testing.T) {
	checkCases(t, []cmdCase{
		{[]string{"table", "4"}, "0 0 0\n1 1 2\n2 3 5\n3 4 7\n", 0, ""},
		{[]string{"table", "--format", "csv", "3"}, "k,a_k,b_k\n0,0,0\n1,1,2\n2,3,5\n", 0, ""},
		{[]string{"table", "--format", "bfile", "8"}, "1 1\n2 3\n3 4\n4 6\n5 8\n6 9\n7 11\n8 12\n", 0, ""},
		{[]string{"table", "8", "--format", "bfile", "--seq", "upper"}, "1 2\n2 5\n3 7\n4 10\n5 13\n6 15\n7 18\n8 20\n", 0, ""},
		{[]string{"table", "0"}, "", cli.ExitUsage, "analyze wythoff table: N 0: want an integer 1..4611686018427387903\n"},
		{[]string{"table", "--start", "1000000000000", "2"}, "1000000000000 1618033988749 2618033988749\n1000000000001 1618033988751 2618033988752\n", 0, ""},
		{[]string{"table", "--format", "bfile", "--start", "3", "2"}, "4 6\n5 8\n", 0, ""},
		{[]string{"table", "--start", "4611686018427387900", "4"}, "", cli.ExitUsage, "--start K plus N"},
		{[]string{"table", "--format", "xml", "3"}, "", cli.ExitUsage, ": want "},
		{[]string{"table", "--seq", "upper", "3"}, "", cli.ExitUsage, "--seq applies to --format bfile only"},
		{[]string{"table", "-1"}, "", cli.ExitUsage, "N -1: want"},
		{[]string{"table", "1e9"}, "", cli.ExitUsage, "N 1e9: want"},
		{[]string{"table", "4611686018427387904"}, "", cli.ExitUsage, "N 4611686018427387904: want"},
		{[]string{"table"}, "", cli.ExitUsage, "want one argument N"},
	})
	out, _, code := run(t, "", "table", "--format", "binary", "3")
	want := []uint64{0, 0, 1, 2, 3, 5}
	if code != 0 || len(out) != 48 {
		t.Fatalf("binary: code %d, %d bytes", code, len(out))
	}
	for i, w := range want {
		if v := binary.LittleEndian.Uint64([]byte(out[8*i:])); v != w {
			t.Fatalf("binary word %d = %d, want %d", i, v, w)
		}
	}
}

func TestOutFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t.txt")
	if _, errOut, code := run(t, "", "table", "--out", path, "1000"); code != 0 {
		t.Fatalf("code %d: %s", code, errOut)
	}
	b, err := os.ReadFile(path)
	if err != nil || !strings.HasSuffix(string(b), "999 1616 2615\n") {
		t.Fatalf("file: %v, tail %q", err, b[max(0, len(b)-20):])
	}
	// an interrupted run leaves neither the file nor a temporary
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	path2 := filepath.Join(dir, "big.txt")
	var o, e bytes.Buffer
	if code := Run(ctx, []string{"table", "--out", path2, "100000000"}, nil, &o, &e); code != cli.ExitInterrupted {
		t.Fatalf("cancelled table: code %d, stderr %q", code, e.String())
	}
	if code := Run(ctx, []string{"grundy", "--out", path2, "3000"}, nil, &o, &e); code != cli.ExitInterrupted {
		t.Fatalf("cancelled grundy: code %d, stderr %q", code, e.String())
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Fatalf("directory holds %v", ents)
	}
	if _, errOut, code := run(t, "", "table", "--out", filepath.Join(dir, "no", "such", "x"), "5"); code != cli.ExitUsage || errOut == "" {
		t.Fatalf("unwritable --out: code %d, stderr %q", code, errOut)
	}
}

func TestGrundy(t *testing.T) {
	checkCases(t, []cmdCase{
		{[]string{"grundy", "4"}, "0 1 2 3\n1 2 0 4\n2 0 1 5\n3 4 5 6\n", 0, ""},
		{[]string{"grundy", "--format", "csv", "3"}, "0,1,2\n1,2,0\n2,0,1\n", 0, ""},
		{[]string{"grundy", "3", "--format", "bfile"}, "0 0\n1 1\n2 1\n3 2\n4 2\n5 2\n", 0, ""},
		{[]string{"grundy", "0"}, "", 0, ""},
		{[]string{"grundy", "40000"}, "", cli.ExitUsage, "N 40000: want an integer 0.."},
		{[]string{"grundy", "--format", "jpeg", "3"}, "", cli.ExitUsage, ": want "},
	})
	out, _, code := run(t, "", "grundy", "--format", "binary", "3")
	if code != 0 || out != "\x00\x00\x01\x00\x02\x00\x01\x00\x02\x00\x00\x00\x02\x00\x00\x00\x01\x00" {
		t.Fatalf("binary: code %d, % x", code, out)
	}
}

func TestBatchJobsRun(t *testing.T) {
	dir := t.TempDir()
	for _, j := range BatchJobs {
		args, err := batch.Split(strings.ReplaceAll(j, "$WORK", dir))
		if err != nil || args[0] != "wythoff" {
			t.Fatalf("job %q: %v", j, err)
		}
		var o, e bytes.Buffer
		if code := Run(context.Background(), args[1:], nil, &o, &e); code != 0 {
			t.Errorf("job %q: code %d, stderr %q", j, code, e.String())
		}
	}
}
