package goban

import (
	"testing"
)

// FuzzScore parses arbitrary text and compares every scorer and ownership map with the
// BFS reference.
func FuzzScore(f *testing.F) {
	for _, c := range SpecCases {
		f.Add([]byte(c.Input))
	}
	f.Add(CorridorBoard(9).AppendText(nil))
	f.Add(SpiralBoard(12).AppendText(nil))
	f.Add(dense(RandomBoard(70, 3).AppendText(nil)))
	f.Add(dense(sparse(66, 1, 9).AppendText(nil)))
	var s Scorer
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Parse(data)
		if err != nil {
			return
		}
		check(t, &s, b)
	})
}

// FuzzParse compares the SWAR parser with a byte-at-a-time one.
func FuzzParse(f *testing.F) {
	for _, c := range SpecCases {
		f.Add([]byte(c.Input))
	}
	f.Add(noisy(RandomBoard(9, 1).AppendText(nil)))
	f.Fuzz(func(t *testing.T, data []byte) {
		var sym []byte
		for _, c := range data {
			if c == 'X' || c == 'O' || c == '-' {
				sym = append(sym, c)
			}
		}
		n := isqrt(len(sym))
		b, err := Parse(data)
		if n*n != len(sym) {
			if pe, ok := err.(*ParseError); !ok || pe.Count != len(sym) {
				t.Fatalf("%d symbols: error %v", len(sym), err)
			}
			return
		}
		if err != nil || b.N != n {
			t.Fatalf("%d symbols: n %v, error %v", len(sym), b, err)
		}
		for i, c := range sym {
			if got := b.At(i/n, i%n); got != c {
				t.Fatalf("point %d: %c, want %c", i, got, c)
			}
		}
		// Bits beyond the board must stay clear.
		for r := 0; r < b.N+2; r++ {
			for j := 0; j < b.W; j++ {
				m := ^uint64(0)
				if r >= 1 && r <= b.N && j == b.W-1 {
					m = ^lastMask(b.N)
				} else if r >= 1 && r <= b.N {
					m = 0
				}
				if (b.Black[r*b.W+j]|b.White[r*b.W+j])&m != 0 {
					t.Fatalf("stray bits in row %d word %d", r, j)
				}
			}
		}
	})
}
