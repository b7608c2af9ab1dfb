package draw

import (
	"bytes"
	"encoding/xml"
	"io"
	"testing"
)

func TestSVGIsWellFormedAndEscaped(t *testing.T) {
	var buf bytes.Buffer
	s := NewSVG(&buf, 100, 50.5)
	s.Title(`W+6.5 <"x" & 'y'>`)
	s.Rect(0, 0, 10, 10, A("fill", Hex(Viridis(0.5)))...)
	s.Open("g", A("class", "a&b")...)
	s.Circle(5, 5, 2.25)
	s.Line(0, 0, 1, 1, A("stroke", "black")...)
	s.Text(1, 2, "a<b>c")
	s.End("g")
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	d := xml.NewDecoder(&buf)
	var texts []string
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed: %v\n%s", err, buf.String())
		}
		if cd, ok := tok.(xml.CharData); ok && len(bytes.TrimSpace(cd)) > 0 {
			texts = append(texts, string(cd))
		}
	}
	if len(texts) != 2 || texts[0] != `W+6.5 <"x" & 'y'>` || texts[1] != "a<b>c" {
		t.Fatalf("texts = %q", texts)
	}
}

func TestViridisEnds(t *testing.T) {
	if got := Hex(Viridis(0)); got != "#440154" {
		t.Errorf("Viridis(0) = %s", got)
	}
	if got := Hex(Viridis(1)); got != "#fde725" {
		t.Errorf("Viridis(1) = %s", got)
	}
	if got := Hex(Viridis(-3)); got != "#440154" {
		t.Errorf("Viridis(-3) = %s", got)
	}
}
