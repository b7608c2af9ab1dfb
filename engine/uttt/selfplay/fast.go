package selfplay

import (
	"context"
	"math/bits"
	"sync"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
)

// mover chooses a move for an ongoing position, as zoo.Bot.Move does: the random and
// naive bots are replaced by equivalents that read the bitboards instead of
// generating and playing every move. They consume the generator exactly as the zoo's
// bots do and choose the same move (FuzzFastBots pits them against each other), so a
// game does not change.
type mover struct {
	kind int // moveRandom, moveNaive or moveBot
	bot  zoo.Bot
}

const (
	moveBot = iota
	moveRandom
	moveNaive
)

func moverOf(b zoo.Bot) mover {
	switch b.(type) {
	case zoo.Random:
		return mover{moveRandom, b}
	case zoo.Naive:
		fillCompletes()
		return mover{moveNaive, b}
	}
	return mover{moveBot, b}
}

// move returns the bot's move. Only the zoo's other bots see the position and the
// generator through an interface, so for random and naive neither leaves the stack.
func (mv *mover) move(ctx context.Context, p *uttt.Position, rng *zoo.RNG) uttt.Move {
	switch mv.kind {
	case moveRandom:
		return fastRandom(ctx, p, rng)
	case moveNaive:
		return fastNaive(ctx, p, rng)
	}
	return botMove(ctx, mv.bot, *p, rng)
}

// botMove calls an interface bot on copies, which escape to the heap only here.
func botMove(ctx context.Context, b zoo.Bot, p uttt.Position, rng *zoo.RNG) uttt.Move {
	r := *rng
	m := b.Move(ctx, &p, &r)
	*rng = r
	return m
}

// fastRandom is zoo.RandomMove: the k-th legal move (in move order) for a uniform k,
// found from the bitboards by popcount and a table of the k-th set bit.
func fastRandom(_ context.Context, p *uttt.Position, rng *zoo.RNG) uttt.Move {
	if f := p.Forced(); f >= 0 {
		x, o := p.BoardTiles(f)
		free := ^(x | o) & 0x1ff
		return uttt.NewMove(f, int(selectBit[free][rng.Intn(bits.OnesCount16(free))]))
	}
	var free [9]uint16
	total := 0
	open := p.OpenBoards()
	for ob := open; ob != 0; ob &= ob - 1 {
		b := bits.TrailingZeros16(ob)
		x, o := p.BoardTiles(b)
		free[b] = ^(x | o) & 0x1ff
		total += bits.OnesCount16(free[b])
	}
	k := rng.Intn(total)
	for o := open; ; o &= o - 1 {
		b := bits.TrailingZeros16(o)
		if n := bits.OnesCount16(free[b]); k >= n {
			k -= n
			continue
		}
		return uttt.NewMove(b, int(selectBit[free[b]][k]))
	}
}

// completes[own] is the mask of the empty tiles t of a small board where own|1<<t
// holds three in a row. It is filled on first use (moverOf), not at process start.
var (
	completes     [512]uint16
	completesOnce sync.Once
)

func fillCompletes() {
	completesOnce.Do(func() {
		for own := range completes {
			for t := 0; t < 9; t++ {
				if own>>t&1 == 0 && uttt.HasLine(uint16(own|1<<t)) {
					completes[own] |= 1 << t
				}
			}
		}
	})
}

// fastNaive is zoo.Naive's choice (after fillCompletes): the first move (in move order) that wins the game,
// else a uniformly random move among those that win a small board, else a uniformly
// random move.
func fastNaive(_ context.Context, p *uttt.Position, rng *zoo.RNG) uttt.Move {
	s := p.Side()
	master := p.WonBoards(s)
	open := p.OpenBoards()
	if f := p.Forced(); f >= 0 {
		open = 1 << f
	}
	var wins [9]uint16
	nwins, total := 0, 0
	for ob := open; ob != 0; ob &= ob - 1 {
		b := bits.TrailingZeros16(ob)
		x, o := p.BoardTiles(b)
		free := ^(x | o) & 0x1ff
		own := x
		if s == uttt.O {
			own = o
		}
		w := completes[own] & free
		if w != 0 && uttt.HasLine(master|1<<b) {
			return uttt.NewMove(b, bits.TrailingZeros16(w))
		}
		wins[b] = w
		nwins += bits.OnesCount16(w)
		total += bits.OnesCount16(free)
	}
	if nwins == 0 {
		return p.NthMove(rng.Intn(total))
	}
	k := rng.Intn(nwins)
	for o := open; ; o &= o - 1 {
		b := bits.TrailingZeros16(o)
		if n := bits.OnesCount16(wins[b]); k >= n {
			k -= n
			continue
		}
		w := wins[b]
		for ; k > 0; k-- {
			w &= w - 1
		}
		return uttt.NewMove(b, bits.TrailingZeros16(w))
	}
}
