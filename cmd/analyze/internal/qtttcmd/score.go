package qtttcmd

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/qttt/bulk"
	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/internal/plural"
)

const scoreUsage = "analyze qttt score [--json] [-o FILE] [-j N] [--shard K/N] [FILE|DIR|-]..."

const scoreHelp = `Scores quantum tic-tac-toe game records, one per line, and prints X's score and O's
per record in input order, e.g. "0.5 1" or "2 0". A record is in the record notation:
moves as two cell letters A-I, each cycle-closing move followed by its measurement number
("AB BE DE AE 1", or written together "ABBEDEAE1"). A record may stop before the game
ends: the position is scored as it stands. Blank lines are skipped. A line may carry
the expected score after a tab ("RECORD<TAB>X O", as "analyze qttt random" writes
it): a different score is an error.

No argument or - reads standard input; a DIR is walked in sorted order. --json prints
one object per record instead, with the final board, the lines made and each
measurement. Records are scored by --jobs workers; the output keeps the input order.
A bad line is reported on stderr with its file, line and the reason (a line longer
than 65,535 bytes by its length), the other lines are still scored and the exit status
is 1.

--shard K/N scores line i (counted from 0 over all inputs) when i mod N = K, each
result prefixed with i and a tab after a "#boardlab-shard-lines K/N job ID qttt score"
header, for "analyze merge"; with -o PATH the shard writes PATH.K-of-N. docs/qttt.md
has the details.`

func runScore(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("qttt score", scoreUsage, scoreHelp, stderr)
	asJSON := fs.Bool("json", false, "print JSON Lines: one object per record with board, lines and measurements")
	outPath := cli.OutFlag(fs, "write the scores to `FILE` (created atomically) instead of standard output, and a summary to stderr")
	jobs := cli.JobsFlag(fs, "score with `N` parallel workers (at most 4 per core)")
	shardSpec := cli.ShardFlag(fs)
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	shard, err := shardSpec.Resolve("qttt score", nil, stderr)
	if err != nil {
		return cli.Usagef(stderr, "qttt score", "%v", err)
	}
	path := shard.Path(*outPath)
	out, err := fileio.CreateOutput(path, stdout)
	if err != nil {
		return cli.Finish("qttt score", nil, err, stderr)
	}
	start := time.Now()
	// an argument that names no input fails in its place, through its Input.Err
	inputs, _ := fileio.Expand(pos)
	var bad int64 // bad lines, not counting unreadable inputs
	in, end := cli.LinesInput(shard, stdin)
	res, err := bulk.WriteScores(ctx, inputs, in, out, *asJSON, bulk.Options{Workers: *jobs, Shard: shard,
		OnError: func(err error) error {
			if err.(*bulk.InputError).Line > 0 {
				bad++
			}
			fmt.Fprintf(stderr, "analyze qttt score: %v\n", err)
			return nil
		}})
	if err == nil && ctx.Err() == nil {
		err = end(out)
	}
	if ctx.Err() != nil {
		return cli.Interrupted("qttt score", out, stderr, "after "+plural.Of(res.Records, "record"))
	}
	if st := cli.Finish("qttt score", out, err, stderr); st != cli.ExitOK {
		return st
	}
	if *outPath != "" {
		el := time.Since(start)
		fmt.Fprintf(stderr, "analyze qttt score: %s scored, %d bad, in %v (%.3g records/s) -> %s\n",
			plural.Of(res.Records, "record"), bad, el.Round(time.Microsecond), float64(res.Records+bad)/el.Seconds(), path)
	}
	if res.Failed > 0 {
		return cli.ExitFail
	}
	return cli.ExitOK
}
