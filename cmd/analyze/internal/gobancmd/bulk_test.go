package gobancmd

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/shard"
)

// oneLine is a board's symbols on one line.
func oneLine(b *goban.Board) string {
	var s []byte
	for _, c := range b.AppendText(nil) {
		if c == 'X' || c == 'O' || c == '-' {
			s = append(s, c)
		}
	}
	return string(s) + "\n"
}

func TestGenLinesMatchesBoards(t *testing.T) {
	out, e, code := run(t, "", "gen", "--lines", "--size", "13", "--seed", "7", "--count", "600")
	if code != 0 {
		t.Fatalf("gen --lines: %d %s", code, e)
	}
	var want strings.Builder
	for i := 0; i < 600; i++ {
		want.WriteString(oneLine(goban.RandomBoard(13, 7+uint64(i))))
	}
	if out != want.String() {
		t.Fatal("gen --lines differs from RandomBoard")
	}
	out, _, _ = run(t, "", "gen", "--lines", "--kind", "spec")
	for i, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		b, err := goban.Parse([]byte(line))
		if err != nil || goban.Score(b).String() != goban.SpecCases[i].Want {
			t.Errorf("spec line %d: %q %v", i, line, err)
		}
	}
}

// TestGenLargeBoard writes a board of more than a megabyte, which gen hands to the
// output a megabyte at a time.
func TestGenLargeBoard(t *testing.T) {
	out, _, code := run(t, "", "gen", "--size", "900", "--seed", "4")
	if code != 0 || out != goban.RandomBoard(900, 4).String() {
		t.Errorf("900x900 to stdout: code %d, text differs", code)
	}
}

func TestScoreLines(t *testing.T) {
	dir := t.TempDir()
	// Boards of several sizes, each scored alone for the expected line.
	var text, want strings.Builder
	for i := 0; i < 3000; i++ {
		b := goban.RandomBoard(1+i%40, uint64(i))
		text.WriteString(oneLine(b))
		want.WriteString(goban.Score(b).String() + "\n")
	}
	file := filepath.Join(dir, "boards.txt")
	os.WriteFile(file, []byte(text.String()), 0o644)
	for _, jobs := range []string{"1", "2", "5"} {
		if out, e, code := run(t, "", "score", "--lines", "--jobs", jobs, file); out != want.String() || code != 0 || e != "" {
			t.Fatalf("--lines --jobs %s: code %d %q, output differs", jobs, code, e)
		}
	}
	if out, _, code := run(t, text.String(), "score", "--lines"); out != want.String() || code != 0 {
		t.Fatalf("--lines on stdin: code %d, output differs", code)
	}

	// Blank and comment lines are skipped but counted; a bad line is reported by number.
	mixed := "# boards\n" + goban.SpecCases[3].Input[:40] + "\n\r\n" + strings.ReplaceAll(goban.SpecCases[0].Input, "\n", " ") + "\nXO\nX O - X"
	os.WriteFile(filepath.Join(dir, "mixed.txt"), []byte(mixed), 0o644)
	out, e, code := run(t, "", "score", "--lines", filepath.Join(dir, "mixed.txt"))
	if out != "W+6\nB+2\n" || code != cli.ExitFail || !strings.Contains(e, "mixed.txt:5: 2 board characters") {
		t.Errorf("mixed: %q %q %d", out, e, code)
	}
	if !strings.Contains(e, "mixed.txt:2: 40 board characters") {
		t.Errorf("mixed: line 2 not reported: %q", e)
	}
	// Several inputs: PATH:LINE before each result; --json names path and line.
	mixedPath := filepath.Join(dir, "mixed.txt")
	out, _, _ = run(t, "X\n", "score", "--lines", mixedPath, "-")
	if want := mixedPath + ":4\tW+6\n" + mixedPath + ":6\tB+2\n-:1\tB+1\n"; out != want {
		t.Errorf("several inputs: %q, want %q", out, want)
	}
	out, _, _ = run(t, "X\n", "score", "--lines", "--json")
	if out != `{"path":"-","line":1,"size":1,"black":1,"white":0,"result":"B+1"}`+"\n" {
		t.Errorf("--json: %q", out)
	}
	if _, _, code := run(t, "", "score", "--lines", "--map"); code != cli.ExitUsage {
		t.Errorf("--lines --map: code %d", code)
	}
	// A missing input is reported in place and the others still scored.
	out, e, code = run(t, "X\n", "score", "--lines", filepath.Join(dir, "nosuch"), "-")
	if out != "-:1\tB+1\n" || code != cli.ExitFail || !strings.Contains(e, "nosuch: no such file") {
		t.Errorf("missing input: %q %q %d", out, e, code)
	}
}

// TestScoreLinesLong puts lines longer than a read chunk between short ones.
func TestScoreLinesLong(t *testing.T) {
	big := goban.RandomBoard(1100, 3) // 1.2 MB on one line: more than a chunk
	bigLine := oneLine(big)
	small := goban.RandomBoard(9, 1)
	in := oneLine(small) + bigLine + oneLine(small) + "#" + bigLine + bigLine[:len(bigLine)-2] + "\n" + oneLine(small) + bigLine[:len(bigLine)-1]
	r1, r2 := goban.Score(small).String(), goban.Score(big).String()
	out, e, code := run(t, in, "score", "--lines")
	if want := r1 + "\n" + r2 + "\n" + r1 + "\n" + r1 + "\n" + r2 + "\n"; out != want || code != cli.ExitFail {
		t.Fatalf("long lines: %q, want %q (code %d)", out, want, code)
	}
	if !strings.Contains(e, "stdin:5: 1209999 board characters") {
		t.Errorf("long bad line: %q", e)
	}
	// The size limit holds for long and short lines alike, by count.
	out, e, code = run(t, in, "score", "--lines", "--max-size", "9")
	if want := r1 + "\n" + r1 + "\n" + r1 + "\n"; out != want || code != cli.ExitFail ||
		!strings.Contains(e, "stdin:2: more than 81 board characters") || !strings.Contains(e, "--max-size") {
		t.Errorf("--max-size 9: %q %q", out, e)
	}
}

func TestScoreMaxSizeAndBinary(t *testing.T) {
	dir, files := writeSpec(t)
	_ = dir
	out, e, code := run(t, "", "score", "--max-size", "10", files[4], files[0], "/dev/zero")
	if out != files[0]+"\tW+6\n" || code != cli.ExitFail {
		t.Errorf("--max-size 10: %q %d", out, code)
	}
	for _, want := range []string{files[4] + ": more than 100 board characters (X, O, -): larger than the 10x10 limit (raise it with --max-size)",
		"/dev/zero: binary data, not a board: NUL byte at offset 0"} {
		if !strings.Contains(e, want) {
			t.Errorf("stderr lacks %q:\n%s", want, e)
		}
	}
	// On stdin too, the count decides as the text streams in.
	if _, e, code := run(t, strings.Repeat("X ", 200), "score", "--max-size", "14"); code != cli.ExitFail || !strings.Contains(e, "stdin: more than 196") {
		t.Errorf("stdin over the limit: %d %q", code, e)
	}
	if _, _, code := run(t, "", "score", "--max-size", "0"); code != cli.ExitUsage {
		t.Errorf("--max-size 0: code %d", code)
	}
}

// TestChildMain is not a test: TestMemoryLimit runs the test binary as "analyze goban"
// through it, under a memory limit.
func TestChildMain(t *testing.T) {
	if os.Getenv("GOBANCMD_CHILD") != "1" {
		t.Skip("helper process for TestMemoryLimit")
	}
	args := strings.Split(os.Getenv("GOBANCMD_ARGS"), "\x1f")
	os.Exit(Run(context.Background(), args, os.Stdin, os.Stdout, os.Stderr))
}

// TestMemoryLimit scores /dev/zero, a good file and a 300 MB non-square board on stdin
// in a process whose data segment (the heap) is limited to 512 MB (reading the whole stream needed more than that before): each bad input gets its error, the
// good one its result, and nothing runs out of memory.
func TestMemoryLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("streams 300 MB through a child process")
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh to set ulimit -d")
	}
	_, files := writeSpec(t)
	cmd := exec.Command(sh, "-c", `ulimit -d 524288 && exec "$0" -test.run='^TestChildMain$'`, os.Args[0])
	cmd.Env = append(os.Environ(), "GOBANCMD_CHILD=1",
		"GOBANCMD_ARGS="+strings.Join([]string{"score", "/dev/zero", files[4], "-"}, "\x1f"))
	cmd.Stdin = io.LimitReader(&repeat{'X'}, 300<<20+1)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err = cmd.Run()
	if code := cmd.ProcessState.ExitCode(); code != 1 {
		t.Fatalf("exit %d (%v), want 1; stderr:\n%s", code, err, e.String())
	}
	if o.String() != files[4]+"\tB+6\n" {
		t.Errorf("stdout %q", o.String())
	}
	for _, want := range []string{"/dev/zero: binary data", "stdin: 314572801 board characters (X, O, -) is not a perfect square"} {
		if !strings.Contains(e.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, e.String())
		}
	}
	if strings.Contains(e.String(), "fatal error") || strings.Contains(e.String(), "goroutine") {
		t.Errorf("a runtime trace reached the user:\n%s", e.String())
	}
}

type repeat struct{ c byte }

func (r *repeat) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = r.c
	}
	return len(p), nil
}

// shardRuns runs args with --shard K/N for K = 0..N-1 and returns their outputs.
func shardRuns(t *testing.T, stdin string, n int, args ...string) []string {
	t.Helper()
	var outs []string
	for k := 0; k < n; k++ {
		a := append(append([]string{}, args...), "--shard", fmt.Sprintf("%d/%d", k, n))
		out, e, code := run(t, stdin, a...)
		if code != 0 && code != cli.ExitFail {
			t.Fatalf("%q: code %d %s", a, code, e)
		}
		outs = append(outs, out)
	}
	return outs
}

// mergeLines puts line-stream shard outputs back in input order: drop each header,
// sort the lines by their index prefix, drop the prefix.
func mergeLines(t *testing.T, outs []string) string {
	t.Helper()
	type line struct {
		i    int
		text string
	}
	var all []line
	for k, out := range outs {
		ls := strings.SplitAfter(out, "\n")
		if want := fmt.Sprintf("%s %d/%d job ", shard.LinesHeader, k, len(outs)); !strings.HasPrefix(ls[0], want) {
			t.Fatalf("shard %d header %q, want %q", k, ls[0], want)
		}
		ls = ls[:len(ls)-1] // after the last newline
		if end := ls[len(ls)-1]; !strings.HasPrefix(end, shard.LinesTrailer+" stdin ") {
			t.Fatalf("shard %d ends with %q, not its %s line", k, end, shard.LinesTrailer)
		}
		for _, l := range ls[1 : len(ls)-1] {
			if l == "" {
				continue
			}
			idx, rest, _ := strings.Cut(l, "\t")
			i, err := strconv.Atoi(idx)
			if err != nil {
				t.Fatalf("shard %d line %q: no index", k, l)
			}
			all = append(all, line{i, rest})
		}
	}
	slices.SortStableFunc(all, func(a, b line) int { return a.i - b.i })
	var s strings.Builder
	for _, l := range all {
		s.WriteString(l.text)
	}
	return s.String()
}

// TestLinesInterrupted cancels --lines and gen and expects exit 130 with the output
// written so far in order.
func TestLinesInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var o, e bytes.Buffer
	if code := Run(ctx, []string{"score", "--lines"}, io.LimitReader(&repeat{'X'}, 1<<30), &o, &e); code != cli.ExitInterrupted {
		t.Errorf("score --lines cancelled: code %d %q", code, e.String())
	}
	dir := t.TempDir()
	if code := Run(ctx, []string{"gen", "--count", "1000", "--out", dir}, nil, &o, &e); code != cli.ExitInterrupted {
		t.Errorf("gen cancelled: code %d", code)
	}
	if code := Run(ctx, []string{"gen", "--lines", "--count", "100000"}, nil, &o, &e); code != cli.ExitInterrupted {
		t.Errorf("gen --lines cancelled: code %d", code)
	}
	// Cancelled while reading: the lines before are printed, in order.
	ctx, cancel = context.WithCancel(context.Background())
	r := &cancelAfter{r: strings.NewReader(strings.Repeat("X\n", 100000)), n: 3, cancel: cancel}
	o.Reset()
	code := Run(ctx, []string{"score", "--lines"}, r, &o, &e)
	if code != cli.ExitInterrupted || strings.Trim(o.String(), "B+1\n") != "" {
		t.Errorf("score --lines cancelled while reading: code %d, output %d bytes", code, o.Len())
	}
}

// cancelAfter reads through r in small pieces and cancels after n reads.
type cancelAfter struct {
	r      io.Reader
	n      int
	cancel func()
}

func (c *cancelAfter) Read(p []byte) (int, error) {
	if c.n--; c.n == 0 {
		c.cancel()
	}
	return c.r.Read(p[:min(len(p), 4096)])
}

func TestShardScore(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "many")
	if _, e, code := run(t, "", "gen", "--size", "15", "--count", "40", "--out", dir); code != 0 {
		t.Fatal(e)
	}
	os.WriteFile(filepath.Join(dir, "bad.txt"), []byte("XO"), 0o644)
	lines, _, _ := run(t, "", "gen", "--lines", "--size", "11", "--count", "100")
	lines = "# header\n" + lines + "\nXO\n"
	whole, _, _ := run(t, "", "score", dir)
	wholeJSON, _, _ := run(t, "", "score", "--json", dir)
	wholeLines, _, _ := run(t, lines, "score", "--lines")
	wholeLines2, _, _ := run(t, lines, "score", "--lines", "-", dir+"/random-15-1.txt")
	for _, n := range []int{1, 3, 7} {
		if got := strings.Join(shardRuns(t, "", n, "score", dir), ""); got != whole {
			t.Errorf("%d shards of a directory: concatenation differs:\n%s\nwant\n%s", n, got, whole)
		}
		if got := strings.Join(shardRuns(t, "", n, "score", "--json", dir), ""); got != wholeJSON {
			t.Errorf("%d shards --json: concatenation differs", n)
		}
		if got := mergeLines(t, shardRuns(t, lines, n, "score", "--lines")); got != wholeLines {
			t.Errorf("%d shards of a line stream: merged differs:\n%s\nwant\n%s", n, got, wholeLines)
		}
		if got := mergeLines(t, shardRuns(t, lines, n, "score", "--lines", "-", dir+"/random-15-1.txt")); got != wholeLines2 {
			t.Errorf("%d shards of two line inputs: merged differs", n)
		}
	}
	// A single input keeps its bare result line whichever shard scores it.
	one := filepath.Join(dir, "random-15-1.txt")
	outs := shardRuns(t, "", 3, "score", one)
	if strings.Join(outs, "") != strings.TrimPrefix(whole[:strings.Index(whole, "\n")+1], one+"\t") {
		t.Errorf("one input in 3 shards: %q", outs)
	}
	// The scheduler's variables pick the shard when --shard is absent.
	t.Setenv("SLURM_ARRAY_TASK_ID", "1")
	t.Setenv("SLURM_ARRAY_TASK_COUNT", "3")
	out, e, _ := run(t, "", "score", dir)
	if out != shardRuns(t, "", 3, "score", dir)[1] || !strings.Contains(e, "shard 1/3 from $SLURM_ARRAY_TASK_ID") {
		t.Errorf("Slurm shard: %q", e)
	}
}

func TestShardGen(t *testing.T) {
	whole, _, _ := run(t, "", "gen", "--lines", "--size", "9", "--count", "50", "--seed", "3")
	tmp := t.TempDir()
	for _, n := range []int{1, 3, 7} {
		if got := strings.Join(shardRuns(t, "", n, "gen", "--lines", "--size", "9", "--count", "50", "--seed", "3"), ""); got != whole {
			t.Errorf("%d shards to stdout: concatenation differs", n)
		}
		out := filepath.Join(tmp, fmt.Sprintf("b%d.txt", n))
		var cat []byte
		for k, o := range shardRuns(t, "", n, "gen", "--lines", "--size", "9", "--count", "50", "--seed", "3", "--out", out) {
			if o != "" {
				t.Errorf("shard %d wrote %q to stdout", k, o)
			}
			data, err := os.ReadFile(fmt.Sprintf("%s.%d-of-%d", out, k, n))
			if err != nil {
				t.Fatal(err)
			}
			cat = append(cat, data...)
		}
		if string(cat) != whole {
			t.Errorf("%d shard files: concatenation differs", n)
		}
		// Into a directory, the shards make the whole run's files.
		d := filepath.Join(tmp, fmt.Sprintf("d%d", n))
		shardRuns(t, "", n, "gen", "--size", "9", "--count", "50", "--seed", "3", "--out", d)
		ents, _ := os.ReadDir(d)
		if len(ents) != 50 {
			t.Fatalf("%d shards into a directory: %d files", n, len(ents))
		}
		for _, ent := range ents {
			var s uint64
			fmt.Sscanf(ent.Name(), "random-9-%d.txt", &s)
			if data, _ := os.ReadFile(filepath.Join(d, ent.Name())); string(data) != goban.RandomBoard(9, s).String() {
				t.Errorf("%s differs", ent.Name())
			}
		}
	}
	if _, _, code := run(t, "", "gen", "--lines", "--out", tmp); code != cli.ExitUsage {
		t.Errorf("--lines into a directory: code %d", code)
	}
	if ents, _ := filepath.Glob(filepath.Join(tmp, "*", ".gen-*")); len(ents) > 0 {
		t.Errorf("temporary files left: %q", ents)
	}
}

// TestGenRemovesStaleTemp: a temporary file left in the directory by a killed gen (a
// process no longer running) is removed by the next run.
func TestGenRemovesStaleTemp(t *testing.T) {
	dir := t.TempDir()
	stale := filepath.Join(dir, ".gen.tmp-999999999-0")
	os.WriteFile(stale, []byte("X"), 0o644)
	var out, errb bytes.Buffer
	if code := Run(context.Background(), []string{"gen", "--count", "3", "--out", dir + "/"}, nil, &out, &errb); code != 0 {
		t.Fatalf("gen: %d %s", code, errb.String())
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Fatalf("stale temp file still there: %v", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 3 {
		t.Fatalf("%d entries, want the 3 boards", len(ents))
	}
}
