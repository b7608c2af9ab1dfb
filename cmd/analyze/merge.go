package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/shard"
)

const mergeUsage = "analyze merge [-o FILE] BASE | SHARD-FILE..."

const mergeHelp = `Combines the outputs of a job run as shards (--shard K/N, or a scheduler's index
variable) into exactly what the unsharded run prints.

BASE names the shards' common --out path: the files BASE.0-of-N ... BASE.(N-1)-of-N are
merged. Shard files may also be listed one by one, in any order. Every shard from 0 to
N-1 must be there exactly once; a missing, doubled or foreign shard is an error naming it.
A line-stream header names its job (a hash of the command, its arguments and input
names): parts of another job are refused, and so is mixing parts written before
headers named their job with newer ones.

How the parts combine depends on what they hold, recognised from their contents:
  - line-stream shards (goban score --lines, wythoff move, qttt score on a stream: files
    starting with "#boardlab-shard-lines K/N"): lines back in input order, without the
    line-number prefixes; the shards may be files of any name (redirected stdout);
  - self-play records (uttt selfplay --out): the statistics report of the whole run;
  - game reviews (uttt review --out): the move and game lines in order and the players'
    summary over all games;
  - perft --divide parts: the per-move counts and their total;
  - anything else (tables, generated boards, ordered results of a file list): the parts
    concatenated in shard order, byte for byte.`

func runMerge(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("merge", mergeUsage, mergeHelp, stderr)
	outPath := cli.OutFlag(fs, "write the merged output to `FILE` (atomically) instead of stdout")
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	if len(pos) == 0 {
		return cli.Usagef(stderr, "merge", "no shard files given")
	}
	out, err := fileio.CreateOutput(*outPath, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "analyze merge: %v\n", err)
		return cli.ExitUsage
	}
	err = shard.Merge(ctx, pos, out, mergeKinds(stderr)...)
	if err != nil {
		out.Abort()
		var r reported
		switch {
		case errors.As(err, &r):
			return r.code
		case errors.Is(err, context.Canceled) || errors.Is(err, fileio.ErrInterrupted):
			fmt.Fprintf(stderr, "analyze merge: interrupted\n")
			return cli.ExitInterrupted
		}
		fmt.Fprintf(stderr, "analyze merge: %v\n", err)
		return cli.ExitFail
	}
	if err := out.Commit(); err != nil {
		fmt.Fprintf(stderr, "analyze merge: %v\n", err)
		return cli.ExitFail
	}
	return cli.ExitOK
}

// reported is an error a merger has already printed; its exit status is code.
type reported struct{ code int }

func (r reported) Error() string { return fmt.Sprintf("exit status %d", r.code) }
