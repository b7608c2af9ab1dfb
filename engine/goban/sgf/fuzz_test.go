package sgf

import (
	"fmt"
	"io"
	"math/rand/v2"
	"testing"
)

// FuzzParse feeds arbitrary bytes to the parser: it must never panic, and every game it
// reads must replay the same way with the fast replay and the reference.
func FuzzParse(f *testing.F) {
	f.Add([]byte("(;SZ[3];B[aa];W[bb](;B[cc])(;W[ca]))"))
	f.Add([]byte(`(;SZ[4:2]C[\]\\]AB[aa:bb];W[cb];B[])(;SZ[52];B[ZZ])`))
	f.Add([]byte("\xef\xbb\xbf(;FF[3]SiZe[5]AddBlack[cc];W[tt];B[dd]"))
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 4; i++ {
		s, _ := randomGame(rng, 1+rng.IntN(9), 1+rng.IntN(9), 40)
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var p Parser
		var g Game
		var r Replay
		p.Reset(data)
		for n := 0; n <= len(data); n++ {
			err := p.Next(&g)
			if err == io.EOF {
				return
			}
			if err != nil {
				if _, ok := err.(*Error); !ok {
					t.Fatalf("error of type %T: %v", err, err)
				}
				continue
			}
			err = r.Play(&g)
			grid, _, rerr := plainReplay(&g)
			if fmt.Sprint(err) != fmt.Sprint(rerr) {
				t.Fatalf("replay error %v, reference %v", err, rerr)
			}
			if err != nil {
				continue
			}
			for y := 0; y < g.Rows; y++ {
				for x := 0; x < g.Cols; x++ {
					if r.At(x, y) != grid[y*g.Cols+x] {
						t.Fatalf("(%d,%d): %c, reference %c", x, y, r.At(x, y), grid[y*g.Cols+x])
					}
				}
			}
		}
		t.Fatal("more games than bytes")
	})
}

// FuzzReplay plays random legal games (seeded by the fuzzer) and checks them both ways.
func FuzzReplay(f *testing.F) {
	f.Add(uint64(1), uint8(9), uint8(9), uint16(200))
	f.Add(uint64(2), uint8(19), uint8(5), uint16(500))
	f.Add(uint64(3), uint8(1), uint8(1), uint16(10))
	f.Fuzz(func(t *testing.T, seed uint64, cols, rows uint8, moves uint16) {
		c, r := 1+int(cols)%MaxSize, 1+int(rows)%MaxSize
		rng := rand.New(rand.NewPCG(seed, 5))
		checkRandomGame(t, rng, c, r, int(moves)%(4*c*r+1))
	})
}
