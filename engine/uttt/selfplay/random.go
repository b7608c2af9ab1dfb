package selfplay

import (
	"math/bits"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
)

// RandomGame plays uniformly random moves from the start to the end of the game and
// returns the result and the number of plies. It is the throughput loop of random
// self-play: no allocation and the position copied per move. The engine's Position
// judges the rules (Play, Forced, Closed, Status); the loop keeps its own bit masks of
// the taken tiles and closed boards only to draw the k-th empty tile of the open boards
// without generating the move list.
func RandomGame(rng *zoo.RNG) (uttt.Status, int) {
	p := uttt.Start()
	var taken [9]uint16
	var closed uint16
	plies := 0
	for p.Status() == uttt.Ongoing {
		b, t := drawMove(&p, &taken, closed, rng)
		taken[b] |= 1 << t
		p = p.Play(uttt.NewMove(b, t))
		if p.Closed(b) {
			closed |= 1 << b
		}
		plies++
	}
	return p.Status(), plies
}

// drawMove returns a uniformly random empty tile of the forced board, or of all open
// boards on a free move.
func drawMove(p *uttt.Position, taken *[9]uint16, closed uint16, rng *zoo.RNG) (int, int) {
	if f := p.Forced(); f >= 0 {
		empty := ^taken[f] & 0x1ff
		k := rng.Intn(bits.OnesCount16(empty))
		return f, int(selectBit[empty][k])
	}
	total := 0
	for open := ^closed & 0x1ff; open != 0; open &= open - 1 {
		total += 9 - bits.OnesCount16(taken[bits.TrailingZeros16(open)])
	}
	k := rng.Intn(total)
	for open := ^closed & 0x1ff; ; open &= open - 1 {
		b := bits.TrailingZeros16(open)
		empty := ^taken[b] & 0x1ff
		if n := bits.OnesCount16(empty); k >= n {
			k -= n
			continue
		}
		return b, int(selectBit[empty][k])
	}
}
