package wythoffcmd

import (
	"encoding/binary"
	"encoding/xml"
	"fmt"
	"image"
	"image/png"
	"io"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/wythoff"
	wdraw "github.com/boardlab/boardlab/engine/wythoff/draw"
	"github.com/boardlab/boardlab/internal/draw"
)

// svgElements parses an SVG document with encoding/xml and counts its elements by
// name; it fails the test when the document is not well-formed.
func svgElements(t *testing.T, doc string) (map[string]int, []string) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(doc))
	count := map[string]int{}
	var texts []string
	inText := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG not well-formed: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			count[e.Name.Local]++
			inText = e.Name.Local == "text"
		case xml.CharData:
			if inText {
				texts = append(texts, string(e))
			}
		case xml.EndElement:
			inText = false
		}
	}
	if count["svg"] != 1 {
		t.Fatalf("want one <svg>, got %d", count["svg"])
	}
	return count, texts
}

func TestGrundySVG(t *testing.T) {
	out, errOut, code := run(t, "", "grundy", "--format", "svg", "16")
	if code != 0 {
		t.Fatalf("code %d: %s", code, errOut)
	}
	count, texts := svgElements(t, out)
	all := strings.Join(texts, "|")
	for _, want := range []string{"G", "0: cold", "23", "1", "y →", "x ↓"} {
		if !strings.Contains(all, want) {
			t.Errorf("texts %q lack %q", all, want)
		}
	}
	// one path per colour used; the cold one holds exactly the 7 cold cells of 16 x 16
	coldFill := `fill="` + draw.Hex(wdraw.ColdColour) + `"`
	var coldPath string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "<path") && strings.Contains(l, coldFill) {
			coldPath = l
		}
	}
	cold := 0
	for x := uint64(0); x < 16; x++ {
		for y := uint64(0); y < 16; y++ {
			if wythoff.Cold(x, y, false) {
				cold++
			}
		}
	}
	if n := strings.Count(coldPath, "M"); n != cold || cold != 13 {
		t.Errorf("cold path has %d squares, want %d: %s", n, cold, coldPath)
	}
	if count["path"] < 10 || count["rect"] < 60 {
		t.Errorf("elements %v", count)
	}
	checkCases(t, []cmdCase{
		{[]string{"grundy", "--format", "svg", "257"}, "", cli.ExitUsage, "--format svg draws N <= 256"},
		{[]string{"grundy", "--format", "csv", "--scale", "2", "5"}, "", cli.ExitUsage, "--scale applies to"},
		{[]string{"grundy", "--format", "svg", "0"}, "", cli.ExitUsage, "a picture needs N >= 1"},
		{[]string{"grundy", "--format", "png", "0"}, "", cli.ExitUsage, "a picture needs N >= 1"},
	})
}

func TestGrundyPNG(t *testing.T) {
	const n = 50
	tab, _ := wythoff.Grundy(t.Context(), n, 1, nil)
	for _, scale := range []int{1, 3} {
		out, errOut, code := run(t, "", "grundy", "--format", "png", "--scale", fmt.Sprint(scale), fmt.Sprint(n))
		if code != 0 {
			t.Fatalf("code %d: %s", code, errOut)
		}
		img, err := png.Decode(strings.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		pi := img.(*image.Paletted)
		if pi.Bounds().Dx() != n*scale || pi.Bounds().Dy() != n*scale {
			t.Fatalf("size %v", pi.Bounds())
		}
		pal := wdraw.GrundyPalette()
		maxV := 0
		for _, v := range tab.G {
			maxV = max(maxV, int(v))
		}
		for x := 0; x < n*scale; x++ {
			for y := 0; y < n*scale; y++ {
				v := tab.At(x/scale, y/scale) // row x from the top: image row x, column y
				r, g, b, _ := pi.At(y, x).RGBA()
				want := pal[wdraw.GrundyIndex(v, maxV)]
				if uint8(r>>8) != want.R || uint8(g>>8) != want.G || uint8(b>>8) != want.B {
					t.Fatalf("scale %d: pixel (%d,%d) for G=%d is %v, want %v", scale, y, x, v, pi.At(y, x), want)
				}
				if (v == 0) != (want == wdraw.ColdColour) {
					t.Fatalf("G=%d coloured %v", v, want)
				}
			}
		}
	}
	// from N = 2048 the cold positions are discs: the pixels around (a_k, b_k) are red too
	if testing.Short() {
		return
	}
	out, _, code := run(t, "", "grundy", "--format", "png", "2048")
	img, err := png.Decode(strings.NewReader(out))
	if code != 0 || err != nil {
		t.Fatal(code, err)
	}
	pi := img.(*image.Paletted)
	a, _ := wythoff.Lower(500)
	b, _ := wythoff.Upper(500)
	for _, d := range [][2]int{{0, 0}, {1, 0}, {0, 2}, {-2, 0}} {
		if c := pi.ColorIndexAt(int(b)+d[0], int(a)+d[1]); c != 0 {
			t.Errorf("pixel %v from (b_500, a_500) has colour %d, want the cold colour", d, c)
		}
	}
}

func TestTableSVG(t *testing.T) {
	out, errOut, code := run(t, "", "table", "--format", "svg", "40")
	if code != 0 {
		t.Fatalf("code %d: %s", code, errOut)
	}
	count, texts := svgElements(t, out)
	// 80 points and 2 legend markers; the two lines of slope phi and 1/phi
	if count["circle"] != 82 {
		t.Errorf("%d circles, want 82", count["circle"])
	}
	if !strings.Contains(strings.Join(texts, "|"), "y = φx and y = x/φ") {
		t.Errorf("no legend for the lines: %q", texts)
	}
	// every point lies in the plot and a point (a_k, b_k) is drawn above y = x
	d := xml.NewDecoder(strings.NewReader(out))
	var circles [][2]float64
	for {
		tok, err := d.Token()
		if err != nil {
			break
		}
		if e, ok := tok.(xml.StartElement); ok && e.Name.Local == "circle" {
			var cx, cy float64
			for _, a := range e.Attr {
				switch a.Name.Local {
				case "cx":
					fmt.Sscan(a.Value, &cx)
				case "cy":
					fmt.Sscan(a.Value, &cy)
				}
			}
			circles = append(circles, [2]float64{cx, cy})
		}
	}
	// (a_1, b_1) = (1, 2) is the second point of the first group: left of and above (b_1, a_1)
	p, q := circles[1], circles[41]
	if !(p[0] < q[0] && p[1] < q[1]) {
		t.Errorf("(1,2) drawn at %v, (2,1) at %v", p, q)
	}
	checkCases(t, []cmdCase{
		{[]string{"table", "--format", "svg", "20001"}, "", cli.ExitUsage, "plots 1..20000"},
		{[]string{"table", "--format", "svg", "--shard", "0/2", "20"}, "", cli.ExitUsage, "does not split"},
		{[]string{"table", "--format", "svg", "--start", "5", "20"}, "", cli.ExitUsage, "plots from k = 0"},
	})
}

// TestTableShard: N shards concatenated in order equal the unsharded table.
func TestTableShard(t *testing.T) {
	for _, format := range []string{"pairs", "csv", "bfile", "binary"} {
		for _, extra := range [][]string{nil, {"--start", "1000000000000"}} {
			args := append([]string{"table", "--format", format}, extra...)
			want, _, _ := run(t, "", append(args, "1000")...)
			for _, n := range []int{1, 3, 7} {
				var cat strings.Builder
				for k := 0; k < n; k++ {
					out, errOut, code := run(t, "", append(args, "--shard", fmt.Sprintf("%d/%d", k, n), "1000")...)
					if code != 0 {
						t.Fatalf("%v shard %d/%d: %d %s", args, k, n, code, errOut)
					}
					cat.WriteString(out)
				}
				if cat.String() != want {
					t.Fatalf("%v: %d shards concatenated differ from the whole", args, n)
				}
			}
		}
	}
}

// TestGrundyShard: N row bands concatenated in order equal the unsharded csv and
// binary tables; the formats that cannot be concatenated are refused.
func TestGrundyShard(t *testing.T) {
	for _, format := range []string{"csv", "binary"} {
		want, _, _ := run(t, "", "grundy", "--format", format, "100")
		for _, n := range []int{1, 3, 7} {
			var cat strings.Builder
			for k := 0; k < n; k++ {
				out, errOut, code := run(t, "", "grundy", "--format", format, "--shard", fmt.Sprintf("%d/%d", k, n), "100")
				if code != 0 {
					t.Fatalf("%s shard %d/%d: %d %s", format, k, n, code, errOut)
				}
				cat.WriteString(out)
			}
			if cat.String() != want {
				t.Fatalf("%s: %d shards concatenated differ from the whole", format, n)
			}
		}
	}
	// the last band of a binary table: rows 85..99 of 100, G(85, 0) = 85
	out, _, _ := run(t, "", "grundy", "--format", "binary", "--shard", "6/7", "100")
	if len(out) != 15*100*2 || binary.LittleEndian.Uint16([]byte(out)) != 85 {
		t.Fatalf("shard 6/7: %d bytes, first value %d", len(out), binary.LittleEndian.Uint16([]byte(out)))
	}
	for _, f := range []string{"grid", "bfile", "png", "svg"} {
		_, errOut, code := run(t, "", "grundy", "--format", f, "--shard", "0/2", "10")
		if code != cli.ExitUsage || !strings.Contains(errOut, "cannot be concatenated") {
			t.Errorf("%s: code %d stderr %q", f, code, errOut)
		}
	}
}
