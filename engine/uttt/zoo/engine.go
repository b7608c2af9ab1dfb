package zoo

import (
	"context"
	"strconv"
	"sync"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
)

// DefaultEngineTime is the engine bot's time per move when the spec gives no budget.
const DefaultEngineTime = 100 * time.Millisecond

// EngineHashMB is the transposition table size of each engine bot's searcher under a
// time budget; at a fixed depth each move gets a fresh table of DepthHashMB.
const (
	EngineHashMB = 16
	DepthHashMB  = 1
)

// Engine is the main engine (uttt.Search) at a time per move or a fixed depth. Searchers
// and their tables are pooled, so one Engine may play in several games at once; at a
// fixed depth each move starts from an empty table, which keeps moves deterministic.
type Engine struct {
	Time  time.Duration // per move, when Depth is 0
	Depth int           // fixed depth in plies, or 0
	pool  sync.Pool
}

// NewEngine returns the engine bot at a time per move (depth 0) or a fixed depth.
func NewEngine(t time.Duration, depth int) *Engine { return &Engine{Time: t, Depth: depth} }

func (e *Engine) String() string {
	if e.Depth > 0 {
		return "engine:d" + strconv.Itoa(e.Depth)
	}
	return "engine:" + e.Time.String()
}

// Move searches p within the budget; ctx cancellation stops the search early.
func (e *Engine) Move(ctx context.Context, p *uttt.Position, _ *RNG) uttt.Move {
	if e.Depth > 0 {
		return uttt.NewEngine(DepthHashMB).Search(ctx, *p, uttt.Limits{Depth: e.Depth}).Move
	}
	s, _ := e.pool.Get().(*uttt.Engine)
	if s == nil {
		s = uttt.NewEngine(EngineHashMB)
	}
	r := s.Search(ctx, *p, uttt.Limits{Time: e.Time})
	e.pool.Put(s)
	return r.Move
}
