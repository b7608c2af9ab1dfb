package gobancmd

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/cmd/analyze/internal/term"
	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/engine/goban/gen"
	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/internal/plural"
)

const genUsage = "analyze goban gen [--kind random|corridor|spiral|spec] [--size N] [--seed N] [--count N] [--lines] [--shard K/N] [--out FILE|DIR]"

const genHelp = `Writes generated boards in the goban text format (rows of X, O and - separated by
spaces), for scoring and benchmarking:
  random    each point black, white or empty with probability 1/3 (--seed picks the board)
  corridor  one empty corridor winding through the board between black walls, a white
            stone at its start: the C reference scorer needs about n*n/4 passes for it
  spiral    one empty corridor spiralling from the corner to the centre
  spec      the specification's five test cases (--size, --seed, --count do not apply)
With no --out (or -) a single board goes to stdout. --out names a file for one board, or
a directory (created if needed) when it exists, ends in /, or several boards are written;
boards in a directory are named KIND-N-SEED.txt (spec: NUMBER-NAME.txt). Files appear
whole or not at all (each is written under a temporary name and renamed).

--lines writes every board on one line instead (its symbols without separators), one
board per line, to stdout or the file --out: the input of "goban score --lines".
Board i (from 0) has seed S+i. --shard K/N makes only boards [K*C/N, (K+1)*C/N): into a
directory they are the same files the whole run writes; with --lines the shards' files
(--out PATH becomes PATH.K-of-N) concatenate in K order to the whole run's file.`

func runGen(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("goban gen", genUsage, genHelp, stderr)
	kind := fs.String("kind", "random", "board kind: random, corridor, spiral or spec")
	size := fs.Int("size", 19, "side length n of the n-by-n board")
	seed := fs.Uint64("seed", 1, "seed of the first random board (the next get seed+1, ...)")
	count := fs.Int("count", 1, "number of boards")
	out := cli.OutFlag(fs, "output `FILE` or DIR (default stdout)")
	lines := fs.Bool("lines", false, "write one board per line (symbols only) to stdout or the file --out")
	jobs := cli.JobsFlag(fs, "parallel workers `N`")
	spec := cli.ShardFlag(fs)
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	if len(pos) > 0 {
		return cli.Usagef(stderr, "goban gen", "unexpected argument %q", pos[0])
	}
	g := &gen.Job{Kind: *kind, Size: *size, Seed: *seed, Count: *count, Lines: *lines}
	if err := g.Check(); err != nil {
		return cli.Usagef(stderr, "goban gen", "--%v", err)
	}
	if g.Kind == "spec" {
		g.Count = len(goban.SpecCases)
	}
	shard, err := spec.Resolve("goban gen", nil, stderr)
	if err != nil {
		return cli.Usagef(stderr, "goban gen", "%v", err)
	}
	lo64, hi64 := shard.Range(int64(g.Count))
	lo, hi := int(lo64), int(hi64)
	if g.Lines {
		if fi, err := os.Stat(*out); err == nil && fi.IsDir() {
			return cli.Usagef(stderr, "goban gen", "--lines writes one file: --out %s is a directory", *out)
		}
		return writeLines(ctx, g, shard.Path(*out), lo, hi, *jobs, stdout, stderr)
	}
	dir := ""
	if fi, err := os.Stat(*out); (err == nil && fi.IsDir()) || strings.HasSuffix(*out, "/") || g.Count > 1 {
		dir = *out
		if dir == "" || dir == "-" {
			return cli.Usagef(stderr, "goban gen", "%s need --out DIR (or --lines)", plural.Of(g.Count, "board"))
		}
		if err := os.MkdirAll(dir, 0o777); err != nil {
			fmt.Fprintf(stderr, "analyze goban gen: %v\n", err)
			return cli.ExitFail
		}
		progress := term.NewProgress(stderr, "goban gen", "boards")
		err := g.WriteDir(ctx, dir, lo, hi, *jobs, progress.Update)
		progress.Done()
		switch {
		case err != nil && ctx.Err() != nil:
			fmt.Fprintf(stderr, "analyze goban gen: interrupted\n")
			return cli.ExitInterrupted
		case err != nil:
			fmt.Fprintf(stderr, "analyze goban gen: %v\n", fileio.Cause(err))
			return cli.ExitFail
		}
		return cli.ExitOK
	}
	if lo == hi {
		return cli.ExitOK // this shard has no board
	}
	o, err := fileio.CreateOutput(*out, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "analyze goban gen: %v\n", err)
		return cli.ExitFail
	}
	o.NoSync = true // generated boards can be made again
	werr := g.WriteBoard(o, lo)
	if werr != nil {
		o.Abort()
		fmt.Fprintf(stderr, "analyze goban gen: %s: %v\n", outName(*out), werr)
		return cli.ExitFail
	}
	if err := o.Commit(); err != nil {
		fmt.Fprintf(stderr, "analyze goban gen: %s: %v\n", outName(*out), err)
		return cli.ExitFail
	}
	return cli.ExitOK
}

// writeLines writes boards [lo, hi) one per line to path (stdout for "" or "-").
func writeLines(ctx context.Context, g *gen.Job, path string, lo, hi, jobs int, stdout, stderr io.Writer) int {
	o, err := fileio.CreateOutput(path, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "analyze goban gen: %v\n", err)
		return cli.ExitFail
	}
	o.NoSync = true
	progress := term.NewProgress(stderr, "goban gen", "boards")
	err = g.WriteLines(ctx, o, lo, hi, jobs, progress.Update)
	progress.Done()
	if err != nil && ctx.Err() != nil {
		return cli.Interrupted("goban gen", o, stderr, "")
	}
	if err == nil {
		err = o.Commit()
	} else {
		o.Abort()
	}
	if err != nil {
		fmt.Fprintf(stderr, "analyze goban gen: %s: %v\n", outName(path), err)
		return cli.ExitFail
	}
	return cli.ExitOK
}

// outName names an output path in messages: "stdout" for "" and "-".
func outName(path string) string {
	if path == "" || path == "-" {
		return "stdout"
	}
	return path
}
