package wythoff

import (
	"context"
	"testing"
)

func TestGrundyAgainstBruteForce(t *testing.T) {
	ref := BruteGrundy(300)
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
	plain := GrundyPlain(300)
	for i, v := range plain {
		if int(v) != ref[i] {
			t.Fatalf("GrundyPlain(%d,%d) = %d, want %d", i/300, i%300, v, ref[i])
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
	const n = 1000
	want := GrundyPlain(n)
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
