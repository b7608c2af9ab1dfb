package utttcmd

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/boardlab/boardlab/shard"
)

// shardRuns runs "selfplay ARGS --shard K/N --out base" for every K and returns the
// shard files in a scrambled order.
func shardRuns(t *testing.T, base string, n int, args ...string) []string {
	t.Helper()
	var paths []string
	for k := n - 1; k >= 0; k-- {
		a := append(append([]string{"selfplay"}, args...), "--shard", fmt.Sprintf("%d/%d", k, n), "--out", base)
		code, stdout, stderr := runCmd(context.Background(), a...)
		if code != 0 || !strings.Contains(stdout, fmt.Sprintf("shard        %d/%d", k, n)) {
			t.Fatalf("%v: exit %d\n%s%s", a, code, stdout, stderr)
		}
		paths = append(paths, fmt.Sprintf("%s.%d-of-%d", base, k, n))
	}
	return paths
}

func merge(paths []string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	parts, closeAll, err := shard.OpenParts(context.Background(), paths)
	if err != nil {
		return 1, "", err.Error()
	}
	defer closeAll()
	code := MergeSelfplay(context.Background(), parts, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// TestSelfplayShardsMerge: for N = 1, 3, 7 shards, the merge of their --out files
// prints exactly the unsharded report, with and without an SPRT (which the unsharded
// run stops on, and the merge judges in index order).
func TestSelfplayShardsMerge(t *testing.T) {
	for _, c := range [][]string{
		{"--a", "naive", "--b", "random", "--count", "701", "--seed", "4", "-j", "2"},
		{"--a", "naive", "--b", "random", "--count", "3000", "--sprt", "0,50", "--openings", "2"},
		{"--a", "random", "--b", "random", "--count", "500", "--sprt", "-20,20", "--openings", "0"},
	} {
		code, want, stderr := runCmd(context.Background(), append([]string{"selfplay"}, c...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d, %s", c, code, stderr)
		}
		_, wantJSON, _ := runCmd(context.Background(), append([]string{"selfplay", "--json"}, c...)...)
		for _, n := range []int{1, 3, 7} {
			dir := t.TempDir()
			paths := shardRuns(t, filepath.Join(dir, "g.jsonl"), n, c...)
			code, got, stderr := merge(paths)
			if code != 0 || got != want {
				t.Fatalf("%v, %d shards: exit %d, %s\nmerged:\n%s\nunsharded:\n%s", c, n, code, stderr, got, want)
			}
			code, got, _ = runCmd(context.Background(), append([]string{"report", "--json"}, paths...)...)
			if code != 0 || got != wantJSON {
				t.Fatalf("%v, %d shards, --json:\n%s\nunsharded:\n%s", c, n, got, wantJSON)
			}
		}
	}
}

func TestSelfplayMergeErrors(t *testing.T) {
	dir := t.TempDir()
	base := filepath.Join(dir, "g.jsonl")
	// One worker, so that each file is in index order.
	args := []string{"--a", "naive", "--b", "random", "--count", "300", "-j", "1"}
	paths := shardRuns(t, base, 3, args...) // 2/3, 1/3, 0/3
	other := shardRuns(t, filepath.Join(dir, "h.jsonl"), 3, "--a", "naive", "--b", "random", "--count", "300", "--seed", "9")
	// An interrupted shard: its last 10 games cut off.
	data, _ := os.ReadFile(paths[1])
	lines := strings.SplitAfter(string(data), "\n")
	cut := filepath.Join(dir, "cut.jsonl.1-of-3")
	os.WriteFile(cut, []byte(strings.Join(lines[:len(lines)-11], "")), 0o644)
	unsharded := filepath.Join(dir, "u.jsonl")
	runCmd(context.Background(), append(append([]string{"selfplay"}, args...), "--out", unsharded)...)
	for _, c := range []struct {
		paths []string
		want  string
	}{
		{paths[:2], "shard 0/3 (games 0..99) is missing"},
		{append(paths, paths[0]), "shard 2/3 given twice: " + paths[0] + " and " + paths[0]},
		{[]string{paths[0], paths[2], cut}, "cut.jsonl.1-of-3 (shard 1/3 (games 100..199 of 300)): games 190..199 are missing"},
		{[]string{paths[0], other[1], paths[2]}, "is another match"},
		{[]string{paths[0], unsharded}, "is a shard's file and " + unsharded + " is not"},
		{[]string{filepath.Join(dir, "nope")}, "no such file"},
	} {
		code, stdout, stderr := merge(c.paths)
		if code != 1 || stdout != "" || !strings.Contains(stderr, c.want) {
			t.Errorf("merge %v: exit %d, stdout %q, stderr %q; want %q", c.paths, code, stdout, stderr, c.want)
		}
	}
	// An unsharded file merges (reports) alone, as the run printed it.
	_, want, _ := runCmd(context.Background(), append([]string{"selfplay"}, args...)...)
	if code, got, stderr := merge([]string{unsharded}); code != 0 || got != want {
		t.Errorf("report of an unsharded file: exit %d %s\n%s\nwant\n%s", code, stderr, got, want)
	}
	// The shard header is recognised, and so is a plain --out file.
	for _, p := range []string{paths[0], unsharded} {
		head, _ := os.ReadFile(p)
		if !IsSelfplayOut(head[:40]) || bytes.HasPrefix(head, []byte(shard.DivideHeader)) {
			t.Errorf("%s: not recognised as self-play output", p)
		}
	}
	// A shard's file is refused by an unsharded run and by another shard.
	code, _, stderr := runCmd(context.Background(), append(append([]string{"selfplay"}, args...), "--out", paths[0])...)
	if want := "--out: " + paths[0] + " holds shard 2/3 (games 200..299 of 300); give the same --shard, or another --out\n"; code != 1 || !strings.HasSuffix(stderr, want) {
		t.Errorf("unsharded run into a shard's file: exit %d, %q, want %q", code, stderr, want)
	}
	a := append(append([]string{"selfplay"}, args...), "--sprt", "0,50", "--shard", "2/3", "--out", base)
	code, _, stderr = runCmd(context.Background(), a...)
	want = "--out: " + paths[0] + " holds shard 2/3 (games 200..299 of 300) without --sprt; this run is shard 2/3 (games 200..299 of 300) with --sprt 0,50: give the same --shard, --count and --sprt, or another --out\n"
	if code != 1 || !strings.HasSuffix(stderr, want) {
		t.Errorf("another run into a shard's file: exit %d, %q, want %q", code, stderr, want)
	}
	unshardedOut := filepath.Join(dir, "u2.jsonl.0-of-3") // what --shard 0/3 --out u2.jsonl writes
	runCmd(context.Background(), append(append([]string{"selfplay"}, args...), "--count", "50", "--out", unshardedOut)...)
	code, _, stderr = runCmd(context.Background(), append(append([]string{"selfplay"}, args...), "--shard", "0/3", "--out", filepath.Join(dir, "u2.jsonl"))...)
	if want := "--out: " + unshardedOut + " holds games of an unsharded run; a shard needs its own --out\n"; code != 1 || !strings.HasSuffix(stderr, want) {
		t.Errorf("a shard into an unsharded file: exit %d, %q, want %q", code, stderr, want)
	}
	sprt := shardRuns(t, filepath.Join(dir, "s.jsonl"), 3, append(args, "--sprt", "0,50")...)
	code, _, stderr = merge([]string{paths[0], sprt[1], paths[2]})
	if want := sprt[1] + " and " + paths[0] + " ran with different --sprt: shards of different runs\n"; code != 1 || !strings.HasSuffix(stderr, want) {
		t.Errorf("merge of shards with different SPRTs: exit %d, %q, want %q", code, stderr, want)
	}
	empty := filepath.Join(dir, "empty.jsonl")
	os.WriteFile(empty, nil, 0o644)
	if code, _, stderr := merge([]string{empty}); code != 1 || !strings.HasSuffix(stderr, empty+": empty: not a self-play --out file\n") {
		t.Errorf("merge of an empty file: exit %d, %q", code, stderr)
	}
}

func TestPerftDivideShardsMerge(t *testing.T) {
	for _, pos := range [][]string{{"4"}, {"3", "44"}, {"5", "40", "04", "41", "14", "42", "24"}} {
		want, _, code := engineRun(runPerft, append([]string{"--divide"}, pos...)...)
		if code != 0 {
			t.Fatal(code)
		}
		for _, n := range []int{1, 3, 7} {
			dir := t.TempDir()
			var paths []string
			for k := 0; k < n; k++ {
				out, errOut, code := engineRun(runPerft, append([]string{"--divide", "--shard", fmt.Sprintf("%d/%d", k, n)}, pos...)...)
				if code != 0 {
					t.Fatalf("shard %d/%d: %d %s", k, n, code, errOut)
				}
				if !strings.HasPrefix(out, shard.DivideHeader+" ") || IsSelfplayOut([]byte(out)) {
					t.Fatalf("shard output not recognised: %q", out)
				}
				p := filepath.Join(dir, fmt.Sprintf("p.%d", k))
				os.WriteFile(p, []byte(out), 0o644)
				paths = append([]string{p}, paths...)
			}
			var stdout bytes.Buffer
			if err := shard.Merge(context.Background(), paths, &stdout); err != nil || stdout.String() != want {
				t.Fatalf("%v, %d shards: %v\n%s\nwant\n%s", pos, n, err, stdout.String(), want)
			}
			if n == 3 {
				if err := shard.Merge(context.Background(), paths[1:], io.Discard); err == nil || !strings.Contains(err.Error(), "shard 2/3") {
					t.Errorf("missing shard: %v", err)
				}
				data, _ := os.ReadFile(paths[0])
				os.WriteFile(paths[0], data[:bytes.LastIndexByte(data[:len(data)-1], '\n')+1], 0o644)
				if err := shard.Merge(context.Background(), paths, io.Discard); err == nil || !strings.Contains(err.Error(), "did not finish") {
					t.Errorf("unfinished shard: %v", err)
				}
			}
		}
	}
	_, errOut, code := engineRun(runPerft, "--shard", "0/2", "3")
	if code != 2 || !strings.Contains(errOut, "needs --divide") {
		t.Errorf("--shard without --divide: %d %q", code, errOut)
	}
}

// TestSelfplayPlot checks the plot's structure: well-formed SVG with the score, its
// interval, the LLR and both bounds, from the run and from the merge alike.
func TestSelfplayPlot(t *testing.T) {
	dir := t.TempDir()
	plot := filepath.Join(dir, "p.svg")
	args := []string{"--a", "naive", "--b", "random", "--count", "2000", "--sprt", "0,50"}
	code, _, stderr := runCmd(context.Background(), append(append([]string{"selfplay"}, args...), "--plot", plot)...)
	if code != 0 {
		t.Fatalf("exit %d, %s", code, stderr)
	}
	classes := selfplaySVGClasses(t, plot)
	for _, c := range []string{"score", "interval", "llr", "bound"} {
		if classes[c] == 0 {
			t.Errorf("no element of class %q in %v", c, classes)
		}
	}
	if classes["bound"] != 2 {
		t.Errorf("%d bounds", classes["bound"])
	}
	paths := shardRuns(t, filepath.Join(dir, "g.jsonl"), 3, args...)
	plot2 := filepath.Join(dir, "m.svg")
	if code, _, stderr := runCmd(context.Background(), append([]string{"report", "--plot", plot2}, paths...)...); code != 0 {
		t.Fatalf("report --plot: %d %s", code, stderr)
	}
	a, _ := os.ReadFile(plot)
	b, _ := os.ReadFile(plot2)
	if !bytes.Equal(a, b) {
		t.Errorf("the merge's plot differs from the run's")
	}
	// An unwritable destination is refused before a billion games are played (hours of
	// work): a run still going after the liveness deadline is cancelled and fails.
	ctx, cancel := context.WithTimeout(context.Background(), liveness)
	defer cancel()
	code, stdout, stderr := runCmd(ctx, "selfplay", "--a", "random", "--b", "random", "--count", "1000000000", "--plot", filepath.Join(dir, "no", "p.svg"))
	if code != 2 || stdout != "" || !strings.Contains(stderr, "--plot "+filepath.Join(dir, "no", "p.svg")+": directory ") {
		t.Errorf("--plot into a missing directory: exit %d, %q", code, stderr)
	}
}

func selfplaySVGClasses(t *testing.T, path string) map[string]int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d := xml.NewDecoder(f)
	classes := map[string]int{}
	root := ""
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: not well-formed: %v", path, err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			if root == "" {
				root = se.Name.Local
			}
			for _, a := range se.Attr {
				if a.Name.Local == "class" {
					classes[a.Value]++
				}
			}
		}
	}
	if root != "svg" {
		t.Fatalf("root element %q", root)
	}
	return classes
}

// liveness is how long a cancelled command gets to return: far beyond what any machine
// needs, so that only a command that ignores the cancel fails.
const liveness = 30 * time.Second

// TestInterruptAnswersQuickly: Ctrl-C (a cancelled context) stops a long perft and a
// long self-play (minutes to hours of work) with exit 130.
func TestInterruptAnswersQuickly(t *testing.T) {
	for _, args := range [][]string{
		{"perft", "12"},
		{"perft", "--divide", "-j", "2", "11"},
		{"selfplay", "--a", "engine:1s", "--b", "depth:4", "--count", "10"},
		{"selfplay", "--a", "random", "--b", "random", "--count", "1000000000", "--out", filepath.Join(t.TempDir(), "g.jsonl")},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		type result struct {
			code           int
			stdout, stderr string
		}
		done := make(chan result, 1)
		go func() {
			code, stdout, stderr := runCmd(ctx, args...)
			done <- result{code, stdout, stderr}
		}()
		time.Sleep(300 * time.Millisecond)
		cancel()
		select {
		case r := <-done:
			if r.code != 130 {
				t.Errorf("%v: exit %d after the interrupt\nstdout %q\nstderr %q", args, r.code, r.stdout, r.stderr)
			}
		case <-time.After(liveness):
			t.Fatalf("%v: still running %v after the interrupt", args, liveness)
		}
	}
}

// TestSelfplayShardFromScheduler: a Slurm array task's variables pick the shard, and
// the command says so.
func TestSelfplayShardFromScheduler(t *testing.T) {
	t.Setenv("SLURM_ARRAY_TASK_ID", "1")
	t.Setenv("SLURM_ARRAY_TASK_COUNT", "3")
	out := filepath.Join(t.TempDir(), "g.jsonl")
	code, stdout, stderr := runCmd(context.Background(), "selfplay", "--a", "naive", "--b", "random", "--count", "30", "--out", out)
	if code != 0 || !strings.Contains(stderr, "shard 1/3 from $SLURM_ARRAY_TASK_ID") || !strings.Contains(stdout, "shard        1/3: games 10..19 of 30") {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	if _, err := os.Stat(out + ".1-of-3"); err != nil {
		t.Fatal(err)
	}
}

// openParts opens the shard files at paths for a merge, closed at the test's end.
func openParts(t *testing.T, paths []string) []shard.Part {
	t.Helper()
	parts, closeAll, err := shard.OpenParts(context.Background(), paths)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(closeAll)
	return parts
}
