package selfplay

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// Summary is the outcome of Run.
type Summary struct {
	Tally    Tally  // over the counted games
	Pairs    [5]int // counted pairs of games 2k, 2k+1 (same opening, colours swapped) by a's points in halves: 0, 1/2, 1, 3/2, 2
	Counted  int    // games counted: every finished game below Stop
	Stop     int    // n, or the prefix length at which the SPRT decided
	Decision int    // the SPRT's decision: +1 H1, -1 H0, 0 none
	LLR      float64
}

// Run plays games [0, n) of m that done does not already hold, on workers goroutines
// (GOMAXPROCS when workers <= 0), and calls emit for each new game as soon as it
// finishes, from one goroutine. With an SPRT it stops as soon as the test decides on a
// prefix of games in index order (so the decision does not depend on scheduling); games
// finished beyond that prefix are emitted but not counted. A cancelled run returns
// ctx.Err() with a summary of every finished game; games cut off mid-way are dropped.
func Run(ctx context.Context, m *Match, n, workers int, done map[int]Game, sprt *SPRT, emit func(Game)) (Summary, error) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	games := make([]Game, n)
	have := make([]bool, n) // owned by the collector
	skip := make([]bool, n) // read-only: finished before this run
	for i, g := range done {
		if i >= 0 && i < n {
			games[i], have[i], skip[i] = g, true, true
		}
	}
	sum := Summary{Stop: n}
	var prefix Tally
	pn := 0
	// advance extends the in-order prefix and reports whether the SPRT decided.
	advance := func() bool {
		for pn < n && have[pn] {
			prefix.Add(&games[pn])
			pn++
			if sprt != nil {
				sum.LLR = sprt.LLR(prefix.W, prefix.D, prefix.L)
				if d := sprt.Decide(prefix.W, prefix.D, prefix.L); d != 0 {
					sum.Stop, sum.Decision = pn, d
					return true
				}
			}
		}
		return false
	}
	var err error
	if !advance() {
		err = play(ctx, m, n, workers, skip, func(g Game) bool {
			emit(g)
			games[g.Index], have[g.Index] = g, true
			return sum.Decision != 0 || advance()
		})
	}
	for i := 0; i < sum.Stop; i++ {
		if have[i] {
			sum.Tally.Add(&games[i])
			sum.Counted++
		}
		if i%2 == 1 && have[i] && have[i-1] {
			sum.Pairs[int(2*(games[i-1].Score+games[i].Score))]++
		}
	}
	return sum, err
}

// play runs the games not skipped and hands each finished one to got, which returns
// true to stop the run.
func play(ctx context.Context, m *Match, n, workers int, skip []bool, got func(Game) bool) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var next atomic.Int64
	results := make(chan Game, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				if skip[i] {
					continue
				}
				g, err := m.Play(ctx, i)
				if err != nil {
					return
				}
				results <- g
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()
	stopped := false
	for g := range results {
		if got(g) && !stopped {
			stopped = true
			cancel()
		}
	}
	if stopped {
		return nil
	}
	return ctx.Err()
}
