package gobancmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/cmd/analyze/internal/term"
	"github.com/boardlab/boardlab/engine/goban/bulk"
	"github.com/boardlab/boardlab/fileio"
)

const scoreUsage = "analyze goban score [--json] [--map] [--format auto|text|sgf] [--komi K] [--rules tromp-taylor|area|territory|record] [--playouts N] [--seed N] [--summary] [--svg DIR] [--lines] [--max-size N] [-j N] [--shard K/N] [--out FILE] [FILE|DIR|-]..."

const scoreHelp = `Scores Go positions by Tromp-Taylor area rules: each player gets their stones plus the
empty points that reach only their colour. An input is a board in the goban text format
(only X, O and - count, row by row; n*n symbols, any n) or an SGF game record (the main
line is replayed with captures and suicide, the final position scored), recognised by
its content or forced with --format. A DIR is walked and its game files (.sgf, .txt,
.board, each also with .gz, and .zip) are inputs in sorted order; a FILE named as an
argument is read whatever its name; no argument or - reads standard input. Each member
of FILE.zip is an input named FILE.zip/MEMBER.

One input prints its result alone (B+k, W+k or Jigo); several print NAME<TAB>RESULT per
input, in input order, scored in parallel; the k-th game of an SGF collection is named
FILE#k. SGF results use the record's komi (KM) unless --komi; text boards have komi 0.
--map adds the ownership map (X/O stones, x/o empty points counted for black/white, -
for nobody). --json prints one JSON object per input or game. --summary ends with
counts and the rate on stderr. --svg DIR writes an ownership-map picture per input or
game. --out FILE writes the results to FILE, which appears whole when the run ends.

--rules counts SGF games as a Go server does: area (Chinese: alive stones and territory)
or territory (Japanese: territory and prisoners) after removing the stones estimated
dead (Benson's unconditional life, then --playouts light playouts from --seed; stones in
seki stay, their shared liberties nobody's), with the record's komi and handicap
compensation where the rule set has it; record takes each record's RU[] (chinese,
japanese, korean, aga, nz, ing also work as --rules values), tromp-taylor (the default)
removes nothing. --json then adds the rules, the dead stones, territory and prisoners;
--map and --svg mark dead stones (# black, @ white); --summary lists the games whose
RE the count differs from. Text boards stay Tromp-Taylor.

--lines reads every line of every input as one text board (a DIR gives its .lines and
.txt files) and prints one result per line, in order: the format for millions of
boards. --max-size N refuses a larger text board before holding it. --shard K/N scores
part K of N of the inputs (see 'analyze help shard'; with --out FILE: FILE.K-of-N). Bad
inputs are reported on stderr, the others still scored; the exit status is then 1.
docs/goban.md has the details.`

func runScore(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("goban score", scoreUsage, scoreHelp, stderr)
	var o bulk.Options
	fs.BoolVar(&o.JSON, "json", false, "print JSON Lines: one object per input")
	fs.BoolVar(&o.Map, "map", false, "add the ownership map")
	fs.StringVar(&o.Format, "format", "auto", "input format: auto (SGF when the input starts with '(' and ';'), text or sgf")
	komiFlag(fs, &o.Komi, &o.KomiSet)
	fs.StringVar(&o.Rules, "rules", "tromp-taylor", "count SGF games by `RULES`: tromp-taylor, area, territory or record (each record's RU[])")
	fs.IntVar(&o.Playouts, "playouts", 0, "at most `N` light playouts of the dead-stone estimate under --rules (0: 128; fewer once settled)")
	fs.Uint64Var(&o.Seed, "seed", 1, "random seed `N` of the dead-stone estimate")
	summary := fs.Bool("summary", false, "after the results, print counts and the rate on stderr")
	cli.OutputVar(fs, &o.SVGDir, "svg", "write an ownership-map SVG per input (or game) into `DIR`")
	lines := fs.Bool("lines", false, "read one board per line of each input (the whole board on one line) and print one result per line")
	fs.IntVar(&o.MaxSize, "max-size", bulk.DefaultMaxSize, "refuse a board larger than `N`xN (counted before any board memory is allocated)")
	cli.JobsVar(fs, &o.Workers, "parallel workers `N`")
	spec := cli.ShardFlag(fs)
	outPath := cli.OutFlag(fs, "write the results to `FILE` (created atomically) instead of standard output")
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	const cmd = "goban score"
	switch o.Format {
	case "auto", "text", "sgf":
	default:
		return cli.Usagef(stderr, cmd, "--format %q: want auto, text or sgf", o.Format)
	}
	if o.SVGDir != "" {
		if err := os.MkdirAll(o.SVGDir, 0o755); err != nil {
			fmt.Fprintf(stderr, "analyze goban score: --svg: %v\n", err)
			return cli.ExitFail
		}
	}
	if o.MaxSize < 1 {
		return cli.Usagef(stderr, cmd, "--max-size %d: want 1 or more", o.MaxSize)
	}
	s, err := spec.Resolve(cmd, nil, stderr)
	if err != nil {
		return cli.Usagef(stderr, cmd, "%v", err)
	}
	o.Shard = s
	if err := bulk.CheckRules(o.Rules); err != nil {
		return cli.Usagef(stderr, cmd, "--rules: %v", err)
	}
	if o.Playouts < 0 || o.Playouts > 1<<20 {
		return cli.Usagef(stderr, cmd, "--playouts %d: want 0..%d", o.Playouts, 1<<20)
	}
	if *lines && o.Rules != "tromp-taylor" {
		return cli.Usagef(stderr, cmd, "--rules is for SGF games, not --lines (text boards)")
	}
	if *lines && o.Map {
		return cli.Usagef(stderr, cmd, "--map is not available with --lines (one line per board)")
	}
	out, err := fileio.CreateOutput(s.Path(*outPath), stdout)
	if err != nil {
		fmt.Fprintf(stderr, "analyze goban score: %v\n", err)
		return cli.ExitFail
	}
	failed := false
	o.OnError = func(err error) error {
		reportFail(stderr, cmd, err)
		failed = true
		return nil
	}
	unit := "inputs"
	if *lines {
		unit = "lines"
	}
	progress := term.NewProgress(stderr, cmd, unit)
	o.Progress = func(st bulk.Stats) {
		if *lines {
			progress.Update(st.Lines, 0)
		} else {
			progress.Update(st.Inputs, st.Total)
		}
	}
	start := time.Now()
	var stats bulk.Stats
	if *lines {
		in, end := cli.LinesInput(s, stdin)
		if _, err = bulk.WriteLines(ctx, inputs(pos), in, out, o); err == nil {
			if werr := end(out); werr != nil {
				err = &bulk.WriteError{Err: werr}
			}
		}
	} else {
		stats, err = bulk.WriteScores(ctx, inputs(pos), stdin, out, o)
	}
	progress.Done()
	if *summary && !*lines {
		if o.JSON {
			stats.WriteJSON(stderr, time.Since(start))
		} else {
			stats.WriteText(stderr, time.Since(start))
		}
	}
	var we *bulk.WriteError
	switch {
	case errors.As(err, &we):
		out.Abort()
		fmt.Fprintf(stderr, "analyze goban score: %v\n", we.Err)
		return cli.ExitFail
	case err != nil:
		return cli.Interrupted("goban score", out, stderr, "")
	}
	if err := out.Commit(); err != nil {
		fmt.Fprintf(stderr, "analyze goban score: %v\n", err)
		return cli.ExitFail
	}
	if failed {
		return cli.ExitFail
	}
	return cli.ExitOK
}

// komiFlag registers --komi, a finite number stored in *komi with *set true.
func komiFlag(fs *flag.FlagSet, komi *float64, set *bool) {
	fs.Func("komi", "komi `K` for white: overrides SGF's KM; text boards have 0 unless given", func(s string) error {
		k, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsNaN(k) || math.IsInf(k, 0) {
			return errors.New("not a number")
		}
		*komi, *set = k, true
		return nil
	})
}
