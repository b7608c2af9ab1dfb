package bot

import (
	"context"
	"fmt"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/search"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
)

// Chooser picks a move for an ongoing position before the deadline. Returning NoMove,
// an illegal move or panicking makes Turn fall back to a legal move.
type Chooser func(ctx context.Context, pos uttt.Position, deadline time.Time) uttt.Move

// Main is the main engine as a Chooser: iterative deepening until the deadline with a
// new table of hashMB MiB, on threads search threads.
func Main(hashMB, threads int) Chooser {
	return func(ctx context.Context, pos uttt.Position, deadline time.Time) uttt.Move {
		e, err := search.NewEngine(search.Options{TableBytes: int64(hashMB) << 20, Threads: threads})
		if err != nil {
			return uttt.NoMove // Turn plays a legal move instead
		}
		return e.Search(ctx, pos, search.Limits{Deadline: deadline}).Move
	}
}

// Zoo is a zoo bot as a Chooser, its randomness seeded from the position (as
// zoo.Player does), so that its answer is a function of the position.
func Zoo(b zoo.Bot) Chooser {
	return func(ctx context.Context, pos uttt.Position, _ time.Time) uttt.Move {
		rng := zoo.NewRNG(pos.Hash())
		return b.Move(ctx, &pos, &rng)
	}
}

// Turn returns the move to play in p: an error when the game is over, the only legal
// move without asking choose, else choose's move when legal and the first legal move
// otherwise. A panic of choose is reported to warn (when not nil) and does not
// propagate; choose's context ends at the deadline.
func Turn(ctx context.Context, p uttt.Position, choose Chooser, deadline time.Time, warn func(string)) (uttt.Move, error) {
	var buf [81]uttt.Move
	n := p.Moves(&buf)
	if n == 0 {
		return uttt.NoMove, fmt.Errorf("the game is over (%v): there is no legal move", p.Status())
	}
	if n > 1 {
		if c := safeChoose(ctx, choose, p, deadline, warn); p.IsLegal(c) {
			return c, nil
		}
	}
	return buf[0], nil
}

// safeChoose runs choose, turning a panic into NoMove.
func safeChoose(ctx context.Context, choose Chooser, p uttt.Position, deadline time.Time, warn func(string)) (m uttt.Move) {
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
	return choose(ctx, p, deadline)
}
