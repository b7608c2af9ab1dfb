// Package batch reads and runs plans of command lines: one job per line, split as a
// shell would, each run in turn with its exit status and wall time, then a summary.
package batch

import (
	"fmt"
	"io"
	"strings"

	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/fileio/textin"
)

// MaxLine bounds a job line of a plan; comments and blank lines may be any length.
const MaxLine = 64 << 10

// Job is one line of a plan and, once run, its outcome.
type Job struct {
	Line    int      // line number in the plan, from 1
	Text    string   // the command line without the program's name
	Args    []string // Text split into arguments
	Status  string   // after Run: "ok", "FAILED" or "interrupted"
	Exit    int      // after Run: the exit status
	Seconds float64  // after Run: the wall time
}

// Plan says whose command lines a plan holds: Prog is the program's name, which a line
// may start with ("analyze"), and Self the command that runs plans ("batch"), refused
// in a plan so that plans cannot recurse.
type Plan struct {
	Prog, Self string
}

// Parse reads the plan named name from r: blank lines and lines starting with # are
// skipped. A line that cannot be split, is longer than MaxLine, has no command or would
// run Self is an error naming the plan and line, and the other lines are still
// returned. Lines of any length are read in bounded memory.
func (p Plan) Parse(name string, r io.Reader) ([]Job, []error) {
	var jobs []Job
	var errs []error
	lr := fileio.NewLineReader(textin.NewReader(r, "a plan"), MaxLine+1)
	for {
		b, n, size, ok := lr.Next()
		if !ok {
			break
		}
		line := strings.TrimSpace(string(b))
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if size > MaxLine {
			errs = append(errs, fmt.Errorf("%s:%d: a job line of %d bytes is longer than %d: %q", name, n, size, MaxLine, fileio.Prefix([]byte(line), 40)))
			continue
		}
		args, err := Split(line)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s:%d: %v", name, n, err))
			continue
		}
		if len(args) > 0 && args[0] == p.Prog {
			args = args[1:]
		}
		if len(args) == 0 {
			errs = append(errs, fmt.Errorf("%s:%d: no command after %q", name, n, p.Prog))
			continue
		}
		if args[0] == p.Self {
			errs = append(errs, fmt.Errorf("%s:%d: a plan cannot run %s", name, n, p.Self))
			continue
		}
		jobs = append(jobs, Job{Line: int(n), Text: strings.TrimSpace(strings.TrimPrefix(line, p.Prog+" ")), Args: args})
	}
	if err := lr.Err(); err != nil {
		errs = append(errs, fmt.Errorf("%s: %v", name, fileio.Cause(err)))
	}
	return jobs, errs
}
