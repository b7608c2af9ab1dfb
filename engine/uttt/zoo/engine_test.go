package zoo

import (
	"context"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
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

// TestEngineBotTimeBank checks the time rules of engine:T,bank: no move takes much more than
// 2T, and the moves of a game average at most about T.
func TestEngineBotTimeBank(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a timed game")
	}
	const T = 20 * time.Millisecond
	bot, opp := NewEngine(T, 0), NewEngineV1(0, 5)
	bot.Bank = true
	rng := NewRNG(3)
	p := uttt.Start()
	var total, most time.Duration
	moves := 0
	for p.Status() == uttt.Ongoing {
		t0 := time.Now()
		m := bot.Move(context.Background(), &p, &rng)
		el := time.Since(t0)
		if !p.IsLegal(m) {
			t.Fatalf("illegal move %v", m)
		}
		total, most, moves = total+el, max(most, el), moves+1
		p = p.Play(m)
		if p.Status() == uttt.Ongoing {
			p = p.Play(opp.Move(context.Background(), &p, &rng))
		}
	}
	avg := total / time.Duration(moves)
	t.Logf("%d moves: average %v, longest %v", moves, avg, most)
	if avg > T+3*time.Millisecond || most > 2*T+25*time.Millisecond {
		t.Errorf("%d moves at %v: average %v, longest %v; want at most about %v and %v", moves, T, avg, most, T, 2*T)
	}
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
// time limit (a zero Time would mean none).
func TestEngineBotOverdrawnBank(t *testing.T) {
	s := &mainSearcher{e: uttt.NewEngine(1), bank: -time.Second}
	t0 := time.Now()
	if m := s.search(context.Background(), uttt.Start(), budget{time: 10 * time.Millisecond, bank: true}); m > 80 {
		t.Fatalf("move %v", m)
	}
	if el := time.Since(t0); el > 500*time.Millisecond {
		t.Fatalf("searched %v at 10ms per move with the bank overdrawn", el)
	}
}
