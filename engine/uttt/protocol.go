package uttt

import (
	"fmt"
	"strings"
)

// ParseProtocol reads the tournament protocol's 12 bot arguments: SIDE B0 ... B8 MASTER LAST. O may be
// written "O" or "0". Closed boards are derived from B0..B8 (MASTER is only checked for
// its form); LAST "xx" means a free move, otherwise it is the move just played (its
// tile may not be empty) and its tile names the board to play in, free when that
// board is closed.
func ParseProtocol(args []string) (Position, error) {
	if len(args) != 12 {
		return Position{}, fmt.Errorf("want 12 arguments (SIDE B0 ... B8 MASTER LAST), got %d", len(args))
	}
	p := Position{forced: -1, last: NoMove}
	switch args[0] {
	case "X", "x":
		p.side = X
	case "O", "o", "0":
		p.side = O
	default:
		return Position{}, fmt.Errorf("argument 1 (SIDE) %q: want X or O", args[0])
	}
	for b := 0; b < 9; b++ {
		s := args[1+b]
		if len(s) != 9 {
			return Position{}, fmt.Errorf("argument %d (board %d) %q: want 9 characters, got %d", 2+b, b, s, len(s))
		}
		for t := 0; t < 9; t++ {
			switch s[t] {
			case '-':
			case 'X', 'x':
				p.cells[X][b] |= 1 << t
			case 'O', 'o', '0':
				p.cells[O][b] |= 1 << t
			default:
				return Position{}, fmt.Errorf("argument %d (board %d) %q: tile %d is %q, want -, X, O or 0", 2+b, b, s, t, s[t])
			}
		}
		xw, ow := winTab[p.cells[X][b]], winTab[p.cells[O][b]]
		switch {
		case xw && ow:
			return Position{}, fmt.Errorf("argument %d (board %d) %q: both X and O have three in a row", 2+b, b, s)
		case xw:
			p.master[X] |= 1 << b
		case ow:
			p.master[O] |= 1 << b
		}
		if xw || ow || p.cells[X][b]|p.cells[O][b] == full9 {
			p.closed |= 1 << b
		}
	}
	if m := args[10]; len(m) != 9 || strings.Trim(m, "-XxOo0") != "" {
		return Position{}, fmt.Errorf("argument 11 (MASTER) %q: want 9 characters of -, X, O or 0", m)
	}
	last := args[11]
	if last != "xx" && last != "XX" {
		m, err := ParseMove(last)
		if err != nil {
			return Position{}, fmt.Errorf("argument 12 (LAST) %q: want two digits 0..8 or xx", last)
		}
		if (p.cells[X][m.Board()]|p.cells[O][m.Board()])>>m.Tile()&1 == 0 {
			return Position{}, fmt.Errorf("argument 12 (LAST) %q: tile %d of board %d is empty, but LAST is a move already played", last, m.Tile(), m.Board())
		}
		p.last = m
		if t := m.Tile(); p.closed>>t&1 == 0 {
			p.forced = int8(t)
		}
	}
	xw, ow := winTab[p.master[X]], winTab[p.master[O]]
	switch {
	case xw && ow:
		return Position{}, fmt.Errorf("both X and O have three boards in a row")
	case xw:
		p.status = XWon
	case ow:
		p.status = OWon
	case p.closed == full9:
		p.status = Draw
	}
	if p.status != Ongoing {
		p.forced = -1
	}
	p.hash = p.computeHash()
	return p, nil
}

// ProtocolArgs returns the 12 bot arguments for the position, the inverse of
// ParseProtocol; O is written "O" and LAST is the last move, or "xx" when unknown.
func (p *Position) ProtocolArgs() []string {
	args := make([]string, 0, 12)
	args = append(args, p.side.String())
	var buf [9]byte
	for b := 0; b < 9; b++ {
		for t := 0; t < 9; t++ {
			buf[t] = p.Cell(b, t)
		}
		args = append(args, string(buf[:]))
	}
	for b := 0; b < 9; b++ {
		switch p.BoardStatus(b) {
		case XWon:
			buf[b] = 'X'
		case OWon:
			buf[b] = 'O'
		default:
			buf[b] = '-'
		}
	}
	args = append(args, string(buf[:]))
	last := "xx"
	if p.last != NoMove && (p.forced < 0 || p.last.Tile() == int(p.forced)) {
		last = p.last.String()
	}
	if p.last == NoMove && p.forced >= 0 {
		last = NewMove(0, int(p.forced)).String() // any move whose tile sends here
	}
	return append(args, last)
}

// String returns the protocol arguments joined by spaces.
func (p Position) String() string { return strings.Join(p.ProtocolArgs(), " ") }

// ParseMoves plays a list of two-digit moves from the start; an illegal or malformed
// move is an error naming its index (1-based).
func ParseMoves(moves []string) (Position, error) {
	p := Start()
	for i, s := range moves {
		m, err := ParseMove(s)
		if err != nil {
			return Position{}, fmt.Errorf("move %d: %v", i+1, err)
		}
		if !p.IsLegal(m) {
			return Position{}, fmt.Errorf("move %d (%s): %s", i+1, s, p.WhyIllegal(m))
		}
		p = p.Play(m)
	}
	return p, nil
}
