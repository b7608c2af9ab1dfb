// Package selfplay plays meta tic-tac-toe games between zoo bots in-process, colours
// alternating and openings randomized, and counts the results in game order: W/D/L,
// pairs of games, the SPRT's course, the first player's results and game length, from
// which package stats computes Elo, its interval and LOS. The games' file (writing,
// resuming, a sharded run's files) is package record's; Merge counts a run's files.
package selfplay

//go:generate go run ./internal/gentables

import (
	"context"
	"io"
	"math/bits"
	"strings"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/selfplay/record"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
)

// Match describes a self-play run; game i is a function of it and i alone.
type Match struct {
	A, B     zoo.Bot
	Seed     uint64
	Openings int // random plies played before the bots take over
	// TieBreak scores a game that fills the board without a master line as CodinGame
	// does: a win for the side that won more small boards (a draw when equal).
	TieBreak bool
}

// ID returns the match as its games' records name it.
func (m *Match) ID() record.ID {
	id := record.ID{A: m.A.String(), B: m.B.String(), Seed: m.Seed, Openings: m.Openings}
	if m.TieBreak {
		id.TieBreak = "boards"
	}
	return id
}

// Named is a bot known only by its spec (a recorded match's bot that cannot be made
// again here, such as a CodinGame command): it has no moves.
type Named string

func (n Named) String() string { return string(n) }

// Move returns uttt.NoMove: a Named bot does not play.
func (Named) Move(context.Context, *uttt.Position, *zoo.RNG) uttt.Move { return uttt.NoMove }

// Opening returns the position after game i's random opening and its moves: Openings
// random plies, drawn again (up to a thousand times) when they would end the game.
func (m *Match) Opening(i int) (uttt.Position, []uttt.Move) {
	var moves [81]uttt.Move
	p, n := m.opening(i, &moves)
	return p, moves[:n]
}

func (m *Match) opening(i int, moves *[81]uttt.Move) (uttt.Position, int) {
	rng := zoo.NewRNG(zoo.Mix(m.Seed, uint64(i/2)))
	for try := 0; ; try++ {
		p, n := uttt.Start(), 0
		for ; n < m.Openings && n < len(moves) && p.Status() == uttt.Ongoing; n++ {
			moves[n] = fastRandom(nil, &p, &rng) // zoo.RandomMove's draw
			p = p.Play(moves[n])
		}
		if p.Status() == uttt.Ongoing || try >= 1000 {
			return p, n
		}
	}
}

// Play plays game i to its end; it returns ctx.Err() if cancelled before.
func (m *Match) Play(ctx context.Context, i int) (record.Game, error) {
	id := m.ID()
	g := record.Game{Index: i, A: id.A, B: id.B, Seed: id.Seed, Openings: id.Openings, TieBreak: id.TieBreak, X: "a"}
	if !record.AFirst(i) {
		g.X = "b"
	}
	var moves [81]uttt.Move
	r, err := m.play(ctx, i, [2]mover{moverOf(m.A), moverOf(m.B)}, &moves)
	if err != nil {
		return g, err
	}
	var sb strings.Builder
	for k, mv := range moves[:r.Plies] {
		if k > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(mv.String())
	}
	g.Moves, g.Plies = sb.String(), int(r.Plies)
	g.Result, g.Score, g.Forfeit = r.Text(i), float64(r.Score2)/2, r.Forfeit
	return g, nil
}

// play plays game i with the bots' movers (A's first) into moves.
func (m *Match) play(ctx context.Context, i int, movers [2]mover, moves *[81]uttt.Move) (record.Result, error) {
	if !record.AFirst(i) {
		movers[0], movers[1] = movers[1], movers[0]
	}
	rng := zoo.NewRNG(zoo.Mix(^m.Seed, uint64(i)))
	for k := range movers {
		if gb, ok := movers[k].bot.(zoo.GameBot); ok && movers[k].kind == moveBot {
			s := gb.StartGame(i)
			if c, ok := s.(io.Closer); ok {
				defer c.Close()
			}
			movers[k].bot = s
		}
	}
	p, n := m.opening(i, moves)
	slow := movers[0].kind == moveBot || movers[1].kind == moveBot
	for p.Status() == uttt.Ongoing {
		mv := movers[p.Side()].move(ctx, &p, &rng)
		if slow {
			if err := ctx.Err(); err != nil {
				return record.Result{}, err
			}
			if mv == uttt.NoMove || !p.IsLegal(mv) {
				// An invalid answer forfeits the game.
				r := record.Result{Plies: uint8(n), Forfeit: true}
				if (p.Side() == uttt.O) == record.AFirst(i) {
					r.Score2 = 2
				}
				return r, nil
			}
		}
		p = p.Play(mv)
		moves[n] = mv
		n++
	}
	r := record.Result{Score2: 1, Plies: uint8(n)}
	st := p.Status()
	if st == uttt.Draw && m.TieBreak {
		xb, ob := bits.OnesCount16(p.WonBoards(uttt.X)), bits.OnesCount16(p.WonBoards(uttt.O))
		switch {
		case xb > ob:
			st = uttt.XWon
		case ob > xb:
			st = uttt.OWon
		}
	}
	if st != uttt.Draw {
		r.Score2 = 0
		if (st == uttt.XWon) == record.AFirst(i) {
			r.Score2 = 2
		}
	}
	return r, nil
}
