package utttcmd

import (
	"context"

	"github.com/boardlab/boardlab/engine/uttt"
)

// searcher is how the review reaches the engine's search: every
// such call goes through this file, so a change of the search's configuration API is
// patched here alone.
type searcher struct {
	eng     *uttt.Engine
	threads int
}

// newSearcher returns a searcher with its own transposition table of hashMB MB.
func newSearcher(hashMB, threads int) *searcher {
	return &searcher{eng: uttt.NewEngine(hashMB), threads: threads}
}

// byNodes searches p from an empty table for about nodes positions on one thread, so
// the result depends on the position and the budget alone.
func (s *searcher) byNodes(ctx context.Context, p uttt.Position, nodes uint64) uttt.Result {
	s.eng.Clear()
	return s.eng.Search(ctx, p, uttt.Limits{Nodes: nodes, Threads: 1})
}

// solveValue is uttt.Solve: the game's value for the side to move (1, 0, -1) within
// maxNodes, ok false when the solver stopped first.
func solveValue(ctx context.Context, p uttt.Position, maxNodes uint64) (int, bool) {
	v, _, ok := uttt.Solve(ctx, p, maxNodes)
	return v, ok
}
