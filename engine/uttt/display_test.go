package uttt

import (
	"strings"
	"testing"
)

func TestDisplay(t *testing.T) {
	p, err := ParseMoves(strings.Fields("40 04 48 84 44 31 13 30 03 34 12 23 35 53 36 63 32 28 83 38"))
	if err != nil {
		t.Fatal(err)
	}
	got := Display(&p, false)
	want := `      0 1 2   3 4 5   6 7 8
    +-------+-------+-------+
  0 | . . . | . . X | . . . |
  1 | X O . | X . . | O . . |
  2 | . . . | . . . | . . O |
    +-------+-------+-------+
  3 | / - \ | \   / | . . . |
  4 | | O | |   X   | O . . |
  5 | \ -[O]| /   \ | . . . |
    +-------+-------+-------+
  6 | . . . | . . . | * * * |
  7 | O . . | . . . | X O * |
  8 | . . . | . . . | * * * |
    +-------+-------+-------+
last move 38 (board 3, tile 8; x 2, y 5)
X to move in board 8 (* = legal moves)
boards won by X: 4
boards won by O: 3
`
	if got != want {
		t.Fatalf("Display:\n%s\nwant:\n%s", got, want)
	}
	if strings.Contains(got, "\x1b") {
		t.Fatal("escape codes without colour")
	}
	col := Display(&p, true)
	if !strings.Contains(col, "\x1b[") {
		t.Fatal("no escape codes with colour")
	}
	// Colour only adds escapes: removing them gives the plain text.
	plain := col
	for {
		i := strings.Index(plain, "\x1b[")
		if i < 0 {
			break
		}
		j := strings.IndexByte(plain[i:], 'm')
		plain = plain[:i] + plain[i+j+1:]
	}
	if plain != got {
		t.Fatalf("colour text differs from plain text:\n%s", plain)
	}
}

func TestDisplayEveryRowSameWidth(t *testing.T) {
	// A last move at each tile keeps the grid aligned.
	for m := Move(0); m < 81; m++ {
		p := Start().Play(m)
		lines := strings.Split(Display(&p, false), "\n")
		for _, l := range lines[1:14] {
			if len(l) != 29 {
				t.Fatalf("move %v: line %q has %d characters", m, l, len(l))
			}
		}
		if !strings.Contains(Display(&p, false), "[X]") {
			t.Fatalf("move %v: last move not bracketed", m)
		}
	}
	s := Start()
	if d := Display(&s, false); strings.Count(d, "*") != 81+1 || !strings.Contains(d, "free move") {
		t.Fatalf("start: %s", d)
	}
}
