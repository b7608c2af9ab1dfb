package gobancmd

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/cmd/analyze/internal/batch"
	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/goban"
)

// run runs "analyze goban ARGS..." in-process with the given standard input.
func run(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var o, e bytes.Buffer
	code = Run(context.Background(), args, strings.NewReader(stdin), &o, &e)
	return o.String(), e.String(), code
}

// writeSpec writes the spec's cases to a directory through "goban gen --kind spec".
func writeSpec(t *testing.T) (dir string, files []string) {
	t.Helper()
	dir = filepath.Join(t.TempDir(), "spec")
	if _, e, code := run(t, "", "gen", "--kind", "spec", "--out", dir); code != 0 {
		t.Fatalf("gen spec: %d %s", code, e)
	}
	for i, c := range goban.SpecCases {
		files = append(files, filepath.Join(dir, fmt.Sprintf("%d-%s.txt", i+1, c.Name)))
	}
	return dir, files
}

func TestSpecCasesThroughCLI(t *testing.T) {
	_, files := writeSpec(t)
	for i, c := range goban.SpecCases {
		want := c.Want + "\n"
		for _, args := range [][]string{{"score"}, {"score", "-"}} {
			if out, e, code := run(t, c.Input, args...); out != want || e != "" || code != 0 {
				t.Errorf("%s on stdin %q: %q %q %d, want %q", c.Name, args, out, e, code, want)
			}
		}
		if out, e, code := run(t, "", "score", files[i]); out != want || e != "" || code != 0 {
			t.Errorf("%s as file: %q %q %d, want %q", c.Name, out, e, code, want)
		}
		if got, err := os.ReadFile(files[i]); err != nil || string(got) != c.Input {
			t.Errorf("%s: gen wrote %q, %v", c.Name, got, err)
		}
	}
}

func TestScoreSeveral(t *testing.T) {
	dir, files := writeSpec(t)
	var want strings.Builder
	for i, c := range goban.SpecCases {
		fmt.Fprintf(&want, "%s\t%s\n", files[i], c.Want)
	}
	if out, e, code := run(t, "", "score", dir); out != want.String() || e != "" || code != 0 {
		t.Errorf("score DIR: %q %q %d, want %q", out, e, code, want.String())
	}
	// Files in the order given, stdin among them, flags after the arguments.
	out, _, code := run(t, goban.SpecCases[1].Input, "score", files[4], "-", files[0], "--json")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 3 {
		t.Fatalf("--json: %d %q", code, out)
	}
	for i, want := range []struct {
		path, result string
		size         int
	}{{files[4], "B+6", 19}, {"-", "Jigo", 2}, {files[0], "W+6", 9}} {
		var v struct {
			Path   string
			Size   int
			Black  int
			White  int
			Result string
			Map    []string
		}
		if err := json.Unmarshal([]byte(lines[i]), &v); err != nil || v.Path != want.path ||
			v.Result != want.result || v.Size != want.size || v.Map != nil {
			t.Errorf("line %d: %q (%v), want %+v", i, lines[i], err, want)
		}
		if i == 2 && (v.Black != 23 || v.White != 29) {
			t.Errorf("9x9: black %d white %d, want 23 29", v.Black, v.White)
		}
	}
}

func TestScoreMap(t *testing.T) {
	c := goban.SpecCases[0]
	if out, _, code := run(t, c.Input, "score", "--map"); out != "W+6\n"+goban.SpecMap || code != 0 {
		t.Errorf("--map: %d\n%s", code, out)
	}
	out, _, code := run(t, c.Input, "score", "--map", "--json")
	var v struct{ Map []string }
	if err := json.Unmarshal([]byte(out), &v); err != nil || code != 0 ||
		strings.Join(v.Map, "\n")+"\n" != goban.SpecMap {
		t.Errorf("--map --json: %d %q %v", code, out, err)
	}
	// The empty board has an empty map.
	if out, _, _ := run(t, "", "score", "--map", "--json"); !strings.Contains(out, `"map":[]`) {
		t.Errorf("empty board map: %q", out)
	}
}

func TestScoreBadInputs(t *testing.T) {
	dir, files := writeSpec(t)
	bad := filepath.Join(dir, "0-bad.txt")
	os.WriteFile(bad, []byte("X O - X O\n"), 0o644)
	missing := filepath.Join(dir, "missing.txt")
	out, e, code := run(t, "", "score", bad, files[0], missing, files[4])
	if code != cli.ExitFail {
		t.Errorf("code %d, want 1", code)
	}
	if want := files[0] + "\tW+6\n" + files[4] + "\tB+6\n"; out != want {
		t.Errorf("stdout %q, want %q", out, want)
	}
	for _, want := range []string{bad + ": 5 board characters", "not a perfect square", missing + ": no such file"} {
		if !strings.Contains(e, want) {
			t.Errorf("stderr lacks %q:\n%s", want, e)
		}
	}
	if _, e, code := run(t, "XO", "score"); code != cli.ExitFail || !strings.Contains(e, "stdin: 2 board characters") {
		t.Errorf("bad stdin: %d %q", code, e)
	}
	if _, _, code := run(t, "", "score", "--bogus"); code != cli.ExitUsage {
		t.Errorf("bad flag: code %d", code)
	}
}

// TestScoreParallelOrder scores many generated boards and compares with one-by-one
// scoring in input order.
func TestScoreParallelOrder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "many")
	if _, e, code := run(t, "", "gen", "--size", "40", "--count", "60", "--out", dir); code != 0 {
		t.Fatalf("gen: %s", e)
	}
	out, _, code := run(t, "", "score", dir)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 60 {
		t.Fatalf("code %d, %d lines", code, len(lines))
	}
	ents, _ := os.ReadDir(dir)
	for i, ent := range ents {
		path := filepath.Join(dir, ent.Name())
		data, _ := os.ReadFile(path)
		b, err := goban.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		if want := path + "\t" + goban.Score(b).String(); lines[i] != want {
			t.Fatalf("line %d: %q, want %q", i, lines[i], want)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var o, e bytes.Buffer
	if code := Run(ctx, []string{"score", dir}, strings.NewReader(""), &o, &e); code != cli.ExitInterrupted {
		t.Errorf("cancelled: code %d", code)
	}
}

func TestGen(t *testing.T) {
	out, _, code := run(t, "", "gen", "--kind", "random", "--size", "33", "--seed", "5")
	if code != 0 || out != goban.RandomBoard(33, 5).String() {
		t.Errorf("random to stdout: %d", code)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "c.txt")
	if _, e, code := run(t, "", "gen", "--kind", "corridor", "--size", "11", "--out", file); code != 0 {
		t.Fatalf("corridor: %s", e)
	}
	if got, _ := os.ReadFile(file); string(got) != goban.CorridorBoard(11).String() {
		t.Errorf("corridor file:\n%s", got)
	}
	if _, e, code := run(t, "", "gen", "--kind", "spiral", "--size", "9", "--out", dir); code != 0 {
		t.Fatalf("spiral into dir: %s", e)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "spiral-9-1.txt")); string(got) != goban.SpiralBoard(9).String() {
		t.Errorf("spiral file:\n%s", got)
	}
	for _, args := range [][]string{
		{"gen", "--kind", "nosuch"},
		{"gen", "--size", "-1"},
		{"gen", "--count", "0"},
		{"gen", "--count", "2"},
		{"gen", "--kind", "spec"},
		{"gen", "extra"},
	} {
		if _, e, code := run(t, "", args...); code != cli.ExitUsage || e == "" {
			t.Errorf("%q: code %d, stderr %q", args, code, e)
		}
	}
}

func TestBatchJobsRun(t *testing.T) {
	if testing.Short() {
		t.Skip("generates and scores large boards")
	}
	work := t.TempDir()
	for _, job := range BatchJobs {
		args, err := batch.Split(strings.ReplaceAll(job, "$WORK", work))
		if err != nil || args[0] != "goban" {
			t.Fatalf("job %q: %v", job, err)
		}
		var o, e bytes.Buffer
		if code := Run(context.Background(), args[1:], strings.NewReader(""), &o, &e); code != 0 {
			t.Errorf("job %q: code %d\n%s", job, code, e.String())
		}
	}
}
