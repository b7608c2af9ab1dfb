package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/fileio"
)

const batchDescription = `Runs a plan of analysis jobs: one analyze command line per line of PLAN (a file,
or - for standard input), with or without the leading "analyze". Blank lines and
lines starting with # are skipped; arguments are split as a shell would (quotes),
and $WORK stands for a scratch directory that batch creates and removes afterwards.
Each job's output is printed under a header, then its timing; a summary table ends
the run. With no PLAN, the embedded default plan runs a representative job of every
engine ("analyze batch --list" prints it).

Exit status 1 when any job failed; the remaining jobs still run. Ctrl-C stops the
running job and prints the summary of what finished.`

type job struct {
	line    int
	text    string
	args    []string
	status  string
	exit    int
	seconds float64
}

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
		return cli.Usagef(stderr, "batch", "at most one PLAN, got %d arguments", len(pos))
	}
	name := "default plan"
	var jobs []job
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
		jobs, errs = parsePlan(name, r)
		r.Close()
		if ctx.Err() != nil {
			fmt.Fprintf(stderr, "analyze batch: interrupted while reading %s\n", name)
			return cli.ExitInterrupted
		}
	} else {
		jobs, errs = parsePlan(name, strings.NewReader(defaultPlan()))
	}
	for _, err := range errs {
		fmt.Fprintf(stderr, "analyze batch: %v\n", err)
	}
	if *list {
		for _, j := range jobs {
			fmt.Fprintf(stdout, "analyze %s\n", j.text)
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

	if *asJSON {
		*quiet = true
	}
	jobOut := stdout
	if *quiet {
		jobOut = io.Discard
	}
	enc := json.NewEncoder(stdout)
	start := time.Now()
	failed, ran := 0, 0
	interrupted := false
	for i := range jobs {
		j := &jobs[i]
		if ctx.Err() != nil {
			interrupted = true
			break
		}
		for k, a := range j.args {
			a = strings.ReplaceAll(a, "${WORK}", work)
			j.args[k] = strings.ReplaceAll(a, "$WORK", work)
		}
		if !*asJSON {
			fmt.Fprintf(stdout, "== [%d/%d] analyze %s\n", i+1, len(jobs), j.text)
		}
		t0 := time.Now()
		j.exit = dispatch(ctx, j.args, jobOut, stderr)
		j.seconds = time.Since(t0).Seconds()
		ran++
		switch {
		case j.exit == cli.ExitOK:
			j.status = "ok"
		case ctx.Err() != nil:
			j.status = "interrupted"
			interrupted = true
		default:
			j.status = "FAILED"
			failed++
		}
		if *asJSON {
			enc.Encode(map[string]any{"job": i + 1, "line": j.line, "command": "analyze " + j.text,
				"status": j.status, "exit": j.exit, "seconds": round(j.seconds)})
		} else {
			fmt.Fprintf(stdout, "== [%d/%d] %s in %s\n\n", i+1, len(jobs), j.status, fmtDuration(j.seconds))
		}
		if interrupted {
			break
		}
	}
	total := time.Since(start).Seconds()
	if *asJSON {
		enc.Encode(map[string]any{"summary": true, "plan": name, "jobs": len(jobs), "ran": ran,
			"failed": failed, "interrupted": interrupted, "seconds": round(total)})
	} else {
		tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintf(tw, "#\tstatus\ttime\tcommand\n")
		for i, j := range jobs[:ran] {
			fmt.Fprintf(tw, "%d\t%s\t%s\tanalyze %s\n", i+1, j.status, fmtDuration(j.seconds), j.text)
		}
		tw.Flush()
		fmt.Fprintf(stdout, "batch: %s, %d of %d jobs run, %d failed, %s in all\n", name, ran, len(jobs), failed, fmtDuration(total))
	}
	switch {
	case interrupted:
		fmt.Fprintf(stderr, "analyze batch: interrupted after %d of %d jobs\n", ran, len(jobs))
		return cli.ExitInterrupted
	case failed > 0 || len(errs) > 0:
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

// maxJobLine bounds a job line of a plan; comments and blank lines may be any length.
const maxJobLine = 64 << 10

// parsePlan splits a plan into jobs; a line that cannot be split, is too long or would
// recurse into batch is an error naming the plan and line, and the other lines still
// run. Lines of any length are read in bounded memory.
func parsePlan(name string, r io.Reader) ([]job, []error) {
	var jobs []job
	var errs []error
	lr := fileio.NewLineReader(fileio.NewTextReader(r, "a plan"), maxJobLine+1)
	for {
		b, n, size, ok := lr.Next()
		if !ok {
			break
		}
		line := strings.TrimSpace(string(b))
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if size > maxJobLine {
			errs = append(errs, fmt.Errorf("%s:%d: a job line of %d bytes is longer than %d: %q", name, n, size, maxJobLine, fileio.Prefix([]byte(line), 40)))
			continue
		}
		args, err := cli.SplitCommand(line)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s:%d: %v", name, n, err))
			continue
		}
		if len(args) > 0 && args[0] == "analyze" {
			args = args[1:]
		}
		if len(args) == 0 {
			errs = append(errs, fmt.Errorf("%s:%d: no command after \"analyze\"", name, n))
			continue
		}
		if args[0] == "batch" {
			errs = append(errs, fmt.Errorf("%s:%d: a plan cannot run batch", name, n))
			continue
		}
		jobs = append(jobs, job{line: int(n), text: strings.TrimSpace(strings.TrimPrefix(line, "analyze ")), args: args})
	}
	if err := lr.Err(); err != nil {
		errs = append(errs, fmt.Errorf("%s: %v", name, fileio.Cause(err)))
	}
	return jobs, errs
}

func round(s float64) float64 { return float64(int64(s*1e6)) / 1e6 }

func fmtDuration(s float64) string {
	d := time.Duration(s * float64(time.Second))
	switch {
	case d < time.Millisecond:
		return d.Round(time.Microsecond).String()
	case d < time.Second:
		return d.Round(10 * time.Microsecond).String()
	default:
		return d.Round(time.Millisecond).String()
	}
}
