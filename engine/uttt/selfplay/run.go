package selfplay

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/selfplay/record"
	"github.com/boardlab/boardlab/engine/uttt/stats"
	"github.com/boardlab/boardlab/pipeline"
)

// Summary is the outcome of Run.
type Summary struct {
	Tally    Tally  // over the counted games
	Pairs    [5]int // counted pairs of games 2k, 2k+1 (same opening, colours swapped) by a's points in halves: 0, 1/2, 1, 3/2, 2
	Counted  int    // games counted: every finished game below Stop
	Stop     int    // the end of the range, or the index after the game on which the SPRT decided
	Decision int    // the SPRT's decision: +1 H1, -1 H0, 0 none
	LLR      float64
	Series   []Point // the course of the run in index order, with Config.Sample
}

// Config describes a run of games [From, To) of a match.
type Config struct {
	Match    *Match
	From, To int
	Workers  int            // games played at once (GOMAXPROCS when <= 0), at most To-From
	SPRT     *stats.SPRT    // stop when it decides, judged on the games in index order
	Resume   *record.Resume // games an --out file already holds: counted, not replayed
	Out      *record.Out    // where each new game is written as a JSON line, or nil
	Sample   bool           // record Summary.Series for a plot
	// Progress, when set, is called from one goroutine with the number of games
	// finished so far (those of Resume included).
	Progress func(finished int64)
	// OnGame, when set, is called with each game played (not those of Resume) as it
	// ends: its index, all its moves (opening included) and its result. It is called
	// from the playing goroutines, possibly at once, and must not keep moves.
	OnGame func(i int, moves []uttt.Move, r record.Result)
}

// window is the size of the ring holding games of an --out file that lie ahead of the
// next game in index order.
const window = 1 << 16

// played is one finished game: its index and result.
type played struct {
	i int
	r record.Result
}

// batch is a range of games [lo, hi) played by one worker.
type batch struct {
	lo, hi int
	games  []played
	lines  []byte // the games' JSON lines, when there is an Out
	took   time.Duration
}

// maxBatch bounds the games of a batch, and so, with the pipeline's bounded number of
// batches, the games held at once.
const maxBatch = 1024

// Run plays the games of c.From..c.To-1 that c.Resume does not hold, on c.Workers
// goroutines, and writes each new game to c.Out in index order as soon as the games
// before it are written (small batches: a few milliseconds of play). Memory does not
// grow with the number of games: only the counts are kept. With an SPRT the run stops
// as soon as the test decides on a prefix of games in index order (so the decision does
// not depend on scheduling); games finished beyond that prefix are written but not
// counted. A cancelled run returns ctx.Err() with a summary of every finished game;
// games cut off mid-way are dropped. An error writing c.Out stops the run and is
// returned. It plays on Workers(c.Workers, c.To-c.From) goroutines, and plays nothing
// and returns CheckMemory's error when they would not fit in memory.
func Run(ctx context.Context, c Config) (Summary, error) {
	m := c.Match
	seq := NewSequence(c.From, c.To, c.SPRT, c.Sample)
	workers := Workers(c.Workers, c.To-c.From)
	if err := CheckMemory(m, workers); err != nil {
		return seq.Summary(), err
	}
	q := newPending(window)
	run, cancel := context.WithCancel(ctx)
	defer cancel()

	finished := int64(c.Resume.Count(c.From, c.To))
	if finished > 0 {
		if err := load(run, c.Resume, c.From, c.To, seq, q); err != nil {
			return seq.Summary(), err
		}
		if c.Progress != nil {
			c.Progress(finished)
		}
	}

	movers := [2]mover{moverOf(m.A), moverOf(m.B)}
	var lf *record.Format
	if c.Out != nil {
		lf = record.NewFormat(m.ID())
	}
	scratch := make([][81]uttt.Move, workers)
	var size atomic.Int64 // games per batch, adapted to keep a batch a few milliseconds
	size.Store(1)
	// Games below the sequence's next index are all in the --out file already; with a
	// decision there, nothing is left to play.
	start := max(c.From, seq.Next())
	if seq.Decided() {
		start = c.To
	}
	var werr error
	st := pipeline.Stream[batch]{
		Workers: workers,
		New:     func() *batch { return new(batch) },
		// Produce hands out the ranges in order.
		Produce: func(_ context.Context, take func() *batch, send func(*batch) bool) error {
			for s := start; s < c.To && run.Err() == nil; {
				b := take()
				if b == nil {
					return nil
				}
				b.lo, b.hi = s, min(s+int(size.Load()), c.To)
				s = b.hi
				if !send(b) {
					return nil
				}
			}
			return nil
		},
		Work: func(w int, b *batch) {
			moves := &scratch[w]
			b.games, b.lines = b.games[:0], b.lines[:0]
			t0 := time.Now()
			for i := b.lo; i < b.hi; i++ {
				if c.Resume.Has(i) {
					continue
				}
				r, err := m.play(run, i, movers, moves)
				if err != nil {
					break
				}
				b.games = append(b.games, played{i, r})
				if c.OnGame != nil {
					c.OnGame(i, moves[:r.Plies], r)
				}
				if lf != nil {
					b.lines = lf.AppendLine(b.lines, i, moves[:r.Plies], r)
				}
			}
			b.took = time.Since(t0)
		},
		Consume: func(b *batch) error {
			if len(b.lines) > 0 {
				if werr = c.Out.WriteLines(b.lines); werr != nil {
					cancel() // the games in play are cut off
					return werr
				}
			}
			switch n := size.Load(); {
			case b.took < 2*time.Millisecond && n < maxBatch:
				size.Store(n * 2)
			case b.took > 20*time.Millisecond && n > 1:
				size.Store(n / 2)
			}
			for _, g := range b.games {
				if seq.Decided() {
					break // the rest is not counted
				}
				q.put(seq.Next(), g.i, g.r) // played in order: never far ahead
			}
			finished += int64(len(b.games))
			if !seq.Decided() && q.advance(seq) {
				cancel()
			}
			if c.Progress != nil {
				c.Progress(finished)
			}
			return nil
		},
	}
	// The stream itself is not cancelled: Produce stops handing out games on
	// cancellation, and the games finished by then are still written and counted. Its
	// only error is werr.
	_ = st.Run(context.WithoutCancel(ctx))
	if !seq.Decided() {
		q.drain(seq)
	}
	sum := seq.Summary()
	switch {
	case werr != nil:
		return sum, fmt.Errorf("writing the games: %w", werr)
	case seq.Decided():
		return sum, nil
	}
	if err := ctx.Err(); err != nil && sum.Counted < c.To-c.From {
		return sum, err
	}
	return sum, nil
}

// load reads the games of r's file in [from, to) again and counts them in index
// order, as far as they go without a gap; the others wait in q.
func load(ctx context.Context, r *record.Resume, from, to int, seq *Sequence, q *pending) error {
	n := 0
	err := r.Scan(func(i int, res record.Result) error {
		if i < from || i >= to || seq.Decided() {
			return nil
		}
		if _, err := q.put(seq.Next(), i, res); err != nil {
			return fmt.Errorf("%s: %w", r.Path(), err)
		}
		if n++; n%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
			q.advance(seq)
		}
		return nil
	})
	if ctx.Err() != nil {
		return nil
	}
	if err == nil && !seq.Decided() {
		q.advance(seq)
	}
	return err
}
