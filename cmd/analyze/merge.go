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
N-1 must be there exactly once, all of one job; a missing, doubled, foreign or cut
shard is an error naming it. Each part is read once, as a stream: parts may be FIFOs
or pipes such as <(cat part), line-stream parts under any name.

The parts are recognised from their contents: line-stream shards (files starting with
"#boardlab-shard-lines K/N", of any name) go back into input order without their
line-number prefixes; uttt self-play records give the whole run's statistics report;
uttt reviews give the lines in order and the players' summary; perft --divide parts
give the per-move counts and their total; anything else is concatenated in shard
order. docs/scale-out.md has the details.`

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
			return cli.Interrupted("merge", out, stderr, "")
		}
		fmt.Fprintf(stderr, "analyze merge: %s\n", mergeErrText(err))
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

// mergeErrText words a merge's error for the user, naming the command that writes the
// parts a perft divide merge expected.
func mergeErrText(err error) string {
	var de *shard.DivideError
	switch {
	case errors.As(err, &de) && de.Empty:
		return de.Path + ": empty: not the output of 'uttt perft --divide --shard K/N'"
	case errors.As(err, &de):
		return fmt.Sprintf("%s:1: not a perft --divide shard header (%s)", de.Path, shard.DivideHeaderForm)
	}
	return err.Error()
}
