package batch

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
)

var testPlan = Plan{Prog: "prog", Self: "batch"}

func TestParse(t *testing.T) {
	in := "# comment\n\nprog version\nhelp 'a b'\nbatch x\n'open\nprog\n" + strings.Repeat("x", MaxLine+1) + "\n\tlast  \n"
	jobs, errs := testPlan.Parse("plan.txt", strings.NewReader(in))
	want := []Job{{Line: 3, Text: "version", Args: []string{"version"}}, {Line: 4, Text: "help 'a b'", Args: []string{"help", "a b"}},
		{Line: 9, Text: "last", Args: []string{"last"}}}
	if !reflect.DeepEqual(jobs, want) {
		t.Errorf("jobs = %+v, want %+v", jobs, want)
	}
	var msgs []string
	for _, err := range errs {
		msgs = append(msgs, err.Error())
	}
	wantErrs := []string{"plan.txt:5: a plan cannot run batch", "plan.txt:6: unterminated single quote at byte 1",
		`plan.txt:7: no command after "prog"`, fmt.Sprintf("plan.txt:8: a job line of %d bytes is longer than %d", MaxLine+1, MaxLine)}
	if len(msgs) != len(wantErrs) {
		t.Fatalf("errors = %q, want %q", msgs, wantErrs)
	}
	for i, w := range wantErrs {
		if !strings.HasPrefix(msgs[i], w) {
			t.Errorf("error %d = %q, want it to start %q", i, msgs[i], w)
		}
	}
}

func TestRun(t *testing.T) {
	jobs, _ := testPlan.Parse("p", strings.NewReader("ok $WORK/a\nfail\nok ${WORK}\n"))
	var got [][]string
	exec := func(ctx context.Context, args []string, out, _ io.Writer) int {
		got = append(got, args)
		fmt.Fprintln(out, "output of", args[0])
		if args[0] == "fail" {
			return 1
		}
		return 0
	}
	var out bytes.Buffer
	s := testPlan.Run(context.Background(), "p", jobs, exec, &out, io.Discard, Options{Work: "/w"})
	if s.Ran != 3 || s.Failed != 1 || s.Interrupted {
		t.Fatalf("summary %+v", s)
	}
	if want := [][]string{{"ok", "/w/a"}, {"fail"}, {"ok", "/w"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("args %q, want %q", got, want)
	}
	text := out.String()
	for _, w := range []string{"== [1/3] prog ok $WORK/a\noutput of ok\n== [1/3] ok in ", "== [2/3] FAILED in ", "#  status  time", "batch: p, 3 of 3 jobs run, 1 failed, "} {
		if !strings.Contains(text, w) {
			t.Errorf("output lacks %q:\n%s", w, text)
		}
	}
	// JSON: one object per job and a summary, no job output; a cancelled context
	// stops the run before the next job.
	ctx, cancel := context.WithCancel(context.Background())
	out.Reset()
	s = testPlan.Run(ctx, "p", jobs, func(ctx context.Context, args []string, out, _ io.Writer) int {
		cancel()
		return 130
	}, &out, io.Discard, Options{JSON: true})
	if s.Ran != 1 || !s.Interrupted || jobs[0].Status != "interrupted" {
		t.Fatalf("interrupted run: %+v, job %+v", s, jobs[0])
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("JSON lines %q", lines)
	}
	var last map[string]any
	if err := json.Unmarshal([]byte(lines[1]), &last); err != nil || last["summary"] != true || last["ran"] != 1.0 {
		t.Fatalf("summary line %q: %v", lines[1], err)
	}
}

// TestRunJobOutput: a job's output names the scratch directory $WORK, as its command
// line does (the directory is gone when the run ends), even when the path is split
// across writes, and leaves other paths that start the same alone; each line a job writes on stderr starts with its number, as its
// header on stdout does.
func TestRunJobOutput(t *testing.T) {
	const work = "/tmp/boardlab-batch-123"
	jobs, _ := testPlan.Parse("p", strings.NewReader("gen $WORK/a\nperft 2\n"))
	exec := func(ctx context.Context, args []string, out, errOut io.Writer) int {
		if args[0] == "gen" {
			for _, w := range []string{"wrote /tmp/boardlab-", "batch-123/a/1.txt\n", "/tmp/boardlab-batch-1234 /tmp/b", "\n{\"path\":\"" + work + "\"}\n/tmp/boardlab-bat"} {
				io.WriteString(out, w)
			}
			io.WriteString(errOut, "gen: 1 file in "+work+"/a\n")
			return 0
		}
		io.WriteString(errOut, "perft 2: 1ms\nsecond line")
		return 0
	}
	var out, errOut bytes.Buffer
	testPlan.Run(context.Background(), "p", jobs, exec, &out, &errOut, Options{Work: work})
	wantOut := "== [1/2] prog gen $WORK/a\nwrote $WORK/a/1.txt\n/tmp/boardlab-batch-1234 /tmp/b\n{\"path\":\"$WORK\"}\n/tmp/boardlab-bat== [1/2] ok in "
	if !strings.HasPrefix(out.String(), wantOut) {
		t.Errorf("stdout:\n%s\nwant it to start\n%s", out.String(), wantOut)
	}
	if want := "[1/2] gen: 1 file in $WORK/a\n[2/2] perft 2: 1ms\n[2/2] second line\n"; errOut.String() != want {
		t.Errorf("stderr %q, want %q", errOut.String(), want)
	}
}

func TestDuration(t *testing.T) {
	for s, want := range map[float64]string{0.0000123: "12µs", 0.0123456: "12.35ms", 1.23456: "1.235s"} {
		if got := Duration(s); got != want {
			t.Errorf("Duration(%v) = %q, want %q", s, got, want)
		}
	}
}
