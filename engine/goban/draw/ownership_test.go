package draw

import (
	"bytes"
	"encoding/xml"
	"flag"
	"image/png"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/goban"
)

var updateDraw = flag.Bool("update-draw", false, "rewrite the drawing golden files in testdata")

// svgCount parses an SVG document and counts its elements by name.
func svgCount(t *testing.T, data []byte) map[string]int {
	t.Helper()
	n := map[string]int{}
	d := xml.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return n
		}
		if err != nil {
			t.Fatalf("not XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			n[se.Name.Local]++
		}
	}
}

func TestOwnershipSVG(t *testing.T) {
	b, _ := goban.Parse([]byte(goban.SpecCases[0].Input))
	var s goban.Scorer
	res := s.Score(b)
	var buf bytes.Buffer
	if err := WriteOwnershipSVG(&buf, s.Owner(nil, b), b.N, b.Cols, "9x9 <&>: "+res.String(), "black 23, white 29"); err != nil {
		t.Fatal(err)
	}
	n := svgCount(t, buf.Bytes())
	black, white := b.Stones()
	if n["circle"] != black+white {
		t.Errorf("%d circles for %d stones", n["circle"], black+white)
	}
	if !strings.Contains(buf.String(), "9x9 &lt;&amp;&gt;: W+6") {
		t.Error("title not escaped or missing")
	}
	// Large boards are drawn as runs of cells: no circles, far fewer elements than points.
	big := goban.RandomBoard(255, 1)
	res = s.Score(big)
	buf.Reset()
	WriteOwnershipSVG(&buf, s.Owner(nil, big), 255, 255, res.String(), "")
	if n := svgCount(t, buf.Bytes()); n["circle"] != 0 || n["rect"] > 255*255/2 {
		t.Errorf("255x255: %v", n)
	}
	// Rectangles.
	r := goban.NewRect(3, 40)
	r.Set(1, 20, 'X')
	s.Score(r)
	buf.Reset()
	if err := WriteOwnershipSVG(&buf, s.Owner(nil, r), 3, 40, "3x40", ""); err != nil {
		t.Fatal(err)
	}
	svgCount(t, buf.Bytes())
}

// TestOwnershipSVGGolden keeps the drawing of a small board in a golden file (go test
// -run Golden -update-draw rewrites it after a deliberate change).
func TestOwnershipSVGGolden(t *testing.T) {
	b, _ := goban.Parse([]byte("X - - - O - - - -"))
	var s goban.Scorer
	res := s.Score(b)
	var buf bytes.Buffer
	WriteOwnershipSVG(&buf, s.Owner(nil, b), 3, 3, "3x3: "+res.String(), "black 1, white 1")
	const golden = "testdata/ownership-3x3.svg"
	if *updateDraw {
		os.MkdirAll("testdata", 0o755)
		os.WriteFile(golden, buf.Bytes(), 0o644)
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("SVG differs from %s (run with -update-draw after a deliberate change):\n%s", golden, buf.String())
	}
}

func TestOwnershipPNG(t *testing.T) {
	// X and O stones, x and o areas and a neutral point, 2 pixels each.
	b, _ := goban.Parse([]byte("X - - O - X O - O"))
	var s goban.Scorer
	s.Score(b)
	owner := s.Owner(nil, b)
	var buf bytes.Buffer
	if err := WriteOwnershipPNG(&buf, owner, 3, 3, 2); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds().Dx() != 6 || img.Bounds().Dy() != 6 {
		t.Fatalf("bounds %v", img.Bounds())
	}
	for i, c := range owner {
		x, y := i%3*2+1, i/3*2+1
		r1, g1, b1, _ := img.At(x, y).RGBA()
		r2, g2, b2, _ := ownerPalette[ownerClass(c)].RGBA()
		if r1 != r2 || g1 != g2 || b1 != b2 {
			t.Errorf("point %d (%c): pixel %v", i, c, img.At(x, y))
		}
	}
	if err := WriteOwnershipPNG(&buf, nil, 0, 0, 1); err == nil {
		t.Error("empty board drawn")
	}
}
