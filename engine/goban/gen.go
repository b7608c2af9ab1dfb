package goban

import "math/rand/v2"

// RandomBoard returns an n-by-n board whose points are black, white or empty with
// probability 1/3 each, the same for the same seed.
func RandomBoard(n int, seed uint64) *Board {
	b := NewBoard(n)
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	for i := 1; i <= n; i++ {
		for c := 0; c < n; c++ {
			k, bit := i*b.W+c>>6, uint64(1)<<(c&63)
			switch r.Uint32N(3) {
			case 0:
				b.Black[k] |= bit
			case 1:
				b.White[k] |= bit
			}
		}
	}
	return b
}

// CorridorBoard returns an n-by-n board holding one winding empty corridor: empty rows
// 0, 2, 4, ... joined through gaps at alternate ends of the black walls between them, and
// a white stone at its start (top left). The whole corridor reaches both colours, so the
// board is scored as black's walls against one stone; the spec's relaxation needs about
// n*n/4 passes over the board for it.
func CorridorBoard(n int) *Board {
	b := NewBoard(n)
	for r := 1; r < n; r += 2 {
		gap := -1
		if r+1 < n { // a wall with a corridor row below it has a gap
			gap = n - 1
			if r/2%2 == 1 {
				gap = 0
			}
		}
		for c := 0; c < n; c++ {
			if c != gap {
				b.Set(r, c, 'X')
			}
		}
	}
	if n > 0 {
		b.Set(0, 0, 'O')
	}
	return b
}

// SpiralBoard returns an n-by-n board of black walls around one empty corridor that
// spirals from the top left corner to the centre, with a white stone at its start. Its
// fill runs in all four directions, left and right and up and down, in turn.
func SpiralBoard(n int) *Board {
	b := NewBoard(n)
	carved := make([]bool, n*n)
	in := func(r, c int) bool { return r >= 0 && r < n && c >= 0 && c < n }
	open := func(r, c, dr, dc int) bool {
		r1, c1, r2, c2 := r+dr, c+dc, r+2*dr, c+2*dc
		return in(r1, c1) && !carved[r1*n+c1] && (!in(r2, c2) || !carved[r2*n+c2])
	}
	if n > 0 {
		r, c, dr, dc := 0, 0, 0, 1
		carved[0] = true
		for {
			if !open(r, c, dr, dc) {
				dr, dc = dc, -dr // turn right
				if !open(r, c, dr, dc) {
					break
				}
			}
			r, c = r+dr, c+dc
			carved[r*n+c] = true
		}
	}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if !carved[r*n+c] {
				b.Set(r, c, 'X')
			}
		}
	}
	if n > 0 {
		b.Set(0, 0, 'O')
	}
	return b
}

// SpecCase is one of the spec's test cases: an input text and the expected result line.
type SpecCase struct {
	Name  string
	Input string
	Want  string
}

// SpecCases are the five test cases of the spec, inputs exactly as written there.
var SpecCases = []SpecCase{
	{"9x9", `- - - X - O - - -
- - - X - O - - -
- - - X - O - - -
- - - X O - - O -
X X X O - O O - -
- - - X O - - O O
- - - X - O - - -
- - - X - O - X -
- - - - - O - - -
`, "W+6"},
	{"xavier", "Xavier is insane -- says Oliver\n", "Jigo"},
	{"code-golf", "Code-Golf\n", "Jigo"},
	{"9x9-string", `-XXXXXXX-XOOOOOOOXXO-OXXXOXXXOX--XOXXOOX
-
XOOXXOX--XOXXXOXXXO-OXXOOOOOOOX-XXXXXXX-
`, "B+21"},
	{"19x19", `- - X O O O O X X - - - - - - X O O -
- X X O X O X X O X X X X X X - X O -
- X O O X X X - O O O X O O X X X O -
- X O O O X X O O O O O O X X X O - -
- - X X O X - X X X X O O O O O O O -
- - X O O X X X - X X X O O O X X O -
- - X O - O X O X O O O O O X X X O -
- X O O - O O O X X X X X O O X O - -
- X X X O - - - O X O X X X O X O - -
X O O O O - - O - O O O O X X X O O -
X X O - - - O - - O O X X - - X X O O
X O O O - - O - O O X - - - - X O O X
- X X X O O X O O X X - - - - X X X X
X - X X X O X X O O X - - X X O X O O
X X O O X O X O X X - - - X O O O O -
X O - O X X X O X - - - - - X O - - -
O O - O X O O O O X X - X X X X O - -
O O - O O O X O X X - - X - X X O - -
- - O - - O X X X - - - - X O O O - -
`, "B+6"},
}

// SpecMap is the ownership map the spec draws for its first case (black 23, white 29).
const SpecMap = `x x x X - O o o o
x x x X - O o o o
x x x X - O o o o
x x x X O o o O o
X X X O o O O o o
- - - X O - - O O
- - - X - O - - -
- - - X - O - X -
- - - - - O - - -
`
