package zoo

import (
	"context"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/search"
)

// DefaultEngineTime is the engine bot's time per move when the spec gives no budget.
const DefaultEngineTime = 100 * time.Millisecond

// EngineHashMB is the transposition table size of each engine bot's searcher under a
// time budget; at a fixed depth the searchers use DepthHashMB, at a fixed node count
// NodesHashMB, cleared before every move.
const (
	EngineHashMB = 16
	DepthHashMB  = 1
	NodesHashMB  = 4
)

// Engine is the main engine (search.Search) at a time per move, a fixed depth or a fixed
// number of nodes per move. It keeps its searchers and their tables for its whole
// life, so one Engine may play in several games at once without allocating per move;
// at a fixed depth or node count each move starts from an empty table, which keeps
// moves deterministic.
//
// Under a time per move T every move takes T, unless Bank is set: then the engine
// keeps a bank per game (the time its moves saved, at most 4T): a move whose decision
// is clear stops at EasyShare*T plus half of the bank; one whose best move changed in
// the last iteration may take twice that, and half as much again when its score fell,
// never more than 2T nor T plus the bank. No move takes more than 2T, and the moves
// of a game average at most T.
type Engine struct {
	Time  time.Duration // per move (average with Bank), when Depth and Nodes are 0
	Depth int           // fixed depth in plies, or 0
	Nodes uint64        // fixed nodes per move, or 0
	Bank  bool          // under Time: spend more on unclear moves, less on clear ones
	// Contempt is search.Options.Contempt: what a draw costs the bot, in evaluation
	// units. The bot's engines read it when they are made, at its first move.
	Contempt int
	eval     string // "" (the engine's default, the network), search.EvalLinear or search.EvalNet
	pool     searchers
	// net, if set, is the network the searchers evaluate with (spec ",net=netPath").
	net     *search.Network
	netPath string
}

// EasyShare is the share of the time per move a clear decision takes (the rest goes
// to the game's bank).
const EasyShare = 0.6

// budget is what one move of an engine bot may spend: a time (average per move), a
// fixed depth or a fixed node count.
type budget struct {
	time  time.Duration
	depth int
	nodes uint64
	bank  bool
}

func (b budget) fixed() bool { return b.depth > 0 || b.nodes > 0 }

// NewEngine returns the engine bot at a time per move (depth 0) or a fixed depth.
func NewEngine(t time.Duration, depth int) *Engine {
	e, _ := NewEngineEval(t, depth, "")
	return e
}

// NewEngineEval is NewEngine with a chosen evaluation (search.EvalLinear or
// search.EvalNet; "" for the engine's default, the network); its spec is engine-linear or engine-net.
func NewEngineEval(t time.Duration, depth int, eval string) (*Engine, error) {
	if eval != "" {
		if err := search.CheckEval(eval); err != nil {
			return nil, err
		}
	}
	e := &Engine{Time: t, Depth: depth, eval: eval}
	e.pool.create = func() searcher {
		// NewEngineEval checked the evaluation and the net option sets EvalNet: the
		// options are not refused.
		u, _ := search.NewEngine(search.Options{TableBytes: int64(hashMB(e.budget())) << 20,
			Eval: e.eval, Network: e.net, Contempt: e.Contempt})
		return &mainSearcher{e: u}
	}
	return e, nil
}

// NewEngineNodes returns the engine bot at a fixed number of nodes per move.
func NewEngineNodes(nodes uint64) *Engine {
	e := NewEngine(0, 0)
	e.Nodes = nodes
	return e
}

func (e *Engine) budget() budget { return budget{e.Time, e.Depth, e.Nodes, e.Bank} }

// hashMB is the table size of an engine bot: DepthHashMB at a fixed depth, NodesHashMB
// at a fixed node count, else EngineHashMB.
func hashMB(b budget) int {
	switch {
	case b.depth > 0:
		return DepthHashMB
	case b.nodes > 0:
		return NodesHashMB
	}
	return EngineHashMB
}

func (e *Engine) String() string {
	name := "engine"
	if e.eval != "" {
		name += "-" + e.eval
	}
	name += ":" + e.budget().String()
	if e.Contempt != 0 {
		name += ",contempt=" + strconv.Itoa(e.Contempt)
	}
	if e.net != nil {
		name += ",net=" + e.netPath
	}
	return name
}

func (b budget) String() string {
	switch {
	case b.depth > 0:
		return "d" + strconv.Itoa(b.depth)
	case b.nodes > 0:
		return "n" + strconv.FormatUint(b.nodes, 10)
	case b.bank:
		return b.time.String() + ",bank"
	}
	return b.time.String()
}

// Move searches p within the budget; ctx cancellation stops the search early.
func (e *Engine) Move(ctx context.Context, p *uttt.Position, _ *RNG) uttt.Move {
	return e.pool.move(ctx, p, e.budget())
}

// mainSearcher is the engine with its table and the time bank of the game it plays.
type mainSearcher struct {
	e    *search.Engine
	bank time.Duration // time saved by earlier moves of the game
}

func (s *mainSearcher) search(ctx context.Context, p uttt.Position, b budget) uttt.Move {
	lim := search.Limits{Depth: b.depth, Nodes: b.nodes}
	if b.fixed() || b.time <= 0 || !b.bank {
		lim.Time = b.time
		return s.e.Search(ctx, p, lim).Move
	}
	// The bank is below zero after a move that overran its time (the machine is busy);
	// Time must stay above zero, which would mean no limit.
	lim.MaxTime = max(min(2*b.time, b.time+s.bank), b.time/2)
	lim.Time = min(time.Duration(EasyShare*float64(b.time))+max(s.bank, 0)/2, lim.MaxTime)
	r := s.e.Search(ctx, p, lim)
	s.bank = min(s.bank+b.time-r.Time, 4*b.time)
	return r.Move
}

func (s *mainSearcher) clear() { s.e.Clear(); s.bank = 0 }

// searcher is an engine with a transposition table, as the engine bots use it.
type searcher interface {
	search(ctx context.Context, p uttt.Position, b budget) uttt.Move
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

func (ss *searchers) move(ctx context.Context, p *uttt.Position, b budget) uttt.Move {
	sl := ss.get(p, b.fixed())
	if b.fixed() {
		b.time = 0
	}
	m := sl.s.search(ctx, *p, b)
	sl.last = *p
	ss.mu.Lock()
	ss.idle = append(ss.idle, sl)
	ss.mu.Unlock()
	return m
}

// TableBytes returns the size in bytes of the transposition table each searcher of b
// holds (one per game it plays at once): that of its budget for the engine bots, 0 for
// bots without a table.
func TableBytes(b Bot) int64 {
	switch e := b.(type) {
	case *Engine:
		return int64(hashMB(e.budget())) << 20
	case *EngineV1:
		return int64(hashMB(e.budget())) << 20
	}
	return 0
}
