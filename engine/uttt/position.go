// Package uttt holds the rules of Meta (ultimate) tic-tac-toe: a bit-packed position
// copied per move, move generation into fixed arrays, perft, the bot protocol's
// notation and a text display. The engine is in package search, training in tune.
package uttt

//go:generate go run ./internal/gentables -part rules

import (
	"fmt"
	"math/bits"
)

// Move is a board (0..8) and a tile in it (0..8), stored as board*9+tile.
type Move uint8

// NoMove is the zero move value for "no move": the free move at the start, or no
// legal move in a finished game.
const NoMove Move = 255

// NewMove returns the move at the given board and tile, both 0..8.
func NewMove(board, tile int) Move { return Move(board*9 + tile) }

// Board returns the small board the move is played in.
func (m Move) Board() int { return int(moveBoard[m]) }

// Tile returns the tile of the move inside its board; it is also the board the
// opponent is sent to.
func (m Move) Tile() int { return int(moveTile[m]) }

// String writes the move as two digits, board then tile ("38"), and NoMove as "xx".
func (m Move) String() string {
	if m > 80 {
		return "xx"
	}
	return string([]byte{'0' + moveBoard[m], '0' + moveTile[m]})
}

// ParseMove reads two digits 0..8, board then tile.
func ParseMove(s string) (Move, error) {
	if len(s) != 2 || s[0] < '0' || s[0] > '8' || s[1] < '0' || s[1] > '8' {
		if len(s) > 40 { // quote the start of a long token only
			return NoMove, fmt.Errorf("move %q...: want two digits 0..8, board then tile", s[:40])
		}
		return NoMove, fmt.Errorf("move %q: want two digits 0..8, board then tile", s)
	}
	return NewMove(int(s[0]-'0'), int(s[1]-'0')), nil
}

// Side is a player: X moves first.
type Side uint8

// The two sides.
const (
	X Side = 0
	O Side = 1
)

// Other returns the opponent.
func (s Side) Other() Side { return s ^ 1 }

// String returns "X" or "O".
func (s Side) String() string { return "XO"[s : s+1] }

// Status is the state of a game (or of one small board).
type Status uint8

// Game states.
const (
	Ongoing Status = iota
	XWon
	OWon
	Draw
)

// String returns "ongoing", "X won", "O won" or "draw".
func (s Status) String() string {
	return [...]string{"ongoing", "X won", "O won", "draw"}[s&3]
}

const full9 = 0x1ff

// Position is a game state, small enough to copy on every move (Play returns a new
// one). The zero value is not a valid position: use Start or a parser.
type Position struct {
	hash   uint64
	cells  [2][9]uint16 // per side, per board: the tiles taken (bit t = tile t)
	master [2]uint16    // per side: the boards won
	closed uint16       // boards won or full
	side   Side         // side to move
	forced int8         // board to play in, or -1 for a free move
	status Status
	last   Move
}

// Start returns the empty board, X to move with a free move.
func Start() Position {
	p := Position{forced: -1, last: NoMove}
	p.hash = p.computeHash()
	return p
}

// Side returns the side to move.
func (p *Position) Side() Side { return p.side }

// Status returns whether the game is going on, won or drawn.
func (p *Position) Status() Status { return p.status }

// Forced returns the board the side to move must play in, or -1 when it may play in
// any open board (the first move, after a move sent to a closed board, or when the
// game is over).
func (p *Position) Forced() int { return int(p.forced) }

// Last returns the previous move, or NoMove when unknown (start, or "xx" in the
// protocol).
func (p *Position) Last() Move { return p.last }

// Hash returns the Zobrist key of the position (tiles, side to move, forced board).
func (p *Position) Hash() uint64 { return p.hash }

// Empty returns the number of empty tiles on the whole board, closed boards included:
// the bonus a winner scores in the tournament.
func (p *Position) Empty() int {
	n := 0
	for b := 0; b < 9; b++ {
		n += bits.OnesCount16(p.cells[0][b] | p.cells[1][b])
	}
	return 81 - n
}

// Cell returns the content of a tile: '-', 'X' or 'O'.
func (p *Position) Cell(board, tile int) byte {
	switch {
	case p.cells[0][board]>>tile&1 != 0:
		return 'X'
	case p.cells[1][board]>>tile&1 != 0:
		return 'O'
	}
	return '-'
}

// BoardStatus returns the state of one small board: won by a side, drawn (full without
// a winner) or ongoing (open).
func (p *Position) BoardStatus(board int) Status {
	switch {
	case p.master[0]>>board&1 != 0:
		return XWon
	case p.master[1]>>board&1 != 0:
		return OWon
	case p.closed>>board&1 != 0:
		return Draw
	}
	return Ongoing
}

// Closed reports whether a small board is won or full; nobody may play in it again.
func (p *Position) Closed(board int) bool { return p.closed>>board&1 != 0 }

// Moves writes the legal moves into buf and returns their number, 0 when the game is
// over. Moves come in increasing order.
func (p *Position) Moves(buf *[81]Move) int {
	if p.status != Ongoing {
		return 0
	}
	if p.forced >= 0 {
		b := int(p.forced)
		return movesIn(buf, 0, b, ^(p.cells[0][b]|p.cells[1][b])&full9)
	}
	n := 0
	for open := ^p.closed & full9; open != 0; open &= open - 1 {
		b := bits.TrailingZeros16(open)
		n = movesIn(buf, n, b, ^(p.cells[0][b]|p.cells[1][b])&full9)
	}
	return n
}

func movesIn(buf *[81]Move, n, b int, free uint16) int {
	base := Move(b * 9)
	for ; free != 0; free &= free - 1 {
		buf[n] = base + Move(bits.TrailingZeros16(free))
		n++
	}
	return n
}

// CountMoves returns the number of legal moves without generating them.
func (p *Position) CountMoves() int {
	if p.status != Ongoing {
		return 0
	}
	if p.forced >= 0 {
		b := p.forced
		return 9 - bits.OnesCount16(p.cells[0][b]|p.cells[1][b])
	}
	n := 0
	for open := ^p.closed & full9; open != 0; open &= open - 1 {
		b := bits.TrailingZeros16(open)
		n += 9 - bits.OnesCount16(p.cells[0][b]|p.cells[1][b])
	}
	return n
}

// IsLegal reports whether m may be played now.
func (p *Position) IsLegal(m Move) bool {
	if m > 80 || p.status != Ongoing {
		return false
	}
	b, t := moveBoard[m], moveTile[m]
	if p.forced >= 0 && int(p.forced) != int(b) || p.closed>>b&1 != 0 {
		return false
	}
	return (p.cells[0][b]|p.cells[1][b])>>t&1 == 0
}

// Play returns the position after the legal move m; m must be legal (see IsLegal).
func (p Position) Play(m Move) Position {
	b, t := moveBoard[m], moveTile[m]
	s := p.side
	c := p.cells[s][b] | 1<<t
	p.cells[s][b] = c
	h := p.hash ^ zobCell[s][m] ^ zobForced[p.forced+1] ^ zobSide
	if winTab[c] {
		p.master[s] |= 1 << b
		p.closed |= 1 << b
		if winTab[p.master[s]] {
			p.status = XWon + Status(s)
		}
	} else if c|p.cells[s^1][b] == full9 {
		p.closed |= 1 << b
	}
	f := int8(t)
	if p.closed>>t&1 != 0 {
		f = -1
		if p.closed == full9 && p.status == Ongoing {
			p.status = Draw
		}
	}
	if p.status != Ongoing {
		f = -1
	}
	p.forced = f
	p.hash = h ^ zobForced[f+1]
	p.side = s ^ 1
	p.last = m
	return p
}

// PlayInto sets *q to p.Play(m) without the copies of a value receiver and result; m
// must be legal. A search's hot path uses it.
func (p *Position) PlayInto(q *Position, m Move) {
	*q = *p
	q.ChildOf(p, m)
	q.hash = p.hash ^ zobCell[p.side][m] ^ zobForced[p.forced+1] ^ zobSide ^ zobForced[q.forced+1]
}

// ChildOf makes q the position after the legal move m in p, all but the hash (left
// stale), when q is a copy of p or a child of p made this way: a search makes every
// child of a frontier node on one scratch copy of p.
// It repeats Play's rules on purpose: Play stays as it was, so engine-v1, which calls
// it, keeps the speed it was measured at (the tests check the two agree).
func (q *Position) ChildOf(p *Position, m Move) {
	b, t := moveBoard[m], moveTile[m]
	s := p.side
	c := p.cells[s][b] | 1<<t
	q.cells[s] = p.cells[s] // undo the previous child's move
	q.cells[s][b] = c
	master, closed, status := p.master[s], p.closed, p.status
	if winTab[c] {
		master |= 1 << b
		closed |= 1 << b
		if winTab[master] {
			status = XWon + Status(s)
		}
	} else if c|p.cells[s^1][b] == full9 {
		closed |= 1 << b
	}
	f := int8(t)
	if closed>>t&1 != 0 {
		f = -1
		if closed == full9 && status == Ongoing {
			status = Draw
		}
	}
	if status != Ongoing {
		f = -1
	}
	q.master[s], q.closed, q.status, q.forced = master, closed, status, f
	q.side, q.last = s^1, m
}

// computeHash computes the Zobrist key from scratch.
func (p *Position) computeHash() uint64 {
	h := zobForced[p.forced+1]
	if p.side == O {
		h ^= zobSide
	}
	for s := 0; s < 2; s++ {
		for b := 0; b < 9; b++ {
			for c := p.cells[s][b]; c != 0; c &= c - 1 {
				h ^= zobCell[s][b*9+bits.TrailingZeros16(c)]
			}
		}
	}
	return h
}

// Lines of a 3x3 board, as 9-bit masks.
var lines = [8]uint16{0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124}

// Lines returns the eight lines of a 3x3 board (rows, columns, diagonals) as 9-bit masks,
// bit t = tile t (or board t of the master board).
func Lines() [8]uint16 { return lines }

// winTab[mask] (mask holds three in a row), moveBoard and moveTile (a move's board and
// tile, 9 for none), and the Zobrist keys zobCell, zobForced (index forced+1) and
// zobSide are literals in tables.go.

// Tiles returns the tiles side holds in a board, bit t = tile t.
func (p *Position) Tiles(s Side, board int) uint16 { return p.cells[s][board] }

// ClosedBoards returns the won or full boards, bit b = board b.
func (p *Position) ClosedBoards() uint16 { return p.closed }

// Pass returns p with the other side to move on the unchanged board, free to play in
// any open board: what a judge makes of an invalid turn.
func (p Position) Pass() Position {
	args := p.ProtocolArgs()
	args[0] = p.Side().Other().String()
	args[11] = "xx"
	q, err := ParseProtocol(args)
	if err != nil {
		return p
	}
	return q
}
