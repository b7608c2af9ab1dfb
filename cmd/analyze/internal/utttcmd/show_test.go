package utttcmd

import (
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const showMoves = "40 04 48 84 44 31 13 30 03 34 12 23 35 53 36 63 32 28 83 38"

// svgClasses parses an SVG document and counts its elements by class.
func svgClasses(t *testing.T, doc []byte) map[string]int {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(doc))
	n := map[string]int{}
	root := ""
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG not well-formed: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			if root == "" {
				root = se.Name.Local
			}
			for _, a := range se.Attr {
				if a.Name.Local == "class" {
					n[a.Value]++
				}
			}
		}
	}
	if root != "svg" {
		t.Fatalf("root element %q", root)
	}
	return n
}

func TestShowText(t *testing.T) {
	t.Setenv("NO_COLOR", "")
	out, errOut, code := engineRun(runShow, strings.Fields(showMoves)...)
	if code != 0 || !strings.Contains(out, "[O]") || !strings.Contains(out, "X to move in board 8") || strings.Contains(out, "\x1b") {
		t.Fatalf("show: code %d\n%s%s", code, out, errOut)
	}
	out, _, code = engineRun(runShow, strings.Fields(seedExample)...)
	if code != 0 || !strings.Contains(out, "O to move in board 8") || !strings.Contains(out, "last move 38") {
		t.Fatalf("show protocol position: code %d\n%s", code, out)
	}
	for _, bad := range [][]string{{"38", "30"}, {"--nosuch"}, {"X", "---------"}} {
		if _, errOut, code := engineRun(runShow, bad...); code != 2 || errOut == "" {
			t.Errorf("show %v: code %d, stderr %q", bad, code, errOut)
		}
	}
}

func TestShowSVG(t *testing.T) {
	out, errOut, code := engineRun(runShow, append([]string{"--svg"}, strings.Fields(showMoves)...)...)
	if code != 0 {
		t.Fatalf("show --svg: code %d: %s", code, errOut)
	}
	n := svgClasses(t, []byte(out))
	want := map[string]int{
		"board won-x": 1, "board won-o": 1, "board": 7, "winner x": 1, "winner o": 1,
		"to-play": 1, "last": 1, "separator": 4, "caption": 1, "mark x": 10, "mark o": 10,
	}
	for k, v := range want {
		if n[k] != v {
			t.Errorf("class %q: %d elements, want %d", k, n[k], v)
		}
	}
	// A free move outlines every open board; a finished game none.
	out, _, _ = engineRun(runShow, "--svg")
	if n := svgClasses(t, []byte(out)); n["to-play"] != 9 || n["last"] != 0 {
		t.Errorf("start: %v", n)
	}
	path := filepath.Join(t.TempDir(), "p.svg")
	if _, errOut, code := engineRun(runShow, "--svg", "--out", path, "40"); code != 0 {
		t.Fatalf("--out: %d %s", code, errOut)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if n := svgClasses(t, data); n["to-play"] != 1 || n["last"] != 1 {
		t.Errorf("--out file: %v", n)
	}
}

func TestTuneCommand(t *testing.T) {
	dir := t.TempDir()
	games, weights := dir+"/g.txt", dir+"/w.txt"
	_, errOut, code := engineRun(runTune, "--count", "20", "--nodes", "200", "--jobs", "2", "--rounds", "2", "--save-games", games, "--out", weights)
	if code != 0 || !strings.Contains(errOut, "held-out error") {
		t.Fatalf("tune: code %d: %s", code, errOut)
	}
	w, err := os.ReadFile(weights)
	if err != nil || !strings.Contains(string(w), "# Fitted by: analyze uttt tune --count 20") || !strings.Contains(string(w), "\nline ") {
		t.Fatalf("weights file: %v\n%s", err, w)
	}
	out, errOut, code := engineRun(runTune, "--load-games", games, "--rounds", "1")
	if code != 0 || !strings.Contains(out, "\nthreats_opp ") {
		t.Fatalf("tune --load-games: code %d: %s%s", code, out, errOut)
	}
	os.WriteFile(games, []byte("X 40 04\n"), 0o644)
	if _, errOut, code := engineRun(runTune, "--load-games", games); code != 1 || !strings.Contains(errOut, "g.txt:1: the result says") {
		t.Fatalf("bad games file: code %d: %s", code, errOut)
	}
	for _, bad := range [][]string{{"--count", "5"}, {"--from", "x"}, {"--save-games", "a", "--load-games", "b"}, {"extra"}} {
		if _, errOut, code := engineRun(runTune, bad...); code != 2 || errOut == "" {
			t.Errorf("tune %v: code %d", bad, code)
		}
	}
}
