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

func (c countingSearcher) search(_ context.Context, p uttt.Position, _ time.Duration, _ int) uttt.Move {
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
			p = p.Play(ss.move(context.Background(), &p, time.Millisecond, 0))
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
		a = a.Play(ss.move(context.Background(), &a, time.Millisecond, 0))
		b = b.Play(ss.move(context.Background(), &b, time.Millisecond, 0))
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
