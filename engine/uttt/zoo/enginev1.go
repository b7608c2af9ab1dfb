package zoo

import (
	"context"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
	v1 "github.com/boardlab/boardlab/engine/uttt/internal/v1"
)

// EngineV1 is the engine's first version (evaluation and search frozen in
// engine/uttt/internal/v1), at a time per move or a fixed depth: the yardstick the
// current engine is measured against. Its searchers are kept as Engine's are.
// Under a time per move every move takes that time (v1 has no time bank).
type EngineV1 struct {
	Time  time.Duration // per move, when Depth and Nodes are 0
	Depth int           // fixed depth in plies, or 0
	Nodes uint64        // fixed nodes per move, or 0
	pool  searchers
}

// NewEngineV1 returns the v1 engine bot at a time per move (depth 0) or a fixed depth.
func NewEngineV1(t time.Duration, depth int) *EngineV1 {
	e := &EngineV1{Time: t, Depth: depth}
	e.pool.create = func() searcher { return &v1Searcher{e: v1.NewEngine(hashMB(e.budget()))} }
	return e
}

// NewEngineV1Nodes returns the v1 engine bot at a fixed number of nodes per move.
func NewEngineV1Nodes(nodes uint64) *EngineV1 {
	e := NewEngineV1(0, 0)
	e.Nodes = nodes
	return e
}

func (e *EngineV1) budget() budget { return budget{time: e.Time, depth: e.Depth, nodes: e.Nodes} }

func (e *EngineV1) String() string { return "engine-v1:" + e.budget().String() }

// Move searches p with the v1 engine within the budget.
func (e *EngineV1) Move(ctx context.Context, p *uttt.Position, _ *RNG) uttt.Move {
	return e.pool.move(ctx, p, e.budget())
}

type v1Searcher struct{ e *v1.Engine }

func (s *v1Searcher) search(ctx context.Context, p uttt.Position, b budget) uttt.Move {
	return s.e.Search(ctx, p, v1.Limits{Time: b.time, Depth: b.depth, Nodes: b.nodes}).Move
}

func (s *v1Searcher) clear() { s.e.Clear() }
