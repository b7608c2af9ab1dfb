package main

import (
	"context"
	"io"

	"github.com/boardlab/boardlab/cmd/analyze/internal/utttcmd"
	"github.com/boardlab/boardlab/shard"
)

// mergeKinds are the kinds of shard output that shard.Merge leaves to a game: uttt
// self-play records, merged into the whole run's report, and uttt reviews (printed on
// stderr when something is wrong).
func mergeKinds(stderr io.Writer) []shard.Kind {
	byGame := func(merge func(ctx context.Context, parts []shard.Part, w, stderr io.Writer) int) func(ctx context.Context, parts []shard.Part, w io.Writer) error {
		return func(ctx context.Context, parts []shard.Part, w io.Writer) error {
			if code := merge(ctx, parts, w, stderr); code != 0 {
				return reported{code}
			}
			return nil
		}
	}
	return []shard.Kind{
		{Name: "uttt selfplay", Match: utttcmd.IsSelfplayOut, Merge: byGame(utttcmd.MergeSelfplay)},
		{Name: "uttt review", Match: utttcmd.IsReviewOut, Merge: byGame(utttcmd.MergeReview)},
	}
}
