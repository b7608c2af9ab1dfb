package batch

import (
	"bytes"
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

// Run runs jobs in order with exec, which gets a job's arguments and the writers for its
// output and diagnostics and returns its exit status, and fills in each job's outcome.
// Each job's output is printed on stdout under a header, then its timing; each line of
// its diagnostics goes to stderr after its number ("[3/32] "); in both the scratch
// directory is written $WORK, as in the command lines, since it is gone when the run
// ends. A table of the jobs run and a summary line end the run. A job that fails does
// not stop the others; a cancelled ctx does, after the running job.
func (p Plan) Run(ctx context.Context, name string, jobs []Job, exec func(ctx context.Context, args []string, stdout, stderr io.Writer) int, stdout, stderr io.Writer, o Options) Summary {
	out := stdout
	if o.Quiet || o.JSON {
		out = io.Discard
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
		jobOut := &jobWriter{w: out, work: o.Work}
		jobErr := &jobWriter{w: stderr, work: o.Work, prefix: fmt.Sprintf("[%d/%d] ", i+1, len(jobs)), bol: true}
		t0 := time.Now()
		j.Exit = exec(ctx, j.Args, jobOut, jobErr)
		j.Seconds = time.Since(t0).Seconds()
		jobOut.flush()
		jobErr.flush()
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

// jobWriter passes a job's output on to w with the scratch directory work written as
// $WORK (where the path ends: a longer name that starts the same is left alone), and
// with prefix at the start of each line when prefix is set.
type jobWriter struct {
	w      io.Writer
	work   string // "" for none
	prefix string
	bol    bool   // the next byte starts a line
	held   []byte // the end of what was written that may be, or end, the path
}

// Unwrap returns the writer the job's output goes to, so that a job can tell a terminal.
func (j *jobWriter) Unwrap() io.Writer { return j.w }

func (j *jobWriter) Write(p []byte) (int, error) {
	buf := p
	if len(j.held) > 0 {
		buf = append(j.held, p...)
	}
	n := j.emit(buf, false)
	j.held = append(j.held[:0:0], buf[n:]...)
	return len(p), nil
}

// flush writes what is held and ends a line left open by the job (with a prefix only).
func (j *jobWriter) flush() {
	j.emit(j.held, true)
	j.held = nil
	if j.prefix != "" && !j.bol {
		j.w.Write([]byte{'\n'})
		j.bol = true
	}
}

// emit writes buf with the replacements, up to where a path might still be continued
// by the next write (all of it when final), and returns how much of buf it consumed.
func (j *jobWriter) emit(buf []byte, final bool) int {
	var out []byte
	done := 0
	if j.work != "" {
		for i := 0; i < len(buf); {
			k := bytes.Index(buf[i:], []byte(j.work))
			if k < 0 {
				break
			}
			end := i + k + len(j.work)
			if end == len(buf) && !final {
				break // the next byte says whether the path ends here
			}
			if end < len(buf) && nameByte(buf[end]) {
				i = end
				continue
			}
			out = append(append(out, buf[done:i+k]...), "$WORK"...)
			done, i = end, end
		}
	}
	keep := 0
	if !final && j.work != "" {
		// The longest end of buf that starts the path (or is all of it) is held.
		for k := min(len(j.work), len(buf)-done); k > 0; k-- {
			if bytes.HasSuffix(buf, []byte(j.work[:k])) {
				keep = k
				break
			}
		}
	}
	if out == nil {
		j.write(buf[:len(buf)-keep]) // nothing replaced: no copy
	} else {
		j.write(append(out, buf[done:len(buf)-keep]...))
	}
	return len(buf) - keep
}

// write writes b with the prefix at each line's start.
func (j *jobWriter) write(b []byte) {
	if j.prefix == "" {
		if len(b) > 0 {
			j.w.Write(b)
		}
		return
	}
	var out []byte
	for len(b) > 0 {
		if j.bol {
			out = append(out, j.prefix...)
			j.bol = false
		}
		line := b
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			line = b[:i+1]
			j.bol = true
		}
		out = append(out, line...)
		b = b[len(line):]
	}
	if len(out) > 0 {
		j.w.Write(out)
	}
}

// nameByte reports whether c can continue a file name (so the path before it is
// another one).
func nameByte(c byte) bool {
	return c == '.' || c == '-' || c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}
