package wythoff

import (
	"bytes"
	"context"
	"math/bits"
	"slices"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/internal/wythoffref"
)

func TestGrundyAgainstBruteForce(t *testing.T) {
	ref := wythoffref.Grundy(300)
	for _, n := range []int{0, 1, 2, 3, 7, 64, 65, 129, 300} {
		for _, workers := range []int{1, 2, 3} {
			tab, err := Grundy(context.Background(), n, workers, nil)
			if err != nil {
				t.Fatal(err)
			}
			for x := 0; x < n; x++ {
				for y := 0; y < n; y++ {
					if got, want := tab.At(x, y), ref[x*300+y]; got != want {
						t.Fatalf("n=%d workers=%d: G(%d,%d) = %d, want %d", n, workers, x, y, got, want)
					}
				}
			}
		}
	}
	plain := wythoffref.GrundyBitset(300)
	for i, v := range plain {
		if int(v) != ref[i] {
			t.Fatalf("wythoffref.GrundyBitset(%d,%d) = %d, want %d", i/300, i%300, v, ref[i])
		}
	}
	// G(x, y) == 0 exactly on the cold positions
	for x := 0; x < 300; x++ {
		for y := 0; y < 300; y++ {
			if (ref[x*300+y] == 0) != Cold(uint64(x), uint64(y), false) {
				t.Fatalf("G(%d,%d) = %d but Cold = %v", x, y, ref[x*300+y], !(ref[x*300+y] == 0))
			}
		}
	}
}

// TestGrundyLarge checks a larger table against the plain bit-set mex (skipped with -short).
func TestGrundyLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("large table")
	}
	const n = 700
	want := wythoffref.GrundyBitset(n)
	tab, err := Grundy(context.Background(), n, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if tab.G[i] != want[i] {
			t.Fatalf("G(%d,%d) = %d, want %d", i/n, i%n, tab.G[i], want[i])
		}
	}
}

func TestGrundyCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Grundy(ctx, 2000, 2, nil); err == nil {
		t.Fatal("cancelled Grundy returned no error")
	}
	if _, err := Grundy(context.Background(), MaxGrundy+1, 2, nil); err == nil {
		t.Fatal("no error beyond MaxGrundy")
	}
}

func TestGrundyWrite(t *testing.T) {
	tab, _ := Grundy(context.Background(), 4, 1, nil)
	want := map[GrundyFormat]string{
		GrundyGrid:  "0 1 2 3\n1 2 0 4\n2 0 1 5\n3 4 5 6\n",
		GrundyCSV:   "0,1,2,3\n1,2,0,4\n2,0,1,5\n3,4,5,6\n",
		GrundyBFile: "0 0\n1 1\n2 1\n3 2\n4 2\n5 2\n6 3\n7 0\n8 0\n9 3\n",
	}
	for f, w := range want {
		var b bytes.Buffer
		if err := tab.Write(context.Background(), &b, f, nil); err != nil || b.String() != w {
			t.Errorf("format %d: %q, %v; want %q", f, b.String(), err, w)
		}
	}
	var b bytes.Buffer
	tab.Write(context.Background(), &b, GrundyBinary, nil)
	if b.Len() != 32 || b.Bytes()[2] != 1 || b.Bytes()[3] != 0 || b.Bytes()[30] != 6 {
		t.Errorf("binary % x", b.Bytes())
	}
	// wider values are right-aligned in the grid
	tab, _ = Grundy(context.Background(), 12, 1, nil)
	b.Reset()
	tab.Write(context.Background(), &b, GrundyGrid, nil)
	if line := strings.SplitN(b.String(), "\n", 2)[0]; line != " 0  1  2  3  4  5  6  7  8  9 10 11" {
		t.Errorf("grid row 0 %q", line)
	}
	// A004481 starts 0, 1, 1, 2, 2, 2, 3, 0, 0, 3, 4, 4, 1, 4, 4, ... (G(1,1) = 2)
	b.Reset()
	tab.Write(context.Background(), &b, GrundyBFile, nil)
	lines := strings.Split(b.String(), "\n")
	if len(lines) != 12*13/2+1 || lines[14] != "14 4" || lines[12] != "12 1" {
		t.Errorf("b-file has %d lines, %q", len(lines), lines[:16])
	}
}

// TestGrundyRows: the first rows of a table, computed alone, equal those of the whole
// table, and row ranges written one after the other give the whole csv and binary.
func TestGrundyRows(t *testing.T) {
	const n = 200
	whole, _ := Grundy(context.Background(), n, 2, nil)
	for _, rows := range []int{0, 1, 31, 32, 33, 100, 199, 200} {
		part, err := GrundyRows(context.Background(), n, rows, 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(part.G, whole.G[:rows*n]) {
			t.Fatalf("rows=%d differ from the whole table", rows)
		}
	}
	for _, f := range []GrundyFormat{GrundyCSV, GrundyBinary} {
		var all, cat bytes.Buffer
		whole.Write(context.Background(), &all, f, nil)
		for _, r := range [][2]int{{0, 7}, {7, 8}, {8, 8}, {8, 150}, {150, 200}} {
			if err := whole.WriteRows(context.Background(), &cat, f, r[0], r[1], nil); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(all.Bytes(), cat.Bytes()) {
			t.Fatalf("format %d: row ranges do not concatenate to the whole", f)
		}
	}
	if _, err := GrundyRows(context.Background(), 10, 11, 1, nil); err == nil {
		t.Fatal("rows > n accepted")
	}
	if m := GrundyMemory(16384, 16384); m < 5*16384*16384/2 || m > 3*16384*16384 {
		t.Fatalf("GrundyMemory(16384) = %d", m)
	}
}

// grundyWordScan is the Grundy table by bit sets of the values in each row, column and
// diagonal, each cell's mex found by scanning the OR of its three sets from word 0:
// no mex tracking, no summaries, no tiles. Far cheaper than wythoffref.GrundyBitset
// (N^3/64), so it reaches the sizes where Grundy's summaries skip whole blocks of words.
func grundyWordScan(n int) []uint16 {
	nw := (2*n + 63) / 64
	rows := make([]uint64, n*nw)
	cols := make([]uint64, n*nw)
	diags := make([]uint64, (2*n-1)*nw) // diagonal y-x+n-1
	g := make([]uint16, n*n)
	for x := 0; x < n; x++ {
		for y := 0; y < n; y++ {
			r, c, d := rows[x*nw:(x+1)*nw], cols[y*nw:(y+1)*nw], diags[(y-x+n-1)*nw:(y-x+n)*nw]
			i := 0
			for r[i]|c[i]|d[i] == ^uint64(0) {
				i++
			}
			v := i*64 + bits.TrailingZeros64(^(r[i] | c[i] | d[i]))
			g[x*n+y] = uint16(v)
			r[v/64] |= 1 << (v % 64)
			c[v/64] |= 1 << (v % 64)
			d[v/64] |= 1 << (v % 64)
		}
	}
	return g
}

// TestGrundySummaries checks a table large enough for the summary words to be walked
// (values above 4096) against grundyWordScan, on one and two workers (skipped with
// -short).
func TestGrundySummaries(t *testing.T) {
	if testing.Short() {
		t.Skip("large table")
	}
	if got, ref := grundyWordScan(300), wythoffref.GrundyBitset(300); !slices.Equal(got, ref) {
		t.Fatal("grundyWordScan(300) differs from wythoffref.GrundyBitset(300)")
	}
	const n = 4160
	want := grundyWordScan(n)
	for _, workers := range []int{1, 2} {
		tab, err := Grundy(context.Background(), n, workers, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := range want {
			if tab.G[i] != want[i] {
				t.Fatalf("workers %d: G(%d,%d) = %d, want %d", workers, i/n, i%n, tab.G[i], want[i])
			}
		}
	}
}
