package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/boardlab/boardlab/cmd/analyze/internal/batch"
	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/internal/plural"
)

// plan is what a plan of analyze jobs holds.
var plan = batch.Plan{Prog: "analyze", Self: "batch"}

const batchDescription = `Runs a plan of analysis jobs: one analyze command line per line of PLAN (a file,
or - for standard input), with or without the leading "analyze". Blank lines and
lines starting with # are skipped; arguments are split as a shell would (quotes),
and $WORK stands for a scratch directory that batch creates and removes afterwards
(the jobs' output names it $WORK too). Each job's output is printed under a header
("== [3/32] analyze ..."), then its timing; each line a job writes on stderr starts
with its number ("[3/32] "); a summary table ends the run. With no PLAN, the
embedded default plan runs a representative job of every engine ("analyze batch
--list" prints it).

Exit status 1 when any job failed; the remaining jobs still run. Ctrl-C stops the
running job and prints the summary of what finished.`

func runBatch(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("batch", "analyze batch [-q] [--json] [--list] [PLAN]", batchDescription, stderr)
	quiet := fs.Bool("q", false, "discard the jobs' own output; print only timings and the summary")
	asJSON := fs.Bool("json", false, "print one JSON line per job and a final summary line instead of text (implies -q)")
	list := fs.Bool("list", false, "print the plan and exit without running it")
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	if len(pos) > 1 {
		return cli.Usagef(stderr, "batch", "at most one PLAN, got %s", plural.Of(len(pos), "argument"))
	}
	name := "default plan"
	var jobs []batch.Job
	var errs []error
	if len(pos) == 1 {
		in := fileio.Input{Path: pos[0]}
		name = in.Name()
		r, err := in.Open(ctx, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "analyze batch: %s: %v\n", name, fileio.Cause(err))
			if ctx.Err() != nil {
				return cli.ExitInterrupted
			}
			return cli.ExitFail
		}
		jobs, errs = plan.Parse(name, r)
		r.Close()
		if ctx.Err() != nil {
			fmt.Fprintf(stderr, "analyze batch: interrupted while reading %s\n", name)
			return cli.ExitInterrupted
		}
	} else {
		jobs, errs = plan.Parse(name, strings.NewReader(defaultPlan()))
	}
	for _, err := range errs {
		fmt.Fprintf(stderr, "analyze batch: %v\n", err)
	}
	if *list {
		for _, j := range jobs {
			fmt.Fprintf(stdout, "analyze %s\n", j.Text)
		}
		if len(errs) > 0 {
			return cli.ExitFail
		}
		return cli.ExitOK
	}
	if len(jobs) == 0 {
		fmt.Fprintf(stderr, "analyze batch: %s has no jobs\n", name)
		return cli.ExitFail
	}
	work, err := os.MkdirTemp("", "boardlab-batch-*")
	if err != nil {
		fmt.Fprintf(stderr, "analyze batch: %v\n", err)
		return cli.ExitFail
	}
	defer os.RemoveAll(work)

	sum := plan.Run(ctx, name, jobs, dispatch, stdout, stderr, batch.Options{Quiet: *quiet, JSON: *asJSON, Work: work})
	switch {
	case sum.Interrupted:
		fmt.Fprintf(stderr, "analyze batch: interrupted after %d of %s\n", sum.Ran, plural.Of(len(jobs), "job"))
		return cli.ExitInterrupted
	case sum.Failed > 0 || len(errs) > 0:
		return cli.ExitFail
	}
	return cli.ExitOK
}

// defaultPlan is every game group's batch jobs, in group order.
func defaultPlan() string {
	var b bytes.Buffer
	b.WriteString("# boardlab default plan: the machine, then a representative job for each engine\n")
	b.WriteString("version -v\n")
	for _, g := range groups {
		for _, j := range *g.jobs {
			b.WriteString(j)
			b.WriteByte('\n')
		}
	}
	for _, j := range shardJobs {
		b.WriteString(j)
		b.WriteByte('\n')
	}
	return b.String()
}

// shardJobs end the default plan: one table made as three shards (as a cluster's array
// job would), then merged into the whole table.
var shardJobs = []string{
	"wythoff table --format binary --shard 0/3 --out $WORK/wythoff-sharded.bin 4000000",
	"wythoff table --format binary --shard 1/3 --out $WORK/wythoff-sharded.bin 4000000",
	"wythoff table --format binary --shard 2/3 --out $WORK/wythoff-sharded.bin 4000000",
	"merge --out $WORK/wythoff-merged.bin $WORK/wythoff-sharded.bin",
}
