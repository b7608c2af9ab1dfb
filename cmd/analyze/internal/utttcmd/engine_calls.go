package utttcmd

import (
	"context"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
)

// searcher is how the codingame engine and the review reach the engine's search: every
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

// byTime searches p for t (at most until ctx is done), keeping the table from earlier
// searches.
func (s *searcher) byTime(ctx context.Context, p uttt.Position, t time.Duration) uttt.Result {
	return s.eng.Search(ctx, p, uttt.Limits{Time: t, Threads: s.threads})
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
