package draw

import (
	"fmt"
	"image/color"
)

// viridisStops are 17 evenly spaced samples of matplotlib's viridis colour map
// (perceptually uniform, readable in grey and by colour-blind readers).
var viridisStops = [...][3]uint8{
	{68, 1, 84}, {72, 21, 103}, {72, 38, 119}, {69, 55, 129}, {63, 71, 136},
	{57, 85, 140}, {50, 100, 142}, {45, 113, 142}, {38, 130, 142}, {33, 145, 140},
	{31, 158, 137}, {40, 174, 128}, {63, 188, 115}, {94, 201, 98}, {132, 212, 75},
	{180, 222, 44}, {253, 231, 37},
}

// Viridis returns the viridis colour for t in [0, 1] (clamped), interpolated linearly
// between the map's samples.
func Viridis(t float64) color.RGBA {
	if !(t > 0) { // also NaN
		t = 0
	}
	if t > 1 {
		t = 1
	}
	x := t * float64(len(viridisStops)-1)
	i := int(x)
	if i >= len(viridisStops)-1 {
		i = len(viridisStops) - 2
	}
	f := x - float64(i)
	a, b := viridisStops[i], viridisStops[i+1]
	mix := func(p, q uint8) uint8 { return uint8(float64(p) + f*(float64(q)-float64(p)) + 0.5) }
	return color.RGBA{mix(a[0], b[0]), mix(a[1], b[1]), mix(a[2], b[2]), 255}
}

// Hex returns c as "#rrggbb" for SVG.
func Hex(c color.Color) string {
	r, g, b, _ := c.RGBA()
	return fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)
}
