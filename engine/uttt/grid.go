package uttt

import (
	"fmt"
	"math/bits"
)

// XY returns the move's column x and row y (0..8) on the 9x9 grid, as the AI Games
// protocol numbers them.
func (m Move) XY() (x, y int) {
	b, t := m.Board(), m.Tile()
	return b%3*3 + t%3, b/3*3 + t/3
}

// MoveAt returns the move at column x and row y (0..8) of the 9x9 grid.
func MoveAt(x, y int) Move { return NewMove(y/3*3+x/3, y%3*3+x%3) }

// FromGrid builds a position from the 81 tiles of the 9x9 grid, row by row ('-' empty,
// 'X' or 'O'), the side to move, and the boards it may play in (bit b = board b), as
// a game server states them. playable must be one open board or every open board
// (a free move; 0 also means a free move); the last move is unknown. Won and closed boards are derived from
// the tiles.
func FromGrid(grid *[81]byte, side Side, playable uint16) (Position, error) {
	p := Position{forced: -1, last: NoMove, side: side}
	for y := 0; y < 9; y++ {
		for x := 0; x < 9; x++ {
			m := MoveAt(x, y)
			switch grid[y*9+x] {
			case 'X':
				p.cells[X][m.Board()] |= 1 << m.Tile()
			case 'O':
				p.cells[O][m.Board()] |= 1 << m.Tile()
			case '-':
			default:
				return Position{}, fmt.Errorf("tile x %d y %d: %q is not -, X or O", x, y, grid[y*9+x])
			}
		}
	}
	for b := 0; b < 9; b++ {
		xw, ow := winTab[p.cells[X][b]], winTab[p.cells[O][b]]
		switch {
		case xw && ow:
			return Position{}, fmt.Errorf("board %d has three in a row for both players", b)
		case xw:
			p.master[X] |= 1 << b
		case ow:
			p.master[O] |= 1 << b
		}
		if xw || ow || p.cells[X][b]|p.cells[O][b] == full9 {
			p.closed |= 1 << b
		}
	}
	switch xw, ow := winTab[p.master[X]], winTab[p.master[O]]; {
	case xw && ow:
		return Position{}, fmt.Errorf("both players have three boards in a row")
	case xw:
		p.status = XWon
	case ow:
		p.status = OWon
	case p.closed == full9:
		p.status = Draw
	}
	if p.status != Ongoing {
		return Position{}, fmt.Errorf("the game is over (%v)", p.status)
	}
	open := ^p.closed & full9
	switch {
	case playable == 0:
	case playable&^open != 0:
		return Position{}, fmt.Errorf("playable boards %s include closed boards", boardList(playable&^open))
	case bits.OnesCount16(playable) == 1:
		p.forced = int8(bits.TrailingZeros16(playable))
	case playable != open:
		return Position{}, fmt.Errorf("playable boards %s are neither one board nor every open board (%s)", boardList(playable), boardList(open))
	}
	p.hash = p.computeHash()
	return p, nil
}

func boardList(mask uint16) string {
	s := ""
	for ; mask != 0; mask &= mask - 1 {
		if s != "" {
			s += ","
		}
		s += fmt.Sprint(bits.TrailingZeros16(mask))
	}
	if s == "" {
		return "none"
	}
	return s
}
