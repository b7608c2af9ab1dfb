// Package wythoffref holds the plain references of Wythoff's game: obviously correct,
// slow, for small piles only. Tests compare the fast paths of engine/wythoff against
// them and benchmarks measure the fast paths against them.
package wythoffref

import "github.com/bits-and-blooms/bitset"

// Cold returns cold[x*n+y] for 0 <= x, y < n, computed from the rules alone: a
// position is cold when no move leads to a cold position. In misère play the player
// who takes the last counter loses, so (0,0) is a win for the player to move.
func Cold(n int, misere bool) []bool {
	cold := make([]bool, n*n)
	for x := 0; x < n; x++ {
		for y := 0; y < n; y++ {
			if x == 0 && y == 0 {
				cold[0] = !misere
				continue
			}
			win := false
			for i := 0; i < x && !win; i++ {
				win = cold[i*n+y]
			}
			for j := 0; j < y && !win; j++ {
				win = cold[x*n+j]
			}
			for t := 1; t <= x && t <= y && !win; t++ {
				win = cold[(x-t)*n+y-t]
			}
			cold[x*n+y] = !win
		}
	}
	return cold
}

// Grundy returns G(x, y) for 0 <= x, y < n as g[x*n+y], by the definition: the
// smallest value not among the values of the positions one move away. Cubic time.
func Grundy(n int) []int {
	g := make([]int, n*n)
	seen := make([]bool, 2*n+1)
	for x := 0; x < n; x++ {
		for y := 0; y < n; y++ {
			clear(seen)
			for i := 0; i < x; i++ {
				seen[g[i*n+y]] = true
			}
			for j := 0; j < y; j++ {
				seen[g[x*n+j]] = true
			}
			for t := 1; t <= x && t <= y; t++ {
				seen[g[(x-t)*n+y-t]] = true
			}
			v := 0
			for seen[v] {
				v++
			}
			g[x*n+y] = v
		}
	}
	return g
}

// GrundyBitset computes the n x n Grundy table with a plain bit-set mex per cell: it
// collects the values of all (up to x+y+min(x,y)) options into a bit set and takes
// its first clear bit. It is the textbook method wythoff.Grundy is measured against.
func GrundyBitset(n int) []uint16 {
	g := make([]uint16, n*n)
	seen := bitset.New(uint(2 * n))
	for x := 0; x < n; x++ {
		for y := 0; y < n; y++ {
			seen.ClearAll()
			for i := 0; i < x; i++ {
				seen.Set(uint(g[i*n+y]))
			}
			for j := 0; j < y; j++ {
				seen.Set(uint(g[x*n+j]))
			}
			for t := 1; t <= x && t <= y; t++ {
				seen.Set(uint(g[(x-t)*n+y-t]))
			}
			v, _ := seen.NextClear(0)
			g[x*n+y] = uint16(v)
		}
	}
	return g
}
