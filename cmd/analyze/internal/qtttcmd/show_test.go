package qtttcmd

import (
	"bytes"
	"encoding/xml"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func TestShowText(t *testing.T) {
	out, _, code := run(t, "", "show", "AB", "BE", "DE", "AE")
	want := `+-A*----------+-B*----------+-C-----------+
| X1 O4       | X1 O2       |             |
`
	if code != 0 || !strings.HasPrefix(out, want) {
		t.Fatalf("code %d, out:\n%s", code, out)
	}
	for _, s := range []string{"+-D-----------+-E*----------+-F-----------+\n| X3          | O2 X3 O4    |",
		"entangled: X1 AB, O2 BE, X3 DE, O4 AE\n",
		"move 4 (AE) closed the cycle A-B-E: X chooses the measurement, 1 or 4 (the mark that lands in A)\n"} {
		if !strings.Contains(out, s) {
			t.Errorf("lacks %q:\n%s", s, out)
		}
	}
	out, _, _ = run(t, "", "show", "AD BH EF CI EF 3 HI DG BI 2 AG 1")
	for _, s := range []string{"|  \\   /      |   .-.       |   .-.       |\n|    X    1   |  (   )  2   |  (   )  4   |",
		"tic-tac-toe: X DEF (largest mark 7)\ntic-tac-toe: X ADG (largest mark 9)\ngame over after move 9: X 2, O 0\n"} {
		if !strings.Contains(out, s) {
			t.Errorf("lacks %q:\n%s", s, out)
		}
	}
	if out, _, _ := run(t, "", "show"); !strings.HasSuffix(out, "start: X to move\n") {
		t.Errorf("empty record:\n%s", out)
	}
	if out, _, _ := run(t, "", "show", "AB"); !strings.HasSuffix(out, "after move 1: O to move\n") {
		t.Errorf("AB:\n%s", out)
	}
	for _, bad := range []string{"AZ", "AB BE DE AE 7", "AB BE DE AE BC"} {
		_, e, code := run(t, "", "show", bad)
		if code != cli.ExitUsage || !strings.Contains(e, "expected a game record") {
			t.Errorf("%q: code %d, stderr %q", bad, code, e)
		}
	}
}

// svgElem is an element of the SVG with the attributes the tests look at.
type svgElem struct {
	name, class, mark, text string
}

func parseSVG(t *testing.T, b []byte) []svgElem {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(b))
	var els []svgElem
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG not well-formed: %v", err)
		}
		switch x := tok.(type) {
		case xml.StartElement:
			e := svgElem{name: x.Name.Local}
			for _, a := range x.Attr {
				switch a.Name.Local {
				case "class":
					e.class = a.Value
				case "data-mark":
					e.mark = a.Value
				}
			}
			els = append(els, e)
		case xml.CharData:
			if len(els) > 0 && len(bytes.TrimSpace(x)) > 0 {
				els[len(els)-1].text += string(x)
			}
		}
	}
	if len(els) == 0 || els[0].name != "svg" {
		t.Fatalf("not an SVG document")
	}
	return els
}

func count(els []svgElem, class string) (n int, marks string) {
	for _, e := range els {
		if e.class == class {
			n++
			marks += e.mark
		}
	}
	return
}

func TestShowSVG(t *testing.T) {
	cases := []struct {
		golden, rec                         string
		edges, cycle, xs, os, wins, closed  int
		edgeMarks, cycleMarks, titleContain string
	}{
		{"show-cycle.svg", "AB BE DE AE", 4, 3, 0, 0, 0, 0, "1234", "124", "AB BE DE AE"},
		{"", "AI EG BE EH DG AI 1 BC CE 3", 0, 0, 4, 4, 2, 8, "", "", "AI EG"},
		{"", "", 0, 0, 0, 0, 0, 0, "", "", "quantum tic-tac-toe"},
		{"", "BC BE CF EF 1 AD AG GH DG 6 II", 1, 1, 4, 4, 0, 8, "9", "9", "II"},
	}
	for _, c := range cases {
		out, e, code := run(t, "", "show", "--svg", c.rec)
		if code != 0 {
			t.Fatalf("%q: code %d, %s", c.rec, code, e)
		}
		els := parseSVG(t, []byte(out))
		n, marks := count(els, "edge")
		if n != c.edges || marks != c.edgeMarks {
			t.Errorf("%q: edges %d (%s), want %d (%s)", c.rec, n, marks, c.edges, c.edgeMarks)
		}
		n, marks = count(els, "cycle-edge")
		if n != c.cycle || marks != c.cycleMarks {
			t.Errorf("%q: cycle edges %d (%s), want %d (%s)", c.rec, n, marks, c.cycle, c.cycleMarks)
		}
		for _, k := range []struct {
			class string
			want  int
		}{{"mark-x", c.xs}, {"mark-o", c.os}, {"win", c.wins}, {"closed", c.closed}} {
			if n, _ := count(els, k.class); n != k.want {
				t.Errorf("%q: %d of class %s, want %d", c.rec, n, k.class, k.want)
			}
		}
		var title string
		for _, e := range els {
			if e.name == "title" {
				title = e.text
			}
		}
		if !strings.Contains(title, c.titleContain) {
			t.Errorf("%q: title %q", c.rec, title)
		}
		if c.golden == "" {
			continue
		}
		golden := filepath.Join("testdata", c.golden)
		if *update {
			os.WriteFile(golden, []byte(out), 0o644)
			continue
		}
		if want, err := os.ReadFile(golden); err != nil || string(want) != out {
			t.Errorf("%q: output differs from %s (go test -run ShowSVG . -args -update rewrites it): %v", c.rec, golden, err)
		}
	}
	// --out writes the file and nothing to stdout.
	f := filepath.Join(t.TempDir(), "b.svg")
	out, _, code := run(t, "", "show", "--svg", "--out", f, "AB")
	b, err := os.ReadFile(f)
	if code != 0 || out != "" || err != nil {
		t.Fatalf("--out: code %d, stdout %q, %v", code, out, err)
	}
	parseSVG(t, b)
}
