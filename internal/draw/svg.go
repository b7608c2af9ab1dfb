// Package draw holds the drawing code the engines share: a small SVG writer that
// escapes what it writes, and perceptually uniform colour maps.
package draw

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// SVG writes one SVG document to a buffered writer. Attribute values and text are
// escaped; numbers are written with at most three decimals. The first write error is
// kept and returned by Close.
type SVG struct {
	w   *bufio.Writer
	err error
}

// NewSVG starts a document of the given size in user units (pixels by default).
func NewSVG(w io.Writer, width, height float64) *SVG {
	s := &SVG{w: bufio.NewWriterSize(w, 1<<16)}
	s.printf(`<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s">`+"\n",
		Num(width), Num(height), Num(width), Num(height))
	return s
}

func (s *SVG) printf(format string, args ...any) {
	if s.err == nil {
		_, s.err = fmt.Fprintf(s.w, format, args...)
	}
}

// Num formats a coordinate: an integer when it is one, else up to three decimals.
func Num(v float64) string {
	if v == float64(int64(v)) {
		return strconv.FormatInt(int64(v), 10)
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// Attr is one attribute: a name and its (unescaped) value.
type Attr struct{ Name, Value string }

// A returns attributes from name, value pairs: A("fill", "red", "stroke", "none").
func A(nv ...string) []Attr {
	as := make([]Attr, 0, len(nv)/2)
	for i := 0; i+1 < len(nv); i += 2 {
		as = append(as, Attr{nv[i], nv[i+1]})
	}
	return as
}

// Escape escapes s for use in SVG text or an attribute value.
func Escape(s string) string {
	if !strings.ContainsAny(s, `<>&"'`) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		case '"':
			b.WriteString("&quot;")
		case '\'':
			b.WriteString("&#39;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func (s *SVG) attrs(as []Attr) {
	for _, a := range as {
		s.printf(` %s="%s"`, a.Name, Escape(a.Value))
	}
}

// Elem writes an empty element <name .../> with the attributes as.
func (s *SVG) Elem(name string, as []Attr) {
	s.printf("<%s", name)
	s.attrs(as)
	s.printf("/>\n")
}

// Rect writes a rectangle.
func (s *SVG) Rect(x, y, w, h float64, as ...Attr) {
	s.printf(`<rect x="%s" y="%s" width="%s" height="%s"`, Num(x), Num(y), Num(w), Num(h))
	s.attrs(as)
	s.printf("/>\n")
}

// Circle writes a circle.
func (s *SVG) Circle(cx, cy, r float64, as ...Attr) {
	s.printf(`<circle cx="%s" cy="%s" r="%s"`, Num(cx), Num(cy), Num(r))
	s.attrs(as)
	s.printf("/>\n")
}

// Line writes a line segment.
func (s *SVG) Line(x1, y1, x2, y2 float64, as ...Attr) {
	s.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s"`, Num(x1), Num(y1), Num(x2), Num(y2))
	s.attrs(as)
	s.printf("/>\n")
}

// Path writes a path with data d (already in path syntax).
func (s *SVG) Path(d string, as ...Attr) {
	s.printf(`<path d="%s"`, Escape(d))
	s.attrs(as)
	s.printf("/>\n")
}

// Text writes text at (x, y); the text is escaped.
func (s *SVG) Text(x, y float64, text string, as ...Attr) {
	s.printf(`<text x="%s" y="%s"`, Num(x), Num(y))
	s.attrs(as)
	s.printf(">%s</text>\n", Escape(text))
}

// Title writes a <title> element (shown as the document's or a group's title).
func (s *SVG) Title(text string) { s.printf("<title>%s</title>\n", Escape(text)) }

// Open starts a container element such as <g>; Close it with End.
func (s *SVG) Open(name string, as ...Attr) {
	s.printf("<%s", name)
	s.attrs(as)
	s.printf(">\n")
}

// End closes a container element opened with Open.
func (s *SVG) End(name string) { s.printf("</%s>\n", name) }

// Raw writes s as it is (for content already in SVG syntax).
func (s *SVG) Raw(str string) {
	if s.err == nil {
		_, s.err = s.w.WriteString(str)
	}
}

// Err returns the first write error met so far: a caller drawing many elements can
// stop once the writer has failed (or been cancelled) instead of building them for
// nothing.
func (s *SVG) Err() error { return s.err }

// Close ends the document, flushes and returns the first error met.
func (s *SVG) Close() error {
	s.printf("</svg>\n")
	if s.err == nil {
		s.err = s.w.Flush()
	}
	return s.err
}
