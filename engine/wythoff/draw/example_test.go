package draw_test

import (
	"bytes"
	"context"
	"fmt"
	"image/png"

	"github.com/boardlab/boardlab/engine/wythoff"
	"github.com/boardlab/boardlab/engine/wythoff/draw"
)

// Draw the 64 x 64 Grundy table as a PNG of 2 pixels a cell and read it back.
func ExampleGrundyPNG() {
	tab, err := wythoff.GrundyRows(context.Background(), 64, 64, 1, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	var b bytes.Buffer
	if err := draw.GrundyPNG(context.Background(), &b, tab, 2, nil); err != nil {
		fmt.Println(err)
		return
	}
	img, err := png.Decode(&b)
	fmt.Println(img.Bounds().Dx(), img.Bounds().Dy(), err)
	// the cold position (0,0) is red, (0,1) has G = 1
	fmt.Println(img.At(0, 0) == draw.ColdColour, img.At(2, 0) == draw.ColdColour)
	// Output:
	// 128 128 <nil>
	// true false
}

// Plot the first 10 cold pairs, and draw the Grundy table of side 8, as SVG.
func ExampleTableSVG() {
	var b bytes.Buffer
	if err := draw.TableSVG(&b, 0, 10); err != nil {
		fmt.Println(err)
		return
	}
	// two points a pair, and the legend's two
	fmt.Println(bytes.Count(b.Bytes(), []byte("<circle")))
	tab, _ := wythoff.GrundyRows(context.Background(), 8, 8, 1, nil)
	b.Reset()
	err := draw.GrundySVG(&b, tab, 0)
	fmt.Println(bytes.HasPrefix(b.Bytes(), []byte("<svg")) || bytes.HasPrefix(b.Bytes(), []byte("<?xml")), err)
	// Output:
	// 22
	// true <nil>
}
