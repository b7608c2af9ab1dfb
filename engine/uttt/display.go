package uttt

import (
	"fmt"
	"strings"
)

// ANSI escapes used by Display with colour on.
const (
	ansiReset = "\x1b[0m"
	ansiX     = "\x1b[1;31m" // bold red
	ansiO     = "\x1b[1;34m" // bold blue
	ansiPlay  = "\x1b[43;30m"
	ansiLast  = "\x1b[1;4m"
)

// bigMark is the 3x3 picture drawn over a won board: a large X or O.
var bigMark = [2][9]byte{
	{'\\', ' ', '/', ' ', 'X', ' ', '/', ' ', '\\'},
	{'/', '-', '\\', '|', 'O', '|', '\\', '-', '/'},
}

// Display draws p as text: the 9x9 grid with x (column) and y (row) labels and the
// board separators, a won board replaced by a large X or O, the tiles where the side
// to move may play written '*' (other empty tiles '.'), the last move in brackets, and
// status lines below. With colour, ANSI escapes also colour the marks and shade the
// playable tiles; the markers read the same without them.
func Display(p *Position, colour bool) string {
	var b strings.Builder
	paint := func(code string, s string) string {
		if !colour || code == "" {
			return s
		}
		return code + s + ansiReset
	}
	b.WriteString("      0 1 2   3 4 5   6 7 8\n")
	sep := "    +-------+-------+-------+\n"
	var legal [81]bool
	var buf [81]Move
	for _, m := range buf[:p.Moves(&buf)] {
		legal[m] = true
	}
	for y := 0; y < 9; y++ {
		if y%3 == 0 {
			b.WriteString(sep)
		}
		fmt.Fprintf(&b, "  %d |", y)
		for x := 0; x < 9; x++ {
			board, tile := y/3*3+x/3, y%3*3+x%3
			m := NewMove(board, tile)
			isLast := p.last == m
			c, code := p.Cell(board, tile), ""
			switch st := p.BoardStatus(board); {
			case (st == XWon || st == OWon) && !isLast: // the move that won it stays visible
				c = bigMark[st-XWon][tile]
				code = ansiX
				if st == OWon {
					code = ansiO
				}
			case c == 'X':
				code = ansiX
			case c == 'O':
				code = ansiO
			case legal[m]:
				c, code = '*', ansiPlay
			default:
				c = '.'
			}
			if isLast {
				code += ansiLast
			}
			// One character between tiles: '[' before the last move, ']' after it.
			gap := byte(' ')
			switch {
			case isLast:
				gap = '['
			case x%3 != 0 && p.last == NewMove(board, tile-1):
				gap = ']'
			}
			b.WriteByte(gap)
			b.WriteString(paint(code, string(c)))
			if x%3 == 2 {
				if isLast {
					b.WriteString("]|")
				} else {
					b.WriteString(" |")
				}
			}
		}
		b.WriteByte('\n')
	}
	b.WriteString(sep)
	b.WriteString(statusText(p))
	return b.String()
}

// statusText writes the lines under the grid: last move, who moves where, won boards.
func statusText(p *Position) string {
	var b strings.Builder
	if p.last != NoMove {
		t := p.last
		fmt.Fprintf(&b, "last move %s (board %d, tile %d; x %d, y %d)\n", t, t.Board(), t.Tile(),
			t.Board()%3*3+t.Tile()%3, t.Board()/3*3+t.Tile()/3)
	}
	switch {
	case p.status != Ongoing:
		fmt.Fprintf(&b, "game over: %s\n", p.status)
	case p.forced >= 0:
		fmt.Fprintf(&b, "%s to move in board %d (* = legal moves)\n", p.side, p.forced)
	default:
		fmt.Fprintf(&b, "%s to move, free move: any open board (* = legal moves)\n", p.side)
	}
	var won [3][]string
	for bd := 0; bd < 9; bd++ {
		switch st := p.BoardStatus(bd); st {
		case XWon, OWon, Draw:
			won[st-XWon] = append(won[st-XWon], fmt.Sprint(bd))
		}
	}
	for i, name := range []string{"won by X", "won by O", "drawn"} {
		if len(won[i]) > 0 {
			fmt.Fprintf(&b, "boards %s: %s\n", name, strings.Join(won[i], " "))
		}
	}
	return b.String()
}
