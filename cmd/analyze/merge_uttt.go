package main

import (
	"context"
	"io"

	"github.com/boardlab/boardlab/cmd/analyze/internal/utttcmd"
)

// directKinds are merged by code that finds and checks the parts itself, whatever the
// files are named: perft --divide shards are usually redirected stdout.
var directKinds = []struct {
	name  string
	match func(head []byte) bool
	merge func(ctx context.Context, paths []string, w, stderr io.Writer) error
}{
	{"uttt perft --divide", utttcmd.IsPerftDivide, func(_ context.Context, paths []string, w, stderr io.Writer) error {
		return status(utttcmd.MergePerft(paths, w, stderr))
	}},
}

func init() {
	mergeKinds = append(mergeKinds, struct {
		name  string
		match func(head []byte) bool
		merge merger
	}{"uttt selfplay", utttcmd.IsSelfplayOut, func(ctx context.Context, shards []shardFile, w, _, stderr io.Writer) error {
		paths := make([]string, len(shards))
		for i, s := range shards {
			paths[i] = s.path
		}
		return status(utttcmd.MergeSelfplay(ctx, paths, w, stderr))
	}}, struct {
		name  string
		match func(head []byte) bool
		merge merger
	}{"uttt review", utttcmd.IsReviewOut, func(ctx context.Context, shards []shardFile, w, _, stderr io.Writer) error {
		paths := make([]string, len(shards))
		for i, s := range shards {
			paths[i] = s.path
		}
		return status(utttcmd.MergeReview(ctx, paths, w, stderr))
	}})
}

// status turns a merger's exit status into an error already reported.
func status(code int) error {
	if code == 0 {
		return nil
	}
	return reported{code}
}
