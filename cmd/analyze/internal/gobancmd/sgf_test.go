package gobancmd

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"encoding/xml"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
)

// Black's one stone owns the whole 5x5 board: B+25 at komi 0.
const oneStone = "(;GM[1]FF[4]SZ[5]KM[6.5]RE[B+18.5];B[cc])"

func TestScoreSGF(t *testing.T) {
	dir := t.TempDir()
	one := filepath.Join(dir, "one.sgf")
	os.WriteFile(one, []byte(oneStone), 0o644)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"score", one}, "B+18.5\n"},
		{[]string{"score", "--komi", "0", one}, "B+25\n"},
		{[]string{"score", "--komi", "25", one}, "Jigo\n"},
		{[]string{"score", "--komi", "30.5", one}, "W+5.5\n"},
	}
	for _, c := range cases {
		if out, e, code := run(t, "", c.args...); out != c.want || code != 0 {
			t.Errorf("%q: %q %q %d, want %q", c.args, out, e, code, c.want)
		}
	}
	// By content on stdin, with a byte-order mark and whitespace; --map.
	out, _, code := run(t, "\xef\xbb\xbf \n"+oneStone, "score", "--map", "--komi", "0")
	if want := "B+25\n" + strings.Repeat("x x x x x\n", 2) + "x x X x x\n" + strings.Repeat("x x x x x\n", 2); out != want || code != 0 {
		t.Errorf("stdin --map: %q, want %q", out, want)
	}
	// --format text reads the record as a text board: no X, O or -, the empty board.
	if out, _, _ := run(t, "", "score", "--format", "text", one); out != "Jigo\n" {
		t.Errorf("--format text: %q", out)
	}
	if _, e, code := run(t, "", "score", "--format", "png", one); code != cli.ExitUsage || e == "" {
		t.Errorf("--format png: %d %q", code, e)
	}
	if _, _, code := run(t, "", "score", "--komi", "x", one); code != cli.ExitUsage {
		t.Errorf("--komi x: %d", code)
	}
	// --format sgf on a text board: no game tree.
	if _, e, code := run(t, "X - O -", "score", "--format", "sgf"); code != cli.ExitFail || !strings.Contains(e, "no SGF game tree") {
		t.Errorf("--format sgf on text: %d %q", code, e)
	}
	// Text boards keep komi 0, or take --komi.
	if out, _, _ := run(t, "X-O-", "score", "--komi", "0.5"); out != "W+0.5\n" {
		t.Errorf("text --komi: %q", out)
	}
}

func TestScoreSGFCollection(t *testing.T) {
	dir := t.TempDir()
	coll := filepath.Join(dir, "coll.sgf")
	// Game 2 plays onto an occupied point; games 1 and 3 are still scored.
	os.WriteFile(coll, []byte("(;SZ[3];B[bb])\n(;SZ[3];B[aa];W[aa])\n(;SZ[3]KM[0.5];W[bb]C[a \\] comment])"), 0o644)
	text := filepath.Join(dir, "board.txt")
	os.WriteFile(text, []byte("X - - O"), 0o644)
	out, e, code := run(t, "", "score", dir)
	if want := text + "\tJigo\n" + coll + "#1\tB+9\n" + coll + "#3\tW+9.5\n"; out != want {
		t.Errorf("stdout %q, want %q", out, want)
	}
	if code != cli.ExitFail || !strings.Contains(e, coll+": game 2, move 2, byte 31: W[aa]: the point is occupied") {
		t.Errorf("code %d, stderr %q", code, e)
	}
	// One input holding a collection still names its games.
	out, _, _ = run(t, "", "score", coll)
	if !strings.HasPrefix(out, coll+"#1\tB+9\n") {
		t.Errorf("single collection: %q", out)
	}
	// --summary on stderr.
	os.WriteFile(filepath.Join(dir, "bad.txt"), []byte("X O -"), 0o644)
	_, e, _ = run(t, "", "score", "--summary", dir, filepath.Join(dir, "missing"))
	for _, want := range []string{"summary: 2 SGF games and 1 text boards scored, 3 failed", "records/s"} {
		if !strings.Contains(e, want) {
			t.Errorf("--summary lacks %q:\n%s", want, e)
		}
	}
}

func TestScoreSGFJSON(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "g.sgf")
	// Black captures a white stone in the corner, whose point is then black's; RE is a
	// resignation; KM[750] is read as 7.5.
	os.WriteFile(f, []byte("(;SZ[9:7]KM[750]HA[2]RE[W+Resign];B[ba];W[aa];B[ab];W[ee])"), 0o644)
	out, _, code := run(t, "", "score", "--json", f)
	var v map[string]any
	if err := json.Unmarshal([]byte(out), &v); err != nil || code != 0 {
		t.Fatalf("%q: %v", out, err)
	}
	want := map[string]any{"path": f, "format": "sgf", "game": 1.0, "cols": 9.0, "rows": 7.0,
		"komi": 7.5, "km": 750.0, "handicap": 2.0, "moves": 4.0, "captured_by_black": 1.0,
		"captured_by_white": 0.0, "re": "W+Resign", "re_kind": "resign", "re_agrees": nil,
		"re_not_comparable": "resignation", "black": 3.0, "white": 1.0, "result": "W+5.5"}
	for k, w := range want {
		if v[k] != w {
			t.Errorf("%s: %v, want %v", k, v[k], w)
		}
	}
	os.WriteFile(f, []byte("(;SZ[3]KM[0]RE[B+9];B[bb])"), 0o644)
	out, _, _ = run(t, "", "score", "--json", f)
	if !strings.Contains(out, `"re_agrees":true`) {
		t.Errorf("agreeing RE: %s", out)
	}
}

func TestScoreArchives(t *testing.T) {
	dir := t.TempDir()
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(oneStone))
	zw.Close()
	gzPath := filepath.Join(dir, "a.sgf.gz")
	os.WriteFile(gzPath, gz.Bytes(), 0o644)
	var zb bytes.Buffer
	zwr := zip.NewWriter(&zb)
	for _, m := range []struct{ name, body string }{
		{"games/1.sgf", oneStone}, {"games/", ""}, {"games/2.txt", "X O - -"}, {"games/3.sgf", "(;SZ[3];B[zz])"},
	} {
		w, _ := zwr.Create(m.name)
		w.Write([]byte(m.body))
	}
	zwr.Close()
	zipPath := filepath.Join(dir, "b.zip")
	os.WriteFile(zipPath, zb.Bytes(), 0o644)
	out, e, code := run(t, "", "score", "--komi", "0", gzPath, zipPath)
	want := gzPath + "\tB+25\n" + zipPath + "/games/1.sgf\tB+25\n" + zipPath + "/games/2.txt\tJigo\n"
	if out != want || code != cli.ExitFail || !strings.Contains(e, zipPath+"/games/3.sgf: game 1, move 1") {
		t.Errorf("%q %q %d, want %q", out, e, code, want)
	}
	// gzip on stdin, by its magic bytes.
	if out, _, _ := run(t, gz.String(), "score"); out != "B+18.5\n" {
		t.Errorf("gzip stdin: %q", out)
	}
	bad := filepath.Join(dir, "bad.zip")
	os.WriteFile(bad, []byte("not a zip"), 0o644)
	if _, e, code := run(t, "", "score", bad, gzPath); code != cli.ExitFail || !strings.Contains(e, bad+": zip:") {
		t.Errorf("bad zip: %d %q", code, e)
	}
}

// checkSVG parses an SVG file as XML and returns its text.
func checkSVG(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	d := xml.NewDecoder(bytes.NewReader(data))
	for {
		_, err := d.Token()
		if err != nil {
			if err.Error() != "EOF" {
				t.Fatalf("%s: %v", path, err)
			}
			break
		}
	}
	return string(data)
}

func TestScoreSVG(t *testing.T) {
	dir := t.TempDir()
	coll := filepath.Join(dir, "in", "c&d.sgf")
	os.MkdirAll(filepath.Dir(coll), 0o755)
	os.WriteFile(coll, []byte(oneStone+oneStone), 0o644)
	svg := filepath.Join(dir, "svg")
	if _, e, code := run(t, "", "score", "--svg", svg, coll); code != 0 {
		t.Fatalf("%d %s", code, e)
	}
	ents, _ := os.ReadDir(svg)
	if len(ents) != 2 {
		t.Fatalf("%d pictures", len(ents))
	}
	s := checkSVG(t, filepath.Join(svg, ents[0].Name()))
	for _, want := range []string{"c&amp;d.sgf#1: B+18.5", "<circle", "black 25, white 0, komi 6.5"} {
		if !strings.Contains(s, want) {
			t.Errorf("svg lacks %q", want)
		}
	}
	if !strings.HasSuffix(ents[0].Name(), "c&d.sgf-1.svg") {
		t.Errorf("name %s", ents[0].Name())
	}
}

func TestDraw(t *testing.T) {
	dir := t.TempDir()
	out, e, code := run(t, "X - - O", "draw")
	if code != 0 || !strings.Contains(out, "<svg") {
		t.Fatalf("%d %s", code, e)
	}
	png1 := filepath.Join(dir, "b.png")
	if _, e, code := run(t, "X - - - O - - - -", "draw", "--format", "png", "--scale", "3", "--out", png1); code != 0 {
		t.Fatalf("%d %s", code, e)
	}
	f, _ := os.Open(png1)
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil || img.Bounds().Dx() != 9 || img.Bounds().Dy() != 9 {
		t.Fatalf("png: %v %v", err, img.Bounds())
	}
	// A stone's pixel and an empty one differ.
	if img.At(0, 0) == img.At(4, 0) {
		t.Errorf("stone and empty point drawn alike")
	}
	sgfFile := filepath.Join(dir, "c.sgf")
	os.WriteFile(sgfFile, []byte(oneStone+oneStone), 0o644)
	if _, e, code := run(t, "", "draw", "--out", filepath.Join(dir, "one.svg"), sgfFile); code != cli.ExitFail ||
		!strings.Contains(e, "c.sgf: more than one picture: use --out DIR/\n") {
		t.Errorf("two games to one file: %d %q", code, e)
	}
	pics := filepath.Join(dir, "pics")
	if _, e, code := run(t, "", "draw", "--out", pics+"/", sgfFile); code != 0 {
		t.Fatalf("%d %s", code, e)
	}
	if ents, _ := os.ReadDir(pics); len(ents) != 2 {
		t.Errorf("%d pictures in %s", len(ents), pics)
	}
	if _, _, code := run(t, "", "draw", "--format", "gif"); code != cli.ExitUsage {
		t.Errorf("--format gif: %d", code)
	}
}
