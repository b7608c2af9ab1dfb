package zoo

import (
	"context"
	"strconv"

	"github.com/boardlab/boardlab/engine/uttt"
)

// DefaultDepth is the depth bot's search depth when the spec gives none.
const DefaultDepth = 4

// Depth is a plain depth-limited alpha-beta (no table, no ordering) with a simple
// evaluation: won boards by position, two-in-a-rows on small boards and on the master
// board. It stands in for the spec's champion depthBot.
type Depth struct{ N int }

func (d Depth) String() string { return "depth:" + strconv.Itoa(d.N) }

const depthWin = 1 << 20

// Move searches N plies; equal scores are broken at random by shuffling the root moves.
// When ctx is done it returns the best root move searched so far.
func (d Depth) Move(ctx context.Context, p *uttt.Position, rng *RNG) uttt.Move {
	var buf [81]uttt.Move
	n := p.Moves(&buf)
	for i := n - 1; i > 0; i-- {
		j := rng.Intn(i + 1)
		buf[i], buf[j] = buf[j], buf[i]
	}
	best, alpha := buf[0], -depthWin-1
	for _, m := range buf[:n] {
		if ctx.Err() != nil {
			break
		}
		q := p.Play(m)
		if s := -depthSearch(&q, d.N-1, -depthWin-1, -alpha, 1); s > alpha {
			alpha, best = s, m
		}
	}
	return best
}

func depthSearch(p *uttt.Position, depth, alpha, beta, ply int) int {
	switch p.Status() {
	case uttt.Draw:
		return 0
	case uttt.XWon, uttt.OWon: // the previous move won
		return -(depthWin - ply)
	}
	if depth <= 0 {
		return depthEval(p)
	}
	var buf [81]uttt.Move
	n := p.Moves(&buf)
	for _, m := range buf[:n] {
		q := p.Play(m)
		s := -depthSearch(&q, depth-1, -beta, -alpha, ply+1)
		if s > alpha {
			alpha = s
			if alpha >= beta {
				break
			}
		}
	}
	return alpha
}

var (
	depthLines  = [8]uint16{0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124}
	depthWeight = [9]int{3, 2, 3, 2, 4, 2, 3, 2, 3}
)

// twos counts the lines holding two of own and none of opp.
func twos(own, opp uint16) int {
	n := 0
	for _, l := range depthLines {
		if opp&l == 0 && own&l != 0 && own&l&(own&l-1) != 0 {
			n++
		}
	}
	return n
}

// depthEval scores p for the side to move.
func depthEval(p *uttt.Position) int {
	var mx, mo, closed uint16
	s := 0
	for b := 0; b < 9; b++ {
		switch p.BoardStatus(b) {
		case uttt.XWon:
			mx |= 1 << b
			s += 10 * depthWeight[b]
		case uttt.OWon:
			mo |= 1 << b
			s -= 10 * depthWeight[b]
		case uttt.Draw:
			closed |= 1 << b
		default:
			var x, o uint16
			for t := 0; t < 9; t++ {
				switch p.Cell(b, t) {
				case 'X':
					x |= 1 << t
				case 'O':
					o |= 1 << t
				}
			}
			s += depthWeight[b] * (twos(x, o) - twos(o, x))
		}
	}
	s += 30 * (twos(mx, mo|closed) - twos(mo, mx|closed))
	if p.Side() == uttt.O {
		return -s
	}
	return s
}
