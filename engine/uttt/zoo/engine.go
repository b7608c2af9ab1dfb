package zoo

import (
	"context"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
)

// DefaultEngineTime is the engine bot's time per move when the spec gives no budget.
const DefaultEngineTime = 100 * time.Millisecond

// EngineHashMB is the transposition table size of each engine bot's searcher under a
// time budget; at a fixed depth the searchers use DepthHashMB, cleared before every
// move.
const (
	EngineHashMB = 16
	DepthHashMB  = 1
)

// Engine is the main engine (uttt.Search) at a time per move or a fixed depth. It keeps
// its searchers and their tables for its whole life, so one Engine may play in several
// games at once without allocating per move; at a fixed depth each move starts from an
// empty table, which keeps moves deterministic.
type Engine struct {
	Time  time.Duration // per move, when Depth is 0
	Depth int           // fixed depth in plies, or 0
	eval  string        // "" (uttt.DefaultEval), uttt.EvalLinear or uttt.EvalNet
	pool  searchers
}

// NewEngineEval is NewEngine with a chosen evaluation (uttt.EvalLinear or
// uttt.EvalNet); its spec is engine-linear or engine-net.
func NewEngineEval(t time.Duration, depth int, eval string) (*Engine, error) {
	if err := uttt.CheckEval(eval); err != nil {
		return nil, err
	}
	e := &Engine{Time: t, Depth: depth, eval: eval}
	e.pool.create = func() searcher {
		u := uttt.NewEngine(hashMB(depth))
		u.SetEval(eval)
		return &mainSearcher{e: u}
	}
	return e, nil
}

// NewEngine returns the engine bot at a time per move (depth 0) or a fixed depth.
func NewEngine(t time.Duration, depth int) *Engine {
	e := &Engine{Time: t, Depth: depth}
	e.pool.create = func() searcher { return &mainSearcher{e: uttt.NewEngine(hashMB(depth))} }
	return e
}

// hashMB is the table size of an engine bot: DepthHashMB at a fixed depth, else
// EngineHashMB.
func hashMB(depth int) int {
	if depth > 0 {
		return DepthHashMB
	}
	return EngineHashMB
}

func (e *Engine) String() string {
	name := "engine"
	if e.eval != "" {
		name += "-" + e.eval
	}
	if e.Depth > 0 {
		return name + ":d" + strconv.Itoa(e.Depth)
	}
	return name + ":" + e.Time.String()
}

// Move searches p within the budget; ctx cancellation stops the search early.
func (e *Engine) Move(ctx context.Context, p *uttt.Position, _ *RNG) uttt.Move {
	return e.pool.move(ctx, p, e.Time, e.Depth)
}

type mainSearcher struct{ e *uttt.Engine }

func (s *mainSearcher) search(ctx context.Context, p uttt.Position, t time.Duration, depth int) uttt.Move {
	return s.e.Search(ctx, p, uttt.Limits{Time: t, Depth: depth}).Move
}

func (s *mainSearcher) clear() { s.e.Clear() }

// searcher is an engine with a transposition table, as the engine bots use it.
type searcher interface {
	search(ctx context.Context, p uttt.Position, t time.Duration, depth int) uttt.Move
	clear()
}

// searchers keeps an engine bot's searchers between moves and games. A move takes the
// searcher that last played an earlier position of the same game, keeping its table;
// otherwise (a new game) it creates a searcher while there are fewer than the limit
// (two per CPU by default: games played at once), else it takes the idle searcher
// unused the longest and clears it. At a fixed depth every move clears its searcher.
type searchers struct {
	mu     sync.Mutex
	idle   []*slot // oldest first
	total  int
	limit  int // 0: 2*GOMAXPROCS
	create func() searcher
}

type slot struct {
	s    searcher
	last uttt.Position // the position of the previous move; its game goes on from it
}

// follows reports whether q can be reached from p: every tile taken in p is taken by
// the same side in q.
func follows(q, p *uttt.Position) bool {
	for b := 0; b < 9; b++ {
		for s := uttt.X; s <= uttt.O; s++ {
			if p.Tiles(s, b)&^q.Tiles(s, b) != 0 {
				return false
			}
		}
	}
	return true
}

func (ss *searchers) get(p *uttt.Position, fixed bool) *slot {
	ss.mu.Lock()
	for i := len(ss.idle) - 1; i >= 0 && !fixed; i-- {
		if c := ss.idle[i]; follows(p, &c.last) {
			ss.idle = append(ss.idle[:i], ss.idle[i+1:]...)
			ss.mu.Unlock()
			return c
		}
	}
	limit := ss.limit
	if limit <= 0 {
		limit = 2 * runtime.GOMAXPROCS(0)
	}
	if len(ss.idle) == 0 || ss.total < limit && !fixed {
		ss.total++
		ss.mu.Unlock()
		return &slot{s: ss.create()}
	}
	sl := ss.idle[0]
	ss.idle = ss.idle[1:]
	ss.mu.Unlock()
	sl.s.clear()
	return sl
}

func (ss *searchers) move(ctx context.Context, p *uttt.Position, t time.Duration, depth int) uttt.Move {
	sl := ss.get(p, depth > 0)
	if depth > 0 {
		t = 0
	}
	m := sl.s.search(ctx, *p, t, depth)
	sl.last = *p
	ss.mu.Lock()
	ss.idle = append(ss.idle, sl)
	ss.mu.Unlock()
	return m
}
