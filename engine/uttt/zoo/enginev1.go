package zoo

import (
	"context"
	"strconv"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
	v1 "github.com/boardlab/boardlab/engine/uttt/internal/v1"
)

// EngineV1 is the engine as of commit 82f0469 (evaluation and search frozen in
// engine/uttt/internal/v1), at a time per move or a fixed depth: the yardstick the
// current engine is measured against. Its searchers are kept as Engine's are.
type EngineV1 struct {
	Time  time.Duration // per move, when Depth is 0
	Depth int           // fixed depth in plies, or 0
	pool  searchers
}

// NewEngineV1 returns the v1 engine bot at a time per move (depth 0) or a fixed depth.
func NewEngineV1(t time.Duration, depth int) *EngineV1 {
	e := &EngineV1{Time: t, Depth: depth}
	e.pool.create = func() searcher { return &v1Searcher{e: v1.NewEngine(hashMB(depth))} }
	return e
}

func (e *EngineV1) String() string {
	if e.Depth > 0 {
		return "engine-v1:d" + strconv.Itoa(e.Depth)
	}
	return "engine-v1:" + e.Time.String()
}

// Move searches p with the v1 engine within the budget.
func (e *EngineV1) Move(ctx context.Context, p *uttt.Position, _ *RNG) uttt.Move {
	return e.pool.move(ctx, p, e.Time, e.Depth)
}

type v1Searcher struct{ e *v1.Engine }

func (s *v1Searcher) search(ctx context.Context, p uttt.Position, t time.Duration, depth int) uttt.Move {
	return s.e.Search(ctx, p, v1.Limits{Time: t, Depth: depth}).Move
}

func (s *v1Searcher) clear() { s.e.Clear() }
