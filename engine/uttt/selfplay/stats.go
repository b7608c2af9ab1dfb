package selfplay

import (
	"github.com/boardlab/boardlab/engine/uttt/selfplay/record"
	"github.com/boardlab/boardlab/engine/uttt/stats"
)

// Tally counts results from the first bot's (A's) point of view, and from the first
// player's (X's).
type Tally struct {
	W, D, L int // A's wins, draws, losses
	XWins   int // games won by the side that moved first
	OWins   int // games won by the side that moved second
	Plies   int // total plies, openings included
}

// Add counts one game.
func (t *Tally) Add(g *record.Game) {
	switch g.Score {
	case 1:
		t.W++
	case 0:
		t.L++
	default:
		t.D++
	}
	switch g.Result {
	case "X":
		t.XWins++
	case "O":
		t.OWins++
	}
	t.Plies += g.Plies
}

// N returns the number of games.
func (t *Tally) N() int { return t.W + t.D + t.L }

// Score returns A's mean score (win 1, draw 1/2).
func (t *Tally) Score() float64 { return stats.Score(t.W, t.D, t.L) }

// MeanLength returns the mean game length in plies.
func (t *Tally) MeanLength() float64 {
	if t.N() == 0 {
		return 0
	}
	return float64(t.Plies) / float64(t.N())
}
