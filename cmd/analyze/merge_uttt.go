package main

import (
	"context"
	"io"

	"github.com/boardlab/boardlab/cmd/analyze/internal/utttcmd"
	"github.com/boardlab/boardlab/shard"
)

// mergeKinds are the kinds of shard output that shard.Merge leaves to a game: uttt
// self-play records, merged into the whole run's report (printed on stderr when
// something is wrong).
func mergeKinds(stderr io.Writer) []shard.Kind {
	return []shard.Kind{{Name: "uttt selfplay", Match: utttcmd.IsSelfplayOut,
		Merge: func(ctx context.Context, paths []string, w io.Writer) error {
			if code := utttcmd.MergeSelfplay(ctx, paths, w, stderr); code != 0 {
				return reported{code}
			}
			return nil
		}}}
}
