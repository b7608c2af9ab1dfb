package utttcmd

import (
	"context"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/pipeline"
)

// perftDivide counts the move sequences of length depth (at least 1) from p that start
// with one of the moves first, on up to jobs goroutines (one per core when jobs <= 0),
// and calls each (when not nil) with every first move's count in the order of first.
// It returns the total, or ctx's error when cancelled (the counts cut short are not
// passed to each).
func perftDivide(ctx context.Context, p *uttt.Position, first []uttt.Move, depth, jobs int, each func(m uttt.Move, n uint64)) (uint64, error) {
	var total uint64
	err := pipeline.Items(ctx, len(first), jobs, func(i int) uint64 {
		q := p.Play(first[i])
		n, _ := uttt.PerftContext(ctx, &q, depth-1)
		return n
	}, func(i int, n uint64) {
		if ctx.Err() != nil {
			return // a count cut short by Ctrl-C is not passed on
		}
		total += n
		if each != nil {
			each(first[i], n)
		}
	})
	if err == nil {
		err = ctx.Err()
	}
	return total, err
}
