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

// FuzzScoreBoard builds boards of up to 200x200 from the fuzzer's bytes (the first two
// pick the size and how sparse the stones are, the rest the points, repeated), so that
// multi-word rows and large regions are explored, and compares with the reference.
func FuzzScoreBoard(f *testing.F) {
	f.Add([]byte{70, 0, 1, 2, 3})
	f.Add([]byte{129, 3, 0x1b, 0xe4, 0x77})
	f.Add([]byte{200, 7, 0x55, 0xaa, 0x00, 0xff})
	var s Scorer
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 3 {
			return
		}
		n, sparse, pts := int(data[0])%201, int(data[1]%8), data[2:]
		b := NewBoard(n)
		for p := 0; p < n*n; p++ {
			v := pts[p%len(pts)] ^ byte(p/len(pts)*37)
			if int(v>>2)%(sparse+1) != 0 {
				continue
			}
			switch v & 3 {
			case 1:
				b.Set(p/n, p%n, 'X')
			case 2:
				b.Set(p/n, p%n, 'O')
			}
		}
		check(t, &s, b)
	})
}
