package uttt

import (
	"fmt"
	"math/bits"
)

// BoardTiles returns the tiles of board b held by X and by O as 9-bit masks (bit t =
// tile t).
func (p *Position) BoardTiles(b int) (x, o uint16) { return p.cells[0][b], p.cells[1][b] }

// OpenBoards returns the boards neither won nor full as a 9-bit mask (bit b = board b).
func (p *Position) OpenBoards() uint16 { return ^p.closed & full9 }

// WonBoards returns the boards won by s as a 9-bit mask.
func (p *Position) WonBoards(s Side) uint16 { return p.master[s] }

// HasLine reports whether a 9-bit mask of tiles (or boards) holds three in a row.
func HasLine(mask uint16) bool { return winTab[mask&full9] }

// NthMove returns the k-th legal move (0-based) in the order of Moves without
// generating the list; k must be below CountMoves.
func (p *Position) NthMove(k int) Move {
	if p.forced >= 0 {
		b := int(p.forced)
		return NewMove(b, selectBit(^(p.cells[0][b]|p.cells[1][b])&full9, k))
	}
	for open := ^p.closed & full9; open != 0; open &= open - 1 {
		b := bits.TrailingZeros16(open)
		free := ^(p.cells[0][b] | p.cells[1][b]) & full9
		if n := bits.OnesCount16(free); k >= n {
			k -= n
			continue
		}
		return NewMove(b, selectBit(free, k))
	}
	return NoMove
}

// selectBit returns the index of the k-th set bit (0-based) of a 9-bit mask.
func selectBit(mask uint16, k int) int {
	for ; k > 0; k-- {
		mask &= mask - 1
	}
	return bits.TrailingZeros16(mask)
}

// WhyIllegal says why m may not be played now, in words such as "tile 4 of board 4 is
// taken", or returns "" when m is legal.
func (p *Position) WhyIllegal(m Move) string {
	if m > 80 {
		return fmt.Sprintf("move %d is not a move (want two digits 0..8, board then tile)", m)
	}
	b, t := m.Board(), m.Tile()
	switch {
	case p.status != Ongoing:
		return fmt.Sprintf("the game is over (%v)", p.status)
	case p.forced >= 0 && int(p.forced) != b:
		why := ""
		if p.last != NoMove {
			why = fmt.Sprintf(" (move %s sends there)", p.last)
		}
		return fmt.Sprintf("board %d is not the board to play in: the move must be in board %d%s", b, p.forced, why)
	case p.master[0]>>b&1 != 0:
		return fmt.Sprintf("board %d is decided (won by X)", b)
	case p.master[1]>>b&1 != 0:
		return fmt.Sprintf("board %d is decided (won by O)", b)
	case p.closed>>b&1 != 0:
		return fmt.Sprintf("board %d is decided (full, drawn)", b)
	case p.cells[0][b]>>t&1 != 0:
		return fmt.Sprintf("tile %d of board %d is taken (by X)", t, b)
	case p.cells[1][b]>>t&1 != 0:
		return fmt.Sprintf("tile %d of board %d is taken (by O)", t, b)
	}
	return ""
}
