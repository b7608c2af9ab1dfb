package wythoffcmd

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/shard"
)

// TestMoveLongLines: no line length stops the stream. A line beyond --max-line is
// reported by number with a short prefix and the following lines are answered.
func TestMoveLongLines(t *testing.T) {
	long := strings.Repeat("7", 3<<20) // 3 MiB of digits, beyond the default 1 MiB
	in := "13 9\n" + long + " 1\n1 2\n" + strings.Repeat("x", 200) + "\n5 10\n" + long
	out, errOut, code := run(t, in, "move")
	if out != "13 8\nlose\n5 3\n" || code != cli.ExitFail {
		t.Fatalf("out %q code %d", out, code)
	}
	for _, want := range []string{"stdin:2: line of 3145730 bytes is longer than --max-line 1048576", "stdin:4: want two piles", "stdin:6: line of 3145728 bytes"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	if len(errOut) > 600 {
		t.Errorf("stderr echoes too much of the bad lines: %d bytes", len(errOut))
	}
	// a long line within the limit is answered: a 5000-digit pile
	big := "1" + strings.Repeat("0", 4999)
	out, _, code = run(t, big+" "+big+"\n", "move", "--max-line", "20000")
	if code != 0 || !strings.HasPrefix(out, "618033988749894848204586834365638117720") || strings.Count(out, "\n") != 1 {
		t.Fatalf("5000-digit piles: code %d out %q", code, out[:min(len(out), 40)])
	}
	_, errOut, code = run(t, big+" "+big+"\n2 2\n", "move", "--max-line", "100")
	if code != cli.ExitFail || !strings.Contains(errOut, "stdin:1: line of 10001 bytes") || !strings.Contains(errOut, `"1000000000000000000000000000000000000000"...`) {
		t.Fatalf("code %d stderr %q", code, errOut)
	}
}

// TestMoveHugeLineBoundedMemory feeds a 300 MB line through a reader that makes it on
// the fly and checks the next line is answered (skipped with -short).
func TestMoveHugeLineBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("300 MB of input")
	}
	r := io.MultiReader(strings.NewReader("1 2\n"), &repeatReader{b: '9', n: 300 << 20}, strings.NewReader("\n13 9\n"))
	var o, e bytes.Buffer
	code := Run(context.Background(), []string{"move"}, r, &o, &e)
	if code != cli.ExitFail || o.String() != "lose\n13 8\n" || !strings.Contains(e.String(), "stdin:2: line of 314572800 bytes") {
		t.Fatalf("code %d out %q stderr %q", code, o.String(), e.String())
	}
}

type repeatReader struct {
	b byte
	n int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	k := min(len(p), r.n)
	for i := range p[:k] {
		p[i] = r.b
	}
	r.n -= k
	return k, nil
}

func TestMoveJSONBigPilesAsStrings(t *testing.T) {
	out, _, code := run(t, "9007199254740991 1\n9007199254740992 9007199254740992\n100000000000000000000000 1\n", "move", "--json")
	if code != 0 {
		t.Fatal(code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	want := []string{
		`{"position":[9007199254740991,1],"cold":false,"moves":[[2,1]]}`,
		`{"position":["9007199254740992","9007199254740992"],"cold":false,"moves":[[0,0]]}`,
	}
	for i, w := range want {
		if lines[i] != w {
			t.Errorf("line %d = %s, want %s", i, lines[i], w)
		}
	}
	var v struct {
		Position []json.Number
		Moves    [][]json.Number
	}
	if err := json.Unmarshal([]byte(lines[2]), &v); err != nil || v.Position[0] != "100000000000000000000000" || v.Position[1] != "1" {
		t.Fatalf("%s: %v %+v", lines[2], err, v)
	}
}

// TestMoveShard: N shards of the same input, sorted by input line number, give the
// unsharded output byte for byte; the merged stderr reports the same bad lines.
func TestMoveShard(t *testing.T) {
	var in strings.Builder
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 3000; i++ {
		switch i % 97 {
		case 5:
			in.WriteString("# comment\n")
		case 17:
			in.WriteString("\n")
		case 33:
			in.WriteString("bad line\n")
		default:
			fmt.Fprintf(&in, "%d %d\n", r.Uint64()>>r.IntN(64), r.Uint64()>>r.IntN(64))
		}
	}
	for _, args := range [][]string{{"move"}, {"move", "--all"}, {"move", "--json", "--all"}} {
		want, _, wcode := run(t, in.String(), args...)
		for _, n := range []int{1, 3, 7} {
			type rec struct {
				i    int
				line string
			}
			var recs []rec
			for k := 0; k < n; k++ {
				out, _, code := run(t, in.String(), append(args, "--shard", fmt.Sprintf("%d/%d", k, n))...)
				if code != wcode && !(code == 0 && wcode == cli.ExitFail) {
					t.Fatalf("%v shard %d/%d: code %d", args, k, n, code)
				}
				lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
				if !strings.HasPrefix(lines[0], fmt.Sprintf("%s %d/%d job ", shard.LinesHeader, k, n)) || !strings.HasSuffix(lines[0], " wythoff move") {
					t.Fatalf("shard %d/%d header %q", k, n, lines[0])
				}
				if end := lines[len(lines)-1]; !strings.HasPrefix(end, shard.LinesTrailer+" stdin ") {
					t.Fatalf("shard %d/%d ends with %q, not its %s line", k, n, end, shard.LinesTrailer)
				}
				for _, l := range lines[1 : len(lines)-1] {
					idx, text, ok := strings.Cut(l, "\t")
					i, err := strconv.Atoi(idx)
					if !ok || err != nil || i%n != k {
						t.Fatalf("shard %d/%d line %q", k, n, l)
					}
					recs = append(recs, rec{i, text})
				}
			}
			sort.Slice(recs, func(a, b int) bool { return recs[a].i < recs[b].i })
			var got strings.Builder
			for _, r := range recs {
				got.WriteString(r.line + "\n")
			}
			if got.String() != want {
				t.Fatalf("%v: %d shards merged differ from the unsharded output", args, n)
			}
		}
	}
	if _, errOut, code := run(t, "1 2\n", "move", "--max-line", "1152921504606846976"); code != cli.ExitUsage || !strings.Contains(errOut, "needs about") {
		t.Fatalf("--max-line 2^60: code %d stderr %q", code, errOut)
	}
	if _, errOut, code := run(t, "", "move", "--shard", "0/2", "1", "2"); code != cli.ExitUsage || !strings.Contains(errOut, "--shard splits the lines") {
		t.Fatalf("code %d stderr %q", code, errOut)
	}
	// --out with --shard writes FILE.K-of-N
	dir := t.TempDir()
	if _, errOut, code := run(t, "1 2\n3 5\n", "move", "--shard", "1/2", "--out", filepath.Join(dir, "m.txt")); code != 0 {
		t.Fatalf("code %d: %s", code, errOut)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "m.txt.1-of-2")); err != nil || !strings.HasPrefix(string(b), shard.LinesHeader+" 1/2 job ") || !strings.HasSuffix(string(b), " wythoff move\n1\tlose\n"+shard.LinesTrailer+" stdin 8 crc 91ab660f78cd3116\n") {
		t.Fatalf("%q %v", b, err)
	}
}

func TestOutOntoDirectory(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{{"table", "--out", dir, "10"}, {"grundy", "--out", dir, "10"}, {"move", "--out", dir, "1", "2"}} {
		_, errOut, code := run(t, "", args...)
		if code != cli.ExitUsage || !strings.Contains(errOut, "is a directory") {
			t.Errorf("%v: code %d stderr %q", args, code, errOut)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("left %v", ents)
	}
}

// TestMoveInterruptedWhileReading: a stdin that sends one line and then nothing (a
// FIFO whose writer stays open) does not keep Ctrl-C waiting (it would wait for ever);
// the answered line is kept and the exit status is 130.
func TestMoveInterruptedWhileReading(t *testing.T) {
	const liveness = 30 * time.Second
	for _, jobs := range []string{"1", "2"} {
		// The line must be answered before the cancel: a cancel that comes sooner is
		// tried again later.
		for settle := 100 * time.Millisecond; ; settle *= 4 {
			pr, pw, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			pw.WriteString("13 9\n")
			ctx, cancel := context.WithCancel(context.Background())
			var o, e bytes.Buffer
			done := make(chan int)
			go func() { done <- Run(ctx, []string{"move", "--jobs", jobs}, pr, &o, &e) }()
			time.Sleep(settle)
			cancel()
			var code int
			select {
			case code = <-done:
			case <-time.After(liveness):
				t.Fatalf("--jobs %s: Ctrl-C not answered within %v while stdin was silent", jobs, liveness)
			}
			pw.Close()
			pr.Close()
			if code != cli.ExitInterrupted {
				t.Fatalf("--jobs %s: code %d, out %q, stderr %q", jobs, code, o.String(), e.String())
			}
			if o.String() == "13 8\n" {
				break
			}
			if o.String() != "" || settle > 10*time.Second {
				t.Fatalf("--jobs %s: out %q, stderr %q", jobs, o.String(), e.String())
			}
			t.Logf("--jobs %s: cancelled after %v, before the line was answered: trying again later", jobs, settle)
		}
	}
}
