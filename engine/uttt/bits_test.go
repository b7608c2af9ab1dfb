package uttt

import (
	"strings"
	"testing"
)

// TestNthMoveIsMovesOrder checks NthMove against the generated move list along random
// games.
func TestNthMoveIsMovesOrder(t *testing.T) {
	var seed uint64 = 7
	next := func(n int) int {
		seed = seed*6364136223846793005 + 1442695040888963407
		return int(seed>>33) % n
	}
	for g := 0; g < 300; g++ {
		p := Start()
		for p.Status() == Ongoing {
			var buf [81]Move
			n := p.Moves(&buf)
			if n != p.CountMoves() {
				t.Fatalf("CountMoves %d, Moves %d", p.CountMoves(), n)
			}
			for k := 0; k < n; k++ {
				if m := p.NthMove(k); m != buf[k] {
					t.Fatalf("%v: NthMove(%d) = %v, want %v", p.String(), k, m, buf[k])
				}
			}
			for b := 0; b < 9; b++ {
				x, o := p.BoardTiles(b)
				for tile := 0; tile < 9; tile++ {
					if c := p.Cell(b, tile); (c == 'X') != (x>>tile&1 != 0) || (c == 'O') != (o>>tile&1 != 0) {
						t.Fatalf("%v: board %d tile %d is %c, masks %b %b", p.String(), b, tile, c, x, o)
					}
				}
				if p.OpenBoards()>>b&1 != 0 == p.Closed(b) || (p.WonBoards(X)>>b&1 != 0) != (p.BoardStatus(b) == XWon) ||
					HasLine(x) && p.BoardStatus(b) == Ongoing {
					t.Fatalf("%v: board %d masks", p.String(), b)
				}
			}
			p = p.Play(buf[next(n)])
		}
	}
}

func TestWhyIllegal(t *testing.T) {
	for _, c := range []struct {
		moves []string
		want  string
	}{
		{[]string{"44", "44"}, "move 2 (44): tile 4 of board 4 is taken (by X)"},
		{[]string{"44", "33"}, "move 2 (33): board 3 is not the board to play in: the move must be in board 4 (move 44 sends there)"},
		{[]string{"40", "04", "31"}, "move 3 (31): board 3 is not the board to play in: the move must be in board 4 (move 04 sends there)"},
		// X wins board 4 (40 41 42); O is sent to board 2, then X is free to try board 4.
		{[]string{"40", "04", "41", "14", "42", "20", "04"}, "move 7 (04): tile 4 of board 0 is taken (by O)"},
		{[]string{"40", "04", "41", "14", "42", "24", "45"}, "move 7 (45): board 4 is decided (won by X)"},
		{[]string{"4x"}, `move 1: move "4x": want two digits`},
		{[]string{"44", strings.Repeat("5", 100000)}, `move 2: move "` + strings.Repeat("5", 40) + `"...: want two digits`},
	} {
		_, err := ParseMoves(c.moves)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.moves, err, c.want)
		}
	}
	p := Start()
	if w := p.WhyIllegal(NewMove(3, 3)); w != "" {
		t.Errorf("legal move: %q", w)
	}
}
