package draw

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
)

func TestPNGStreamDecodes(t *testing.T) {
	pal := []color.RGBA{{255, 0, 0, 255}, Viridis(0), Viridis(1), {0, 0, 0, 0}}
	for _, size := range [][2]int{{1, 1}, {3, 2}, {300, 700}} {
		w, h := size[0], size[1]
		var buf bytes.Buffer
		p, err := NewPNGStream(&buf, w, h, pal)
		if err != nil {
			t.Fatal(err)
		}
		row := make([]byte, w)
		for y := 0; y < h; y++ {
			for x := range row {
				row[x] = byte((x*7 + y*3) % len(pal))
			}
			if err := p.WriteRow(row); err != nil {
				t.Fatal(err)
			}
		}
		if err := p.Close(); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&buf)
		if err != nil {
			t.Fatalf("%dx%d: %v", w, h, err)
		}
		pi, ok := img.(*image.Paletted)
		if !ok || pi.Bounds().Dx() != w || pi.Bounds().Dy() != h {
			t.Fatalf("%dx%d: decoded %T %v", w, h, img, img.Bounds())
		}
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				if got, want := pi.ColorIndexAt(x, y), byte((x*7+y*3)%len(pal)); got != want {
					t.Fatalf("%dx%d: pixel (%d,%d) = %d, want %d", w, h, x, y, got, want)
				}
			}
		}
		if r, g, b, a := pi.At(0, 0).RGBA(); r>>8 != 255 || g != 0 || b != 0 || a>>8 != 255 {
			t.Fatalf("colour 0 decoded as %v", pi.At(0, 0))
		}
	}
	var buf bytes.Buffer
	p, _ := NewPNGStream(&buf, 2, 2, pal)
	p.WriteRow([]byte{0, 1})
	if p.Close() == nil {
		t.Fatal("Close with a missing row succeeded")
	}
	if _, err := NewPNGStream(&buf, 0, 1, pal); err == nil {
		t.Fatal("zero width accepted")
	}
}
