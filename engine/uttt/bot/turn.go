package bot

import (
	"context"
	"fmt"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/search"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
)

// Main returns the main engine as a move chooser for Turn: iterative deepening until
// the deadline of the move's context, with a new table of hashMB MiB on threads search
// threads. Its String is "engine".
func Main(hashMB, threads int) zoo.Bot { return mainBot{hashMB, threads} }

type mainBot struct{ hashMB, threads int }

func (mainBot) String() string { return "engine" }

// Move searches p until ctx's deadline (without one, until ctx is done).
func (b mainBot) Move(ctx context.Context, p *uttt.Position, _ *zoo.RNG) uttt.Move {
	e, err := search.NewEngine(search.Options{TableBytes: int64(b.hashMB) << 20, Threads: b.threads})
	if err != nil {
		return uttt.NoMove // Turn plays a legal move instead
	}
	deadline, _ := ctx.Deadline()
	return e.Search(ctx, *p, search.Limits{Deadline: deadline}).Move
}

// Turn returns the move b plays in p: an error when the game is over, the only legal
// move without asking b, else b's move when legal and the first legal move otherwise
// (b returned uttt.NoMove or an illegal move). b's randomness is seeded from the
// position, so a zoo bot's answer is a function of p. A panic of b is reported to warn
// (when not nil) and does not propagate; b's context ends at the deadline.
func Turn(ctx context.Context, p uttt.Position, b zoo.Bot, deadline time.Time, warn func(string)) (uttt.Move, error) {
	var buf [81]uttt.Move
	n := p.Moves(&buf)
	if n == 0 {
		return uttt.NoMove, fmt.Errorf("the game is over (%v): there is no legal move", p.Status())
	}
	if n > 1 {
		if c := safeChoose(ctx, b, p, deadline, warn); p.IsLegal(c) {
			return c, nil
		}
	}
	return buf[0], nil
}

// safeChoose asks b, turning a panic into NoMove.
func safeChoose(ctx context.Context, b zoo.Bot, p uttt.Position, deadline time.Time, warn func(string)) (m uttt.Move) {
	defer func() {
		if r := recover(); r != nil {
			if warn != nil {
				warn(fmt.Sprintf("engine failed (%v); playing a legal fallback move", r))
			}
			m = uttt.NoMove
		}
	}()
	ctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	rng := zoo.NewRNG(p.Hash())
	return b.Move(ctx, &p, &rng)
}
