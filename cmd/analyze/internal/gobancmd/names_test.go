package gobancmd

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/goban/draw"
)

// writeFiles writes name-body pairs under dir (folders made) and returns dir.
func writeFiles(t *testing.T, dir string, files ...string) string {
	t.Helper()
	for i := 0; i+1 < len(files); i += 2 {
		p := filepath.Join(dir, files[i])
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(files[i+1]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestMisnamedSGF: an input named *.sgf (a file, a folder's file, a .sgf.gz, a zip
// member) whose content is not an SGF record, or that is empty, is an error naming it;
// it is not read as a text board. The good inputs beside it are still scored, and
// --format text still reads it as a board.
func TestMisnamedSGF(t *testing.T) {
	dir := t.TempDir()
	html := "<!DOCTYPE html><html><body>X O</body></html>\n"
	writeFiles(t, dir, "game1.sgf", html, "empty.sgf", "", "blank.SGF", "\n\n",
		"html.sgf.gz", string(gzipped([]byte(html))), "ok.txt", "X", "good.sgf", "(;SZ[3];B[bb])",
		"in.zip", string(zipped("a/game1.sgf", html, "a/ok.txt", "O")))
	p := func(name string) string { return filepath.Join(dir, name) }
	notSGF := `not an SGF record, though the name ends in .sgf: it starts "<!DOCTYPE html><html><bo"...`
	for _, c := range []struct {
		name string
		args []string
		out  string
		errs []string
		code int
	}{
		{"named", []string{"score", p("game1.sgf")}, "", []string{p("game1.sgf") + ": " + notSGF}, cli.ExitFail},
		{"empty", []string{"score", p("empty.sgf"), p("ok.txt")}, p("ok.txt") + "\tB+1\n",
			[]string{p("empty.sgf") + ": empty: no SGF record, though the name ends in .sgf"}, cli.ExitFail},
		{"folder", []string{"score", dir},
			p("good.sgf") + "\tB+9\n" + p("in.zip") + "/a/ok.txt\tW+1\n" + p("ok.txt") + "\tB+1\n",
			[]string{p("game1.sgf") + ": " + notSGF, p("empty.sgf") + ": empty", p("blank.SGF") + `: not an SGF record, though the name ends in .sgf: it starts "\n\n"`,
				p("html.sgf.gz") + ": " + notSGF, p("in.zip") + "/a/game1.sgf: " + notSGF}, cli.ExitFail},
		{"draw", []string{"draw", "--out", filepath.Join(t.TempDir(), "pics") + "/", p("game1.sgf"), p("good.sgf")}, "",
			[]string{p("game1.sgf") + ": " + notSGF}, cli.ExitFail},
		{"format text", []string{"score", "--format", "text", p("blank.SGF")}, "Jigo\n", nil, cli.ExitOK},
	} {
		out, e, code := run(t, "", c.args...)
		if code != c.code || out != c.out {
			t.Errorf("%s: exit %d, stdout %q; want %d, %q; stderr:\n%s", c.name, code, out, c.code, c.out, e)
		}
		for _, want := range c.errs {
			if !strings.Contains(e, want) {
				t.Errorf("%s: stderr lacks %q:\n%s", c.name, want, e)
			}
		}
		if n := strings.Count(e, "\n"); n != len(c.errs) {
			t.Errorf("%s: %d lines on stderr, want %d:\n%s", c.name, n, len(c.errs), e)
		}
	}
}

// TestNoGameFiles: a folder or zip archive without a game file is an error saying how
// many files were skipped and why (exit 1), for score, score --lines and draw; the good
// inputs beside it are still scored.
func TestNoGameFiles(t *testing.T) {
	dir := t.TempDir()
	docs := writeFiles(t, filepath.Join(dir, "docs"), "README.md", "hi", "notes", "X", ".hidden.txt", "X", "sub/LICENSE", "x")
	empty := filepath.Join(dir, "empty")
	os.Mkdir(empty, 0o755)
	good := writeFiles(t, filepath.Join(dir, "good"), "a.txt", "X")
	zipPath := filepath.Join(dir, "docs.zip")
	os.WriteFile(zipPath, zipped("README.md", "hi", ".git/config.txt", "X", "sub/LICENSE", "x"), 0o644)
	skipped3 := "no input files in it: 3 files skipped, not named *.sgf, *.txt or *.board (each also with .gz) or *.zip"
	for _, c := range []struct {
		name string
		args []string
		out  string
		errs []string
	}{
		{"folder", []string{"score", docs}, "", []string{docs + ": " + skipped3}},
		{"empty folder and a good one", []string{"score", empty, good},
			good + "/a.txt\tB+1\n", []string{empty + ": no input files in it (hidden files are not read)"}},
		{"zip", []string{"score", zipPath, good}, good + "/a.txt\tB+1\n",
			[]string{zipPath + ": no input files in it: 2 files skipped"}},
		{"lines", []string{"score", "--lines", docs, good}, good + "/a.txt:1\tB+1\n",
			[]string{docs + ": no input files in it: 3 files skipped, not named *.lines or *.txt"}},
		{"draw", []string{"draw", "--out", filepath.Join(t.TempDir(), "pics") + "/", docs, zipPath}, "",
			[]string{docs + ": " + skipped3, zipPath + ": no input files in it: 2 files skipped"}},
	} {
		out, e, code := run(t, "", c.args...)
		if code != cli.ExitFail || out != c.out {
			t.Errorf("%s: exit %d, stdout %q; want 1, %q; stderr:\n%s", c.name, code, out, c.out, e)
		}
		for _, want := range c.errs {
			if !strings.Contains(e, want) {
				t.Errorf("%s: stderr lacks %q:\n%s", c.name, want, e)
			}
		}
	}
}

// TestZipMembersAsFolder: a zip archive's members are the inputs a walk of the same
// tree takes, in the same order: hidden files and everything under a hidden folder
// left out, other names counted as skipped, a README.txt read as a (bad) board in both.
func TestZipMembersAsFolder(t *testing.T) {
	dir := t.TempDir()
	tree := []string{".cache/deep/bad2.sgf", "(;SZ[3];B[zz])", "README.txt", "See the docs - X", "a.sgf", "(;SZ[3];B[bb])",
		"b/.hidden.txt", "X-", "b/c.board", "O", "notes.md", "x", "sub/.git/bad.txt", "X-"} // in the walk's order
	folder := writeFiles(t, filepath.Join(dir, "tree"), tree...)
	zipPath := filepath.Join(dir, "tree.zip")
	os.WriteFile(zipPath, zipped(tree...), 0o644)
	fo, fe, fcode := run(t, "", "score", "--summary", folder)
	zo, ze, zcode := run(t, "", "score", "--summary", zipPath)
	if fcode != cli.ExitFail || !strings.Contains(fe, folder+"/README.txt: ") || strings.Contains(fe, "bad") ||
		!strings.Contains(fe, ", 1 skipped (not game files)") {
		t.Errorf("folder: exit %d, stderr:\n%s", fcode, fe)
	}
	if zo = strings.ReplaceAll(zo, zipPath, folder); zcode != fcode || zo != fo {
		t.Errorf("zip: exit %d, stdout\n%s\nwant the folder's (exit %d):\n%s", zcode, zo, fcode, fo)
	}
	if got, want := untilRate(strings.ReplaceAll(ze, zipPath, folder)), untilRate(fe); got != want {
		t.Errorf("zip: stderr\n%s\nwant the folder's\n%s", got, want)
	}
}

// untilRate returns stderr without the summary's last line (the time and the rate).
func untilRate(stderr string) string {
	i := strings.LastIndex(stderr, "summary: ")
	if i < 0 {
		return stderr
	}
	return stderr[:i]
}

// TestLongValueMessage: a 100,000-byte SGF value in B, KM, SZ, AB or HA gives a message
// of one short line naming the property, the good game beside it still scored.
func TestLongValueMessage(t *testing.T) {
	long := strings.Repeat("9", 100000)
	for _, c := range []struct{ prop, sgf string }{
		{"B", "(;SZ[3];B[" + long + "])"}, {"KM", "(;KM[" + long + "x])"}, {"SZ", "(;SZ[" + long + "])"},
		{"AB", "(;SZ[3]AB[" + long + "])"}, {"HA", "(;HA[" + long + "])"},
	} {
		out, e, code := run(t, c.sgf+"(;SZ[3];B[bb])", "score", "--komi", "0", "-")
		if code != cli.ExitFail || out != "-#2\tB+9\n" || strings.Count(e, "\n") != 1 || len(e) > 200 ||
			!strings.Contains(e, c.prop+`["99999999999999999999"... (100`) {
			t.Errorf("%s: exit %d, stdout %q, stderr (%d bytes) %.300q", c.prop, code, out, len(e), e)
		}
	}
}

// TestControlCharsInNames: a zip member whose name holds a tab, a newline and an escape
// cannot forge a result line or reach the terminal: results, messages and the SVG's
// title print it quoted.
func TestControlCharsInNames(t *testing.T) {
	dir := t.TempDir()
	forged := "a.txt\tB+999\nforged.txt"
	zipPath := filepath.Join(dir, "n.zip")
	os.WriteFile(zipPath, zipped(forged, "X", "b\x1b[2J.txt", "XO", "c.txt", "O"), 0o644)
	out, e, code := run(t, "", "score", zipPath)
	want := `"` + zipPath + `/a.txt\tB+999\nforged.txt"` + "\tB+1\n" + zipPath + "/c.txt\tW+1\n"
	if code != cli.ExitFail || out != want || strings.Contains(e, "\x1b") || strings.Count(e, "\n") != 1 ||
		!strings.Contains(e, `"`+zipPath+`/b\x1b[2J.txt": 2 board characters`) {
		t.Errorf("exit %d, stdout %q, want %q; stderr %q", code, out, want, e)
	}
	out, _, _ = run(t, "", "score", "--lines", zipPath)
	if strings.Contains(out, "\nforged") {
		t.Errorf("--lines: stdout %q", out)
	}
	svg := filepath.Join(dir, "svg")
	if _, e, code := run(t, "", "score", "--svg", svg, zipPath); code != cli.ExitFail || strings.Contains(e, "picture") {
		t.Fatalf("--svg: exit %d %q", code, e)
	}
	ents, _ := os.ReadDir(svg)
	for _, ent := range ents {
		if s := checkSVG(t, filepath.Join(svg, ent.Name())); strings.ContainsAny(s, "\t\x1b") {
			t.Errorf("%q: control characters in the SVG", ent.Name())
		}
	}
}

// TestPictureNameCollision: two inputs whose names map to one picture name (x/y.txt and
// x_y.txt; a collection's first game c.sgf#1 and a file c.sgf-1) are reported, exit 1,
// and the picture written first is not overwritten; --svg and draw --out DIR alike.
func TestPictureNameCollision(t *testing.T) {
	dir := t.TempDir()
	in := writeFiles(t, filepath.Join(dir, "in"), "x/y.txt", "X", "x_y.txt", "O")
	coll := filepath.Join(in, "c.sgf")
	os.WriteFile(coll, []byte("(;SZ[3];B[bb])(;SZ[3];W[bb])"), 0o644)
	c1 := filepath.Join(in, "c.sgf-1")
	os.WriteFile(c1, []byte("X"), 0o644)
	for _, c := range []struct {
		name string
		args func(out string) []string
		pics int
	}{
		{"score --svg", func(out string) []string { return []string{"score", "-j", "1", "--svg", out, in, c1} }, 3},
		{"draw --out", func(out string) []string { return []string{"draw", "--out", out + "/", in, c1} }, 3},
	} {
		pics := filepath.Join(t.TempDir(), "pics")
		_, e, code := run(t, "", c.args(pics)...)
		if code != cli.ExitFail || strings.Count(e, "\n") != 2 ||
			!strings.Contains(e, filepath.Join(in, "x_y.txt")+": picture "+filepath.Join(pics, draw.FileName(filepath.Join(in, "x_y.txt"), ""))) ||
			!strings.Contains(e, ": it is the picture of "+filepath.Join(in, "x/y.txt")+": not overwritten") ||
			!strings.Contains(e, c1+": picture ") {
			t.Errorf("%s: exit %d, stderr:\n%s", c.name, code, e)
		}
		ents, _ := os.ReadDir(pics)
		if len(ents) != c.pics {
			t.Errorf("%s: %d pictures, want %d", c.name, len(ents), c.pics)
		}
		for _, ent := range ents {
			if s := checkSVG(t, filepath.Join(pics, ent.Name())); strings.Contains(s, "x_y.txt:") || strings.Contains(s, "c.sgf-1:") {
				t.Errorf("%s: %s is the picture of a later input", c.name, ent.Name())
			}
		}
	}
}

// TestGzipCollectionThenBoard: a small gzip of many tiny games followed by a good board
// (the 136 KB gzip of 5,000,000 games ran out of memory and lost the board's
// result) gives every game's result, then the board's, exit 0.
func TestGzipCollectionThenBoard(t *testing.T) {
	n := 200000
	if testing.Short() {
		n = 20000
	}
	dir := t.TempDir()
	gz := filepath.Join(dir, "many.sgf.gz")
	os.WriteFile(gz, gzipped([]byte(strings.Repeat("(;SZ[3];B[bb])", n))), 0o644)
	good := writeFiles(t, dir, "good.txt", "X O\nX -\n") + "/good.txt"
	out, e, code := run(t, "", "score", "-j", "2", gz, good)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != cli.ExitOK || e != "" || len(lines) != n+1 || lines[n-1] != gz+"#"+strconv.Itoa(n)+"\tB+9" || lines[n] != good+"\tB+1" {
		t.Errorf("exit %d, %d lines ending %q, stderr %q", code, len(lines), lines[max(0, len(lines)-2):], e)
	}
}
