// Package record is the file format of self-play: one JSON line per game (Game), a
// shard's header line (Header), appending to a file and resuming from it (OpenOut,
// Out, Resume), and the checks that make the files of a sharded run one match (Files).
// It knows a match by its ID alone; package selfplay plays the games and counts them.
package record

// Game is one finished game, as written to the JSON Lines output.
type Game struct {
	Index    int    `json:"game"`
	A        string `json:"a"`
	B        string `json:"b"`
	Seed     uint64 `json:"seed"`     // the run's seed
	Openings int    `json:"openings"` // random opening plies
	// TieBreak is "boards" when a game without a master line went to the side that won
	// more small boards.
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

// ID is what every line of a match's file repeats: the bots' specs, the seed, the
// random opening plies and the tie-break ("boards", or "" without one).
type ID struct {
	A, B     string
	Seed     uint64
	Openings int
	TieBreak string
}

// id returns the match of a game record.
func (g *Game) id() ID {
	return ID{A: g.A, B: g.B, Seed: g.Seed, Openings: g.Openings, TieBreak: g.TieBreak}
}

// AFirst reports whether A moves first in game i: colours alternate, A is X in even
// games, and games 2k and 2k+1 share their opening.
func AFirst(i int) bool { return i%2 == 0 }

// Result is a game's outcome in two bytes: A's score in halves (0 loss, 1 draw, 2 win)
// and the number of plies. Who won as X or O follows from the score and AFirst.
type Result struct {
	Score2  uint8
	Plies   uint8
	Forfeit bool // the loser forfeited by an invalid answer
}

// Text returns game i's result field: "X", "O" or "draw".
func (r Result) Text(i int) string {
	switch {
	case r.Score2 == 1:
		return "draw"
	case (r.Score2 == 2) == AFirst(i):
		return "X"
	}
	return "O"
}
