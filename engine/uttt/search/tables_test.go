package search

import (
	"fmt"
	"math/bits"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
)

// plainTables computes the package's fixed tables the obvious way; tables.go holds
// them as literals so that no process pays for them at start-up.
func plainTables() (win [512]bool, mb, mt [256]uint8, zc [2][81]uint64, zf [10]uint64, zs uint64, tern, wm [512]uint16, ml [8][3]uint8,
	two, touch [512]uint8, via [9][5]struct{ line, a, c int8 }) {
	for m := 0; m < 512; m++ {
		for _, l := range uttt.Lines() {
			if uint16(m)&l == l {
				win[m] = true
			}
		}
	}
	for m := 0; m < 256; m++ {
		mb[m], mt[m] = 9, 9
		if m < 81 {
			mb[m], mt[m] = uint8(m/9), uint8(m%9)
		}
	}
	seed := uint64(0x9E3779B97F4A7C15)
	next := func() uint64 { // splitmix64
		seed += 0x9E3779B97F4A7C15
		z := seed
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		return z ^ z>>31
	}
	for s := range zc {
		for m := range zc[s] {
			zc[s][m] = next()
		}
	}
	for i := range zf {
		zf[i] = next()
	}
	zs = next()
	for m := 0; m < 512; m++ {
		v, p := 0, 1
		for t := 0; t < 9; t++ {
			if m>>t&1 != 0 {
				v += p
			}
			p *= 3
		}
		tern[m] = uint16(v)
	}
	for m := 0; m < 512; m++ {
		for t := 0; t < 9; t++ {
			if m>>t&1 == 0 && win[m|1<<t] {
				wm[m] |= 1 << t
			}
		}
	}
	for i, l := range uttt.Lines() {
		k := 0
		for b := 0; b < 9; b++ {
			if l>>b&1 != 0 {
				ml[i][k] = uint8(b)
				k++
			}
		}
	}
	for m := range 512 {
		for i, l := range uttt.Lines() {
			if bits.OnesCount16(uint16(m)&l) == 2 {
				two[m] |= 1 << i
			}
			if uint16(m)&l != 0 {
				touch[m] |= 1 << i
			}
		}
	}
	for b := range via {
		k := 0
		for i, l := range uttt.Lines() {
			if l>>b&1 == 0 {
				continue
			}
			var other []int8
			for a := range 9 {
				if a != b && l>>a&1 != 0 {
					other = append(other, int8(a))
				}
			}
			via[b][k].line, via[b][k].a, via[b][k].c = int8(i), other[0], other[1]
			k++
		}
		for ; k < 5; k++ {
			via[b][k].line = -1
		}
	}
	return
}

// TestTables checks tables.go (written by internal/gentables) against plainTables.
func TestTables(t *testing.T) {
	_, _, _, _, _, _, tern, wm, ml, two, touch, via := plainTables()
	if t3 != tern || winMask != wm || masterLines != ml || twoWon != two || linesTouching != touch || linesVia != via {
		t.Fatal("tables.go differs from the plain computation: run go generate ./engine/uttt/...")
	}
}

// TestLateTables checks the network's and search's tables in tables.go
// against their definitions.
func TestLateTables(t *testing.T) {
	for b := range 9 {
		var want []lineSlot
		for l, m := range uttt.Lines() {
			if m>>b&1 != 0 {
				i := bits.OnesCount16(m & (1<<b - 1))
				want = append(want, lineSlot{uint8(l), uint8(i)})
				if lineBoards[l][i] != uint8(b) {
					t.Fatalf("lineBoards[%d][%d] = %d, want %d", l, i, lineBoards[l][i], b)
				}
			}
		}
		if fmt.Sprint(lineSlots[b]) != fmt.Sprint(want) {
			t.Fatalf("lineSlots[%d] = %v, want %v", b, lineSlots[b], want)
		}
	}
	for m := range 512 {
		var sp uint32
		free := false
		for b := range 9 {
			sp |= uint32(m>>b&1) << (2 * b)
		}
		for _, l := range uttt.Lines() {
			free = free || l&uint16(m) == 0
		}
		if spread2[m] != sp || freeLine[m] != free {
			t.Fatalf("spread2/freeLine[%d] = %#x/%v, want %#x/%v", m, spread2[m], freeLine[m], sp, free)
		}
	}
	for m := range 512 {
		near := !freeLine[m]
		for b := range 9 {
			near = near || !freeLine[m|1<<b]
		}
		if nearDead[m] != near {
			t.Fatalf("nearDead[%d] = %v, want %v", m, nearDead[m], near)
		}
	}
}
