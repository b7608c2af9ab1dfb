// Package selfplay plays meta tic-tac-toe games between zoo bots in-process, colours
// alternating and openings randomized, and turns the results into statistics: W/D/L,
// Elo with a 95% interval, an SPRT, the first player's advantage and game length.
package selfplay

//go:generate go run ./internal/gentables

import (
	"context"
	"io"
	"math/bits"
	"strings"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
)

// Game is one finished game, as written to the JSON Lines output.
type Game struct {
	Index    int    `json:"game"`
	A        string `json:"a"`
	B        string `json:"b"`
	Seed     uint64 `json:"seed"`     // the run's seed
	Openings int    `json:"openings"` // random opening plies
	// TieBreak is "boards" when a game without a master line went to the side that won
	// more small boards (Match.TieBreak).
	TieBreak string  `json:"tiebreak,omitempty"`
	X        string  `json:"x"`      // "a" or "b": who moved first
	Moves    string  `json:"moves"`  // all moves, opening included, space-separated
	Result   string  `json:"result"` // "X", "O" or "draw"
	Score    float64 `json:"score"`  // A's score: 1, 0.5 or 0
	Plies    int     `json:"plies"`
	// Forfeit is set when the game ended with the loser's invalid answer (a bot
	// speaking CodinGame's protocol that timed out, crashed or answered an illegal
	// move), before the end of the game on the board.
	Forfeit bool `json:"forfeit,omitempty"`
}

// Match describes a self-play run; game i is a function of it and i alone.
type Match struct {
	A, B     zoo.Bot
	Seed     uint64
	Openings int // random plies played before the bots take over
	// TieBreak scores a game that fills the board without a master line as CodinGame
	// does: a win for the side that won more small boards (a draw when equal).
	TieBreak bool
}

// tieBreakName is the value of the tiebreak field of a match with TieBreak.
func (m *Match) tieBreakName() string {
	if m.TieBreak {
		return "boards"
	}
	return ""
}

// Named is a bot known only by its spec (a recorded match's bot that cannot be made
// again here, such as a CodinGame command): it has no moves.
type Named string

func (n Named) String() string { return string(n) }

// Move returns uttt.NoMove: a Named bot does not play.
func (Named) Move(context.Context, *uttt.Position, *zoo.RNG) uttt.Move { return uttt.NoMove }

// AFirst reports whether A moves first in game i: colours alternate, A is X in even
// games, and games 2k and 2k+1 share their opening.
func AFirst(i int) bool { return i%2 == 0 }

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
func (m *Match) Play(ctx context.Context, i int) (Game, error) {
	g := Game{Index: i, A: m.A.String(), B: m.B.String(), Seed: m.Seed, Openings: m.Openings, TieBreak: m.tieBreakName(), X: "a"}
	if !AFirst(i) {
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
	g.Result, g.Score, g.Forfeit = r.result(i), float64(r.Score2)/2, r.Forfeit
	return g, nil
}

// Result is a game's outcome in two bytes: A's score in halves (0 loss, 1 draw, 2 win)
// and the number of plies. Who won as X or O follows from the score and AFirst.
type Result struct {
	Score2  uint8
	Plies   uint8
	Forfeit bool // the loser forfeited by an invalid answer
}

// result returns "X", "O" or "draw" for game i.
func (r Result) result(i int) string {
	switch {
	case r.Score2 == 1:
		return "draw"
	case (r.Score2 == 2) == AFirst(i):
		return "X"
	}
	return "O"
}

// play plays game i with the bots' movers (A's first) into moves.
func (m *Match) play(ctx context.Context, i int, movers [2]mover, moves *[81]uttt.Move) (Result, error) {
	if !AFirst(i) {
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
				return Result{}, err
			}
			if mv == uttt.NoMove || !p.IsLegal(mv) {
				// An invalid answer forfeits the game.
				r := Result{Plies: uint8(n), Forfeit: true}
				if (p.Side() == uttt.O) == AFirst(i) {
					r.Score2 = 2
				}
				return r, nil
			}
		}
		p = p.Play(mv)
		moves[n] = mv
		n++
	}
	r := Result{Score2: 1, Plies: uint8(n)}
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
		if (st == uttt.XWon) == AFirst(i) {
			r.Score2 = 2
		}
	}
	return r, nil
}
