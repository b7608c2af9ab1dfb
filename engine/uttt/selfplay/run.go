package selfplay

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
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
	Workers  int     // games played at once; GOMAXPROCS when <= 0
	SPRT     *SPRT   // stop when it decides, judged on the games in index order
	Resume   *Resume // games an --out file already holds: counted, not replayed
	Out      *Out    // where each new game is written as a JSON line, or nil
	Sample   bool    // record Summary.Series for a plot
	// Progress, when set, is called from one goroutine with the number of games
	// finished so far (those of Resume included).
	Progress func(finished int64)
	// OnGame, when set, is called with each game played (not those of Resume) as it
	// ends: its index, all its moves (opening included) and its result. It is called
	// from the playing goroutines, possibly at once, and must not keep moves.
	OnGame func(i int, moves []uttt.Move, r Result)
}

// window is how far ahead of the first unfinished game the workers may play: it bounds
// the games held for the in-order statistics, whatever the number of games.
const window = 1 << 16

// played is one finished game handed from a worker (or from the --out file) to the
// collector.
type played struct {
	i int
	r Result
}

type batch struct {
	games []played
	lines []byte // the games' JSON lines, when there is an Out
	file  bool   // read from the --out file, not played
}

// Run plays the games of c.From..c.To-1 that c.Resume does not hold, on c.Workers
// goroutines, and writes each new game to c.Out as soon as its batch finishes (small
// batches: a few milliseconds of play). Memory does not grow with the number of games:
// only the counts are kept, and finished games wait for the statistics only while an
// earlier game is still being played (at most 65,536 games ahead). With an SPRT the run
// stops as soon as the test decides on a prefix of games in index order (so the
// decision does not depend on scheduling); games finished beyond that prefix are
// written but not counted. A cancelled run returns ctx.Err() with a summary of every
// finished game; games cut off mid-way are dropped. An error writing c.Out stops the
// run and is returned.
func Run(ctx context.Context, c Config) (Summary, error) {
	workers := c.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	m := c.Match
	seq := NewSequence(c.From, c.To, c.SPRT, c.Sample)
	q := newPending(window)
	run, cancel := context.WithCancel(ctx)
	defer cancel()

	var next, prefix atomic.Int64
	next.Store(int64(c.From))
	prefix.Store(int64(c.From))
	var mu sync.Mutex
	cond := sync.NewCond(&mu)
	var waiting atomic.Int32
	wake := func() {
		mu.Lock()
		cond.Broadcast()
		mu.Unlock()
	}
	defer context.AfterFunc(run, wake)()
	// waitFor blocks until games below end fit in the window; false when cancelled.
	waitFor := func(end int64) bool {
		if end <= prefix.Load()+window {
			return true
		}
		mu.Lock()
		waiting.Add(1)
		for end > prefix.Load()+window && run.Err() == nil {
			cond.Wait()
		}
		waiting.Add(-1)
		mu.Unlock()
		return run.Err() == nil
	}

	ch := make(chan *batch, 2*workers+2)
	pool := sync.Pool{New: func() any { return new(batch) }}
	var wg sync.WaitGroup
	movers := [2]mover{moverOf(m.A), moverOf(m.B)}
	var lf *lineFormat
	if c.Out != nil {
		f := matchFormat(m)
		lf = &f
	}
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var moves [81]uttt.Move
			size := int64(1)
			for run.Err() == nil {
				s := next.Add(size) - size
				if s >= int64(c.To) {
					return
				}
				e := min(s+size, int64(c.To))
				if !waitFor(e) {
					return
				}
				b := pool.Get().(*batch)
				b.games, b.lines, b.file = b.games[:0], b.lines[:0], false
				t0 := time.Now()
				for i := int(s); i < int(e); i++ {
					if c.Resume.Has(i) {
						continue
					}
					r, err := m.play(run, i, movers, &moves)
					if err != nil {
						break
					}
					b.games = append(b.games, played{i, r})
					if c.OnGame != nil {
						c.OnGame(i, moves[:r.Plies], r)
					}
					if lf != nil {
						b.lines = lf.appendLine(b.lines, i, moves[:r.Plies], r)
					}
				}
				ch <- b
				switch el := time.Since(t0); {
				case el < 2*time.Millisecond && size < 1024:
					size *= 2
				case el > 20*time.Millisecond && size > 1:
					size /= 2
				}
			}
		}()
	}
	var readErr error
	if c.Resume.Count(c.From, c.To) > 0 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			readErr = c.Resume.feed(run, c.From, c.To, &pool, ch)
		}()
	}
	go func() { wg.Wait(); close(ch) }()

	finished := int64(c.Resume.Count(c.From, c.To))
	var werr, qerr error
	for b := range ch {
		if len(b.lines) > 0 && werr == nil {
			if werr = c.Out.WriteLines(b.lines); werr != nil {
				cancel()
			}
		}
		for _, g := range b.games {
			if seq.Decided() {
				break // the rest is not counted
			}
			if _, err := q.put(seq.Next(), g.i, g.r); err != nil && qerr == nil {
				qerr = err
				cancel()
			}
		}
		if !b.file {
			finished += int64(len(b.games))
		}
		pool.Put(b)
		if !seq.Decided() && q.advance(seq) {
			cancel()
		}
		prefix.Store(int64(seq.Next()))
		if waiting.Load() > 0 {
			wake()
		}
		if c.Progress != nil {
			c.Progress(finished)
		}
	}
	if !seq.Decided() {
		q.drain(seq)
	}
	sum := seq.Summary()
	switch {
	case werr != nil:
		return sum, fmt.Errorf("writing the games: %w", werr)
	case readErr != nil:
		return sum, readErr
	case qerr != nil:
		return sum, fmt.Errorf("%s: %w", c.Resume.path, qerr)
	case seq.Decided():
		return sum, nil
	}
	if err := ctx.Err(); err != nil && sum.Counted < c.To-c.From {
		return sum, err
	}
	return sum, nil
}

// feed reads the file's games in [from, to) again and hands them to the collector in
// batches.
func (r *Resume) feed(ctx context.Context, from, to int, pool *sync.Pool, ch chan<- *batch) error {
	f, err := os.Open(r.path)
	if err != nil {
		return err
	}
	defer f.Close()
	get := func() *batch {
		b := pool.Get().(*batch)
		b.games, b.lines, b.file = b.games[:0], b.lines[:0], true
		return b
	}
	b := get()
	_, _, err = scanGames(f, r.path, r.keep, r.match, func(_, i int, res Result) error {
		if i < from || i >= to {
			return nil
		}
		b.games = append(b.games, played{i, res})
		if len(b.games) == 4096 {
			if err := ctx.Err(); err != nil {
				return err
			}
			ch <- b
			b = get()
		}
		return nil
	})
	if len(b.games) > 0 {
		ch <- b
	}
	if ctx.Err() != nil {
		return nil
	}
	return err
}
