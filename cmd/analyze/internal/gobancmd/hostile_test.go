package gobancmd

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
)

// gzipped returns data compressed with gzip.
func gzipped(data []byte) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(data)
	zw.Close()
	return b.Bytes()
}

// zipped returns a zip archive of the members, name then body.
func zipped(members ...string) []byte {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for i := 0; i+1 < len(members); i += 2 {
		w, _ := zw.Create(members[i])
		w.Write([]byte(members[i+1]))
	}
	zw.Close()
	return b.Bytes()
}

// TestHostileInputs runs bad inputs beside a good one through the command: each bad
// input gets its message on stderr, the good one is still scored, the exit status is 1.
func TestHostileInputs(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("good.txt", []byte("X O\nX -\n"))
	goodLine := write("line.txt", []byte("X\n"))
	goodSGF := write("good.sgf", []byte("(;FF[4]SZ[3]KM[0.5];B[bb])"))
	nan := write("nan.sgf", []byte("(;FF[4]SZ[3]KM[nan];B[bb])"))
	inf := write("inf.sgf", []byte("(;FF[4]SZ[3]KM[inf];B[bb])"))
	notGz := write("board.txt.gz", []byte("X O\nX -\n"))
	nulGz := write("nul.txt.gz", gzipped([]byte("X O\x00X -\n")))
	nulZip := write("nul.zip", zipped("a.txt", "X O\x00X -\n", "b.txt", "X"))
	inner := zipped("in.txt", "X")
	zipZip := write("outer.zip", zipped("inner.zip", string(inner), "hidden-zip.txt", string(inner), "ok.txt", "O"))
	gzGz := write("twice.txt.gz", gzipped(gzipped([]byte("X"))))
	badZip := write("bad.zip", []byte("not a zip"))
	folder := filepath.Join(dir, "folder")
	write("folder/MANIFEST.tsv", []byte("name\tX-O\n"))
	write("folder/README", []byte("hello"))
	write("folder/a.sgf", []byte("(;FF[4]SZ[3];B[bb])"))
	write("folder/b.TXT", []byte("O"))
	write("folder/c.sgf.gz", gzipped([]byte("(;FF[4]SZ[3];W[bb])")))
	manifest := filepath.Join(folder, "MANIFEST.tsv")

	for _, c := range []struct {
		name    string
		args    []string
		out     string   // the good inputs' results
		errs    []string // each in stderr
		noErrs  bool
		code    int
		summary string // a line of the JSON summary, when --summary --json
	}{
		{name: "KM nan and inf", args: []string{"score", nan, goodSGF, inf},
			out: goodSGF + "\tB+8.5\n", errs: []string{nan + ": game 1, byte 15: KM[nan]: komi is not a number", inf + ": game 1, byte 15: KM[inf]: komi is not a number"}, code: cli.ExitFail},
		{name: "KM nan and inf, JSON", args: []string{"score", "--json", nan, goodSGF, inf},
			out: `"result":"B+8.5"`, errs: []string{nan + ": game 1, byte 15: KM[nan]", inf + ": game 1, byte 15: KM[inf]"}, code: cli.ExitFail},
		{name: "gz that is not gzip", args: []string{"score", notGz, good},
			out: good + "\tB+1\n", errs: []string{notGz + ": not gzip data, though the name ends in .gz"}, code: cli.ExitFail},
		{name: "NUL in gz", args: []string{"score", nulGz, good},
			out: good + "\tB+1\n", errs: []string{nulGz + ": binary data, not a board: NUL byte at offset 3"}, code: cli.ExitFail},
		{name: "NUL in zip member", args: []string{"score", nulZip, good},
			out: nulZip + "/b.txt\tB+1\n" + good + "\tB+1\n", errs: []string{nulZip + "/a.txt: binary data, not a board: NUL byte at offset 3"}, code: cli.ExitFail},
		{name: "zip in zip", args: []string{"score", zipZip, good},
			out: zipZip + "/ok.txt\tW+1\n" + good + "\tB+1\n", errs: []string{zipZip + "/inner.zip: a zip archive inside an archive is not read", zipZip + "/hidden-zip.txt: a zip archive inside an archive is not read"}, code: cli.ExitFail},
		{name: "gzip in gzip", args: []string{"score", gzGz, good},
			out: good + "\tB+1\n", errs: []string{gzGz + ": gzip data inside gzip data is not read"}, code: cli.ExitFail},
		{name: "not a zip", args: []string{"score", badZip, good},
			out: good + "\tB+1\n", errs: []string{badZip + ": zip: not a valid zip file\n"}, code: cli.ExitFail},
		{name: "lines of /dev/zero", args: []string{"score", "--lines", "/dev/zero", goodLine},
			out: goodLine + ":1\tB+1\n", errs: []string{"/dev/zero:1: binary data, not a board: NUL byte at offset 0; the rest of the input is not read"}, code: cli.ExitFail},
		{name: "folder skips what is not a game file", args: []string{"score", folder},
			out: filepath.Join(folder, "a.sgf") + "\tB+9\n" + filepath.Join(folder, "b.TXT") + "\tW+1\n" + filepath.Join(folder, "c.sgf.gz") + "\tW+9\n", noErrs: true, code: cli.ExitOK},
		{name: "folder summary counts the skipped", args: []string{"score", "--summary", "--json", folder, good},
			out: `"path":"` + good + `"`, code: cli.ExitOK,
			summary: `"boards":2,"games":2,"failed":0,"skipped":2`},
		{name: "a file named is read whatever its name", args: []string{"score", manifest, good},
			out: good + "\tB+1\n", errs: []string{manifest + ": 3 board characters"}, code: cli.ExitFail},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, e, code := run(t, "", c.args...)
			if code != c.code {
				t.Errorf("exit %d, want %d; stderr:\n%s", code, c.code, e)
			}
			if c.out != "" && !strings.Contains(out, c.out) {
				t.Errorf("stdout %q, want %q in it", out, c.out)
			}
			for _, want := range c.errs {
				if !strings.Contains(e, want) {
					t.Errorf("stderr lacks %q:\n%s", want, e)
				}
			}
			if c.noErrs && e != "" {
				t.Errorf("stderr %q, want none", e)
			}
			if c.summary != "" {
				var v map[string]any
				if err := json.Unmarshal([]byte(e), &v); err != nil || !strings.Contains(e, c.summary) {
					t.Errorf("summary %q (%v), want one JSON object holding %q", e, err, c.summary)
				}
			}
			if strings.Contains(e, "panic") || strings.Contains(e, "goroutine") {
				t.Errorf("a runtime trace reached the user:\n%s", e)
			}
		})
	}
}

// TestGenHostile: -j -1 is refused; a failed write to stdout names it.
func TestGenHostile(t *testing.T) {
	if _, e, code := run(t, "", "gen", "-j", "-1"); code != cli.ExitUsage || !strings.Contains(e, "--jobs -1: want 0..4096 (0: one per core)") {
		t.Errorf("gen -j -1: exit %d %q", code, e)
	}
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full")
	}
	defer full.Close()
	for _, args := range [][]string{{"gen"}, {"gen", "--lines", "--count", "3"}} {
		var e bytes.Buffer
		code := Run(context.Background(), args, nil, full, &e)
		if code != cli.ExitFail || !strings.HasPrefix(e.String(), "analyze goban gen: stdout: write ") {
			t.Errorf("%q > /dev/full: exit %d %q", args, code, e.String())
		}
	}
}

// TestKomiFlagNotANumber: --komi nan or inf is a usage error in score and draw alike.
func TestKomiFlagNotANumber(t *testing.T) {
	for _, cmd := range []string{"score", "draw"} {
		for _, k := range []string{"nan", "inf", "-Inf", "x"} {
			out, e, code := run(t, "(;SZ[5];B[cc])", cmd, "--komi", k, "-")
			if code != cli.ExitUsage || out != "" || !strings.Contains(e, "not a number") {
				t.Errorf("%s --komi %s: exit %d, out %q, err %q", cmd, k, code, out, e)
			}
		}
	}
}

// TestReportOrder: with stdout and stderr on one stream (2>&1), a bad input's message
// comes after the results of the inputs before it and before those after it, for files
// and for --lines.
func TestReportOrder(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a, b, c := write("a.sgf", "(;SZ[5];B[cc])"), write("b.sgf", "(;SZ[5];B[zz"), write("c.sgf", "(;SZ[5];W[cc])")
	lines := write("boards.lines", "X--------\nXX\nO--------\n")
	for _, args := range [][]string{{"score", a, b, c}, {"score", "--lines", lines}} {
		var both bytes.Buffer
		code := Run(context.Background(), args, nil, &both, &both)
		got := strings.Split(strings.TrimSpace(both.String()), "\n")
		if code != cli.ExitFail || len(got) != 3 || !strings.HasPrefix(got[1], "analyze goban score: ") ||
			strings.HasPrefix(got[0], "analyze") || strings.HasPrefix(got[2], "analyze") {
			t.Errorf("%q: exit %d, output\n%s", args, code, both.String())
		}
	}
}

// TestScoreOut: --out FILE gets the results, which appear only when the run ends.
func TestScoreOut(t *testing.T) {
	dir := t.TempDir()
	board := filepath.Join(dir, "b.txt")
	os.WriteFile(board, []byte("X"), 0o644)
	outPath := filepath.Join(dir, "out.txt")
	out, e, code := run(t, "", "score", "--out", outPath, board, board)
	if code != 0 || out != "" || e != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, e)
	}
	if got, _ := os.ReadFile(outPath); string(got) != board+"\tB+1\n"+board+"\tB+1\n" {
		t.Errorf("--out holds %q", got)
	}
	if _, e, code := run(t, "", "score", "--out", filepath.Join(dir, "no", "such", "out.txt"), board); code != cli.ExitUsage || !strings.Contains(e, "does not exist") {
		t.Errorf("--out into a missing directory: exit %d %q", code, e)
	}
}
