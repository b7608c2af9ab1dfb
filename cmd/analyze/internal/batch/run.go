package batch

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"
)

// Options say how Run reports.
type Options struct {
	Quiet bool   // discard the jobs' own output; print only timings and the summary
	JSON  bool   // one JSON line per job and a summary line instead of text (implies Quiet)
	Work  string // the directory that $WORK and ${WORK} stand for in the arguments
}

// Summary is what a Run did: the jobs run and failed, whether a cancelled context
// stopped it, and its wall time.
type Summary struct {
	Ran, Failed int
	Interrupted bool
	Seconds     float64
}

// Run runs jobs in order with exec, which gets a job's arguments and the writer for its
// output and returns its exit status, and fills in each job's outcome. Each job's output
// is printed on stdout under a header, then its timing; a table of the jobs run and a
// summary line end the run. A job that fails does not stop the others; a cancelled
// ctx does, after the running job.
func (p Plan) Run(ctx context.Context, name string, jobs []Job, exec func(ctx context.Context, args []string, stdout io.Writer) int, stdout io.Writer, o Options) Summary {
	jobOut := stdout
	if o.Quiet || o.JSON {
		jobOut = io.Discard
	}
	enc := json.NewEncoder(stdout)
	start := time.Now()
	var s Summary
	for i := range jobs {
		j := &jobs[i]
		if ctx.Err() != nil {
			s.Interrupted = true
			break
		}
		for k, a := range j.Args {
			a = strings.ReplaceAll(a, "${WORK}", o.Work)
			j.Args[k] = strings.ReplaceAll(a, "$WORK", o.Work)
		}
		if !o.JSON {
			fmt.Fprintf(stdout, "== [%d/%d] %s %s\n", i+1, len(jobs), p.Prog, j.Text)
		}
		t0 := time.Now()
		j.Exit = exec(ctx, j.Args, jobOut)
		j.Seconds = time.Since(t0).Seconds()
		s.Ran++
		switch {
		case j.Exit == 0:
			j.Status = "ok"
		case ctx.Err() != nil:
			j.Status = "interrupted"
			s.Interrupted = true
		default:
			j.Status = "FAILED"
			s.Failed++
		}
		if o.JSON {
			enc.Encode(map[string]any{"job": i + 1, "line": j.Line, "command": p.Prog + " " + j.Text,
				"status": j.Status, "exit": j.Exit, "seconds": round(j.Seconds)})
		} else {
			fmt.Fprintf(stdout, "== [%d/%d] %s in %s\n\n", i+1, len(jobs), j.Status, Duration(j.Seconds))
		}
		if s.Interrupted {
			break
		}
	}
	s.Seconds = time.Since(start).Seconds()
	if o.JSON {
		enc.Encode(map[string]any{"summary": true, "plan": name, "jobs": len(jobs), "ran": s.Ran,
			"failed": s.Failed, "interrupted": s.Interrupted, "seconds": round(s.Seconds)})
		return s
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "#\tstatus\ttime\tcommand\n")
	for i, j := range jobs[:s.Ran] {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s %s\n", i+1, j.Status, Duration(j.Seconds), p.Prog, j.Text)
	}
	tw.Flush()
	fmt.Fprintf(stdout, "%s: %s, %d of %d jobs run, %d failed, %s in all\n", p.Self, name, s.Ran, len(jobs), s.Failed, Duration(s.Seconds))
	return s
}

// round cuts s to whole microseconds.
func round(s float64) float64 { return float64(int64(s*1e6)) / 1e6 }

// Duration writes s seconds to a precision that suits its size: microseconds below a
// millisecond, 10 µs below a second, milliseconds above.
func Duration(s float64) string {
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
