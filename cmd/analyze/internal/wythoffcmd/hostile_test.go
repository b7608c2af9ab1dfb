package wythoffcmd

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
)

// TestHostileInputs: inputs that once hung, answered wrongly or were refused by
// mistake get a clear message naming what and where, the documented exit status, and
// the good lines of the same run are still answered, with one worker or three (the
// plain line-by-line path is compared with these in engine/wythoff/bulk).
func TestHostileInputs(t *testing.T) {
	cases := []struct {
		name  string
		stdin string
		args  []string
		out   string
		code  int
		err   string // substring of stderr ("" : stderr empty)
	}{
		{"NUL byte stops the input", "13 9\n1 2\x00\x00\n5 3\n", []string{"move"}, "13 8\n", cli.ExitFail,
			"analyze wythoff move: stdin:2: binary data, not positions: NUL byte at offset 8\n"},
		{"NUL byte first", "\x00\x00\x00", []string{"move"}, "", cli.ExitFail, "stdin:1: binary data, not positions: NUL byte at offset 0"},
		{"NUL in a long line", "13 9\n" + strings.Repeat("1", 500) + "\x00\n", []string{"move", "--max-line", "100"}, "13 8\n", cli.ExitFail,
			"NUL byte at offset 505"},
		{"NUL after a bad line", "x\n13 9\n\x00", []string{"move"}, "13 8\n", cli.ExitFail, "stdin:1: want two piles"},
		{"BOM", "\ufeff13 9\n1 2\n", []string{"move"}, "13 8\nlose\n", cli.ExitOK, ""},
		{"BOM alone", "\ufeff", []string{"move"}, "", cli.ExitOK, ""},
		{"BOM, sharded", "\ufeff13 9\n1 2\n", []string{"move", "--shard", "0/2"}, "#boardlab-shard-lines 0/2 job 4883f2052f61f5bf wythoff move\n0\t13 8\n#boardlab-shard-end stdin 12 crc 1ca4e2a4ab8ce099\n", cli.ExitOK, ""},
		{"BOM only at the start", "13 9\n\ufeff1 2\n", []string{"move"}, "13 8\n", cli.ExitFail, `stdin:2: pile A: "\ufeff1" is not a non-negative decimal integer`},
		{"misère (0,0) in a stream", "0 0\n13 9\n0 0\n", []string{"move", "--misere"}, "win\n13 8\nwin\n", cli.ExitOK, ""},
		{"misère (0,0) as JSON", "0 0\n", []string{"move", "--misere", "--json"}, `{"position":[0,0],"cold":false,"moves":[]}` + "\n", cli.ExitOK, ""},
		{"normal (0,0)", "0 0\n", []string{"move"}, "lose\n", cli.ExitOK, ""},
		{"too many workers for the memory", "13 9\n", []string{"move", "-j", "4096", "--max-line", "268435456"}, "", cli.ExitUsage, "analyze wythoff move: --jobs 4096, --max-line 268435456: answering on 4096 workers"},
		{"more workers than -j takes", "13 9\n", []string{"move", "-j", "100000"}, "", cli.ExitUsage, "analyze wythoff move: --jobs 100000: want 0..4096 (0: one per core)\n"},
		{"negative --jobs", "13 9\n", []string{"move", "-j", "-1"}, "", cli.ExitUsage, "--jobs -1: want 0..4096 (0: one per core)"},
		{"negative --jobs, grundy", "", []string{"grundy", "-j", "-1", "3"}, "", cli.ExitUsage, "--jobs -1: want 0..4096 (0: one per core)"},
		{"--scale 0", "", []string{"grundy", "--format", "png", "--scale", "0", "3"}, "", cli.ExitUsage, "--scale 0: want 1..64"},
	}
	for _, c := range cases {
		for _, jobs := range []string{"", "1", "3"} {
			args := c.args
			if jobs != "" && args[0] == "move" && !strings.Contains(strings.Join(args, " "), "-j ") {
				args = append(append([]string{}, args...), "--jobs", jobs)
			}
			out, errOut, code := run(t, c.stdin, args...)
			if out != c.out || code != c.code || (c.err == "") != (errOut == "") || !strings.Contains(errOut, c.err) {
				t.Errorf("%s (%q, %s): out %q code %d stderr %q; want %q code %d stderr ~%q", c.name, args, jobs, out, code, errOut, c.out, c.code, c.err)
			}
		}
	}
}

// TestMoveDevZero: "wythoff move < /dev/zero" stops at byte 0 instead of reading
// forever.
func TestMoveDevZero(t *testing.T) {
	for _, jobs := range []string{"1", "3"} {
		f, err := os.Open("/dev/zero")
		if err != nil {
			t.Skip(err)
		}
		var o, e bytes.Buffer
		done := make(chan int)
		go func() { done <- Run(context.Background(), []string{"move", "--jobs", jobs}, f, &o, &e) }()
		select {
		case code := <-done:
			if code != cli.ExitFail || o.Len() != 0 || e.String() != "analyze wythoff move: stdin:1: binary data, not positions: NUL byte at offset 0\n" {
				t.Fatalf("--jobs %s: code %d out %q stderr %q", jobs, code, o.String(), e.String())
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("--jobs %s: still reading /dev/zero after 30 s", jobs)
		}
		f.Close()
	}
}
