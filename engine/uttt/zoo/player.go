package zoo

import (
	"context"
	"errors"

	"github.com/boardlab/boardlab/engine/uttt"
)

// Player answers turns of the spec's bot protocol with a zoo bot. The bot's randomness
// is seeded from the position's hash and Seed, so an answer is a function of the
// arguments alone, as it is for the same bot run as an external command; a tournament
// of zoo bots is therefore reproducible.
type Player struct {
	Bot  Bot
	Seed uint64
}

// Move returns the bot's move for the 12 protocol arguments.
func (p Player) Move(ctx context.Context, args []string) (uttt.Move, error) {
	pos, err := uttt.ParseProtocol(args)
	if err != nil {
		return uttt.NoMove, err
	}
	if pos.Status() != uttt.Ongoing {
		return uttt.NoMove, errors.New("the game is over: " + pos.Status().String())
	}
	rng := NewRNG(pos.Hash() ^ p.Seed)
	return p.Bot.Move(ctx, &pos, &rng), nil
}

// Answer returns what the bot prints: its move as two digits and a newline.
func (p Player) Answer(ctx context.Context, args []string) (string, error) {
	m, err := p.Move(ctx, args)
	if err != nil {
		return "", err
	}
	return m.String() + "\n", nil
}
