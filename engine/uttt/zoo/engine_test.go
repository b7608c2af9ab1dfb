package zoo

import (
	"context"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/search"
)

// countingSearcher records how its searcher is used.
type countingSearcher struct {
	mu       *sync.Mutex
	searches *int
	clears   *int
}

func (c countingSearcher) search(_ context.Context, p uttt.Position, _ budget) uttt.Move {
	c.mu.Lock()
	*c.searches++
	c.mu.Unlock()
	var buf [81]uttt.Move
	p.Moves(&buf)
	return buf[0]
}

func (c countingSearcher) clear() {
	c.mu.Lock()
	*c.clears++
	c.mu.Unlock()
}

// TestSearchersKeptPerGame checks that the engine bots create searchers only for games
// played at the same time, keep a game's searcher (and table) between its moves, and
// clear it when a new game starts.
func TestSearchersKeptPerGame(t *testing.T) {
	var mu sync.Mutex
	created, searches, clears := 0, 0, 0
	ss := searchers{limit: 2, create: func() searcher {
		mu.Lock()
		created++
		mu.Unlock()
		return countingSearcher{&mu, &searches, &clears}
	}}
	rng := NewRNG(1)
	for game := 0; game < 5; game++ {
		p := uttt.Start()
		for p.Status() == uttt.Ongoing {
			p = p.Play(ss.move(context.Background(), &p, budget{time: time.Millisecond}))
			if p.Status() == uttt.Ongoing {
				p = p.Play(RandomMove(&p, &rng))
			}
		}
	}
	if created != 2 || clears != 3 {
		t.Fatalf("5 games one after the other: %d searchers created, %d clears; want 2 and 3", created, clears)
	}
	// Two interleaved games keep one searcher each.
	created, clears = 0, 0
	ss = searchers{limit: 2, create: ss.create}
	a, b := uttt.Start(), uttt.Start().Play(40)
	for a.Status() == uttt.Ongoing && b.Status() == uttt.Ongoing {
		a = a.Play(ss.move(context.Background(), &a, budget{time: time.Millisecond}))
		b = b.Play(ss.move(context.Background(), &b, budget{time: time.Millisecond}))
	}
	if created != 2 || clears != 0 {
		t.Fatalf("two interleaved games: %d searchers created, %d clears; want 2 and 0", created, clears)
	}
}

// TestEngineBotDoesNotAllocateTables checks that moves after the first reuse the table.
func TestEngineBotDoesNotAllocateTables(t *testing.T) {
	for _, bot := range []Bot{NewEngine(0, 3), NewEngineV1(0, 3), NewEngine(5*time.Millisecond, 0)} {
		ps := randomPositions(40, 11)
		rng := NewRNG(1)
		bot.Move(context.Background(), &ps[0], &rng)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for i := range ps {
			bot.Move(context.Background(), &ps[i], &rng)
		}
		runtime.ReadMemStats(&after)
		if per := (after.TotalAlloc - before.TotalAlloc) / uint64(len(ps)); per > 64<<10 {
			t.Errorf("%v allocates %d bytes per move", bot, per)
		}
	}
}

// smallEngine returns the engine of opts with a 1 MiB table, failing t if NewEngine
// refuses them.
func smallEngine(t testing.TB, opts search.Options) *search.Engine {
	opts.TableBytes = 1 << 20
	e, err := search.NewEngine(opts)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// bankGame plays one game of engine:T,bank (through its searcher, to see the bank)
// against engine-v1 at depth 5 and calls each with the bank before and after every move
// of the bot and the wall time the move took.
func bankGame(t testing.TB, T time.Duration, each func(before, after, took time.Duration)) {
	s := &mainSearcher{e: smallEngine(t, search.Options{})}
	opp := NewEngineV1(0, 5)
	rng := NewRNG(3)
	p := uttt.Start()
	for p.Status() == uttt.Ongoing {
		before := s.bank
		t0 := time.Now()
		m := s.search(context.Background(), p, budget{time: T, bank: true})
		took := time.Since(t0)
		if !p.IsLegal(m) {
			t.Fatalf("illegal move %v", m)
		}
		each(before, s.bank, took)
		p = p.Play(m)
		if p.Status() == uttt.Ongoing {
			p = p.Play(opp.Move(context.Background(), &p, &rng))
		}
	}
}

// TestEngineBotTimeBank checks the bookkeeping of engine:T,bank over a game: the bank
// never holds more than 4T, and a move is charged at least what it spent (the search's
// own time, within the wall time of the call), so the moves cannot average more than T
// by the engine's clock without the bank going below zero. How close the machine keeps
// to T is measured by BenchmarkEngineBotTimeBank.
func TestEngineBotTimeBank(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a timed game")
	}
	const T = 20 * time.Millisecond
	moves := 0
	var wall, charged time.Duration
	bankGame(t, T, func(before, after, took time.Duration) {
		moves++
		if after > 4*T {
			t.Errorf("move %d: bank %v, above 4T", moves, after)
		}
		// after = min(before + T - spent, 4T): spent is at least before + T - after.
		spent := before + T - after
		if after < 4*T && spent > took {
			t.Errorf("move %d: charged %v for a call of %v", moves, spent, took)
		}
		if spent <= 0 && after < 4*T {
			t.Errorf("move %d: charged %v", moves, spent)
		}
		wall += took
		charged += spent
	})
	t.Logf("%d moves: %v charged, %v by the wall clock", moves, charged, wall)
}

// BenchmarkEngineBotTimeBank plays timed games of engine:20ms,bank and reports the
// average and longest move as multiples of T (the rules aim at 1 and at most 2).
func BenchmarkEngineBotTimeBank(b *testing.B) {
	const T = 20 * time.Millisecond
	var total, most time.Duration
	moves := 0
	for range b.N {
		bankGame(b, T, func(_, _, took time.Duration) {
			total, most, moves = total+took, max(most, took), moves+1
		})
	}
	b.ReportMetric(float64(total)/float64(moves)/float64(T), "avg/T")
	b.ReportMetric(float64(most)/float64(T), "max/T")
}

func TestParseNodes(t *testing.T) {
	for _, spec := range []string{"engine:n5000", "engine-v1:n5000", "engine:5ms,bank", "engine:5ms", "engine-net:n5000", "engine-linear:5ms,bank"} {
		b, err := Parse(spec)
		if err != nil || b.String() != spec {
			t.Fatalf("Parse(%q) = %v, %v", spec, b, err)
		}
		p := uttt.Start()
		rng := NewRNG(1)
		if m := b.Move(context.Background(), &p, &rng); !p.IsLegal(m) {
			t.Fatalf("%s: illegal move %v", spec, m)
		}
	}
	for _, spec := range []string{"engine:n", "engine:n0", "engine-v1:nx", "engine-v1:5ms,bank", "engine:0s,bank"} {
		if _, err := Parse(spec); err == nil {
			t.Errorf("Parse(%q): no error", spec)
		}
	}
}

// TestEngineBotOverdrawnBank checks that a bank overdrawn by slow moves still leaves a
// time limit (a zero Time would mean none, and a search of the empty board without a
// limit runs for hours): the search returns within 30 s.
func TestEngineBotOverdrawnBank(t *testing.T) {
	s := &mainSearcher{e: smallEngine(t, search.Options{}), bank: -time.Second}
	done := make(chan uttt.Move, 1)
	go func() {
		done <- s.search(context.Background(), uttt.Start(), budget{time: 10 * time.Millisecond, bank: true})
	}()
	select {
	case m := <-done:
		if m > 80 {
			t.Fatalf("move %v", m)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("still searching 30 s into a move at 10ms with the bank overdrawn")
	}
}

// TestTableBytes: each engine bot's searcher table follows its budget; other bots have none.
func TestTableBytes(t *testing.T) {
	for _, c := range []struct {
		spec string
		want int64
	}{
		{"engine:100ms", EngineHashMB << 20},
		{"engine:d3", DepthHashMB << 20},
		{"engine:n1000", NodesHashMB << 20},
		{"engine-v1:100ms", EngineHashMB << 20},
		{"engine-v1:d3", DepthHashMB << 20},
		{"naive", 0},
		{"depth:2", 0},
	} {
		b, err := Parse(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		if got := TableBytes(b); got != c.want {
			t.Errorf("TableBytes(%s) = %d, want %d", c.spec, got, c.want)
		}
	}
}
