// Package selfplay plays meta tic-tac-toe games between zoo bots in-process, colours
// alternating and openings randomized, and turns the results into statistics: W/D/L,
// Elo with a 95% interval, an SPRT, the first player's advantage and game length.
package selfplay

import (
	"context"
	"strings"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
)

// Game is one finished game, as written to the JSON Lines output.
type Game struct {
	Index    int     `json:"game"`
	A        string  `json:"a"`
	B        string  `json:"b"`
	Seed     uint64  `json:"seed"`     // the run's seed
	Openings int     `json:"openings"` // random opening plies
	X        string  `json:"x"`        // "a" or "b": who moved first
	Moves    string  `json:"moves"`    // all moves, opening included, space-separated
	Result   string  `json:"result"`   // "X", "O" or "draw"
	Score    float64 `json:"score"`    // A's score: 1, 0.5 or 0
	Plies    int     `json:"plies"`
}

// Match describes a self-play run; game i is a function of it and i alone.
type Match struct {
	A, B     zoo.Bot
	Seed     uint64
	Openings int // random plies played before the bots take over
}

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
			moves[n] = zoo.RandomMove(&p, &rng)
			p = p.Play(moves[n])
		}
		if p.Status() == uttt.Ongoing || try >= 1000 {
			return p, n
		}
	}
}

// Play plays game i to its end; it returns ctx.Err() if cancelled before.
func (m *Match) Play(ctx context.Context, i int) (Game, error) {
	g := Game{Index: i, A: m.A.String(), B: m.B.String(), Seed: m.Seed, Openings: m.Openings, X: "a"}
	bots := [2]zoo.Bot{m.A, m.B}
	if !AFirst(i) {
		g.X = "b"
		bots[0], bots[1] = bots[1], bots[0]
	}
	rng := zoo.NewRNG(zoo.Mix(^m.Seed, uint64(i)))
	var moves [81]uttt.Move
	p, n := m.opening(i, &moves)
	for p.Status() == uttt.Ongoing {
		mv := bots[p.Side()].Move(ctx, &p, &rng)
		if err := ctx.Err(); err != nil {
			return g, err
		}
		p = p.Play(mv)
		moves[n] = mv
		n++
	}
	var sb strings.Builder
	for k, mv := range moves[:n] {
		if k > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(mv.String())
	}
	g.Moves, g.Plies = sb.String(), n
	aSide := uttt.X
	if !AFirst(i) {
		aSide = uttt.O
	}
	switch p.Status() {
	case uttt.XWon:
		g.Result = "X"
	case uttt.OWon:
		g.Result = "O"
	default:
		g.Result, g.Score = "draw", 0.5
	}
	if p.Status() == uttt.XWon+uttt.Status(aSide) {
		g.Score = 1
	}
	return g, nil
}
