package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
)

// analyze runs a command line in-process with the given standard input.
func analyze(t *testing.T, in string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	old := stdin
	stdin = strings.NewReader(in)
	defer func() { stdin = old }()
	var o, e bytes.Buffer
	code = run(context.Background(), args, &o, &e)
	return o.String(), e.String(), code
}

func TestHelpAndVersion(t *testing.T) {
	out, _, code := analyze(t, "", "help")
	if code != 0 || !strings.Contains(out, "batch") || !strings.Contains(out, "goban") {
		t.Fatalf("help: code %d, out %q", code, out)
	}
	out, _, code = analyze(t, "", "version")
	if code != 0 || !strings.Contains(out, "cpu:") || !strings.Contains(out, "x86-64 level") && !strings.Contains(out, "arch:") {
		t.Fatalf("version: code %d, out %q", code, out)
	}
	out, _, code = analyze(t, "", "version", "--json")
	var v map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &v) != nil || v["machine"] == nil {
		t.Fatalf("version --json: code %d, out %q", code, out)
	}
	if _, errOut, code := analyze(t, "", "nosuch"); code != cli.ExitUsage || !strings.Contains(errOut, "nosuch") {
		t.Fatalf("unknown command: code %d, stderr %q", code, errOut)
	}
	if _, _, code := analyze(t, ""); code != cli.ExitUsage {
		t.Fatalf("no command: code %d", code)
	}
	for _, g := range groups {
		if out, _, code := analyze(t, "", g.name, "help"); code != 0 || !strings.Contains(out, "usage: analyze "+g.name) {
			t.Errorf("%s help: code %d, out %q", g.name, code, out)
		}
	}
}

func TestBatchPlan(t *testing.T) {
	plan := "# comment\n\nanalyze version\nhelp\nbatch\n'unterminated\nnosuch\n"
	out, errOut, code := analyze(t, plan, "batch", "-")
	if code != cli.ExitFail {
		t.Fatalf("code %d, want 1", code)
	}
	for _, want := range []string{"stdin:5: a plan cannot run batch", "stdin:6: unterminated single quote", `unknown command "nosuch"`} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	if !strings.Contains(out, "3 of 3 jobs run, 1 failed") {
		t.Errorf("summary wrong:\n%s", out)
	}
	out, _, code = analyze(t, "version\n", "batch", "--json", "-")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 2 {
		t.Fatalf("--json: code %d, out %q", code, out)
	}
	for _, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("not JSON: %q", l)
		}
	}
}

func TestBatchWorkDir(t *testing.T) {
	// $WORK is expanded in arguments; the directory is gone afterwards.
	out, _, code := analyze(t, "analyze version --json\nhelp $WORK\n", "batch", "-")
	if code != cli.ExitFail { // "help $WORK" names an unknown command
		t.Fatalf("code %d\n%s", code, out)
	}
}

func TestDefaultPlanRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every engine's default job")
	}
	out, errOut, code := analyze(t, "", "batch", "-q")
	if code != 0 {
		t.Fatalf("default plan: code %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
}

func TestProfiles(t *testing.T) {
	dir := t.TempDir()
	cpu, mem := filepath.Join(dir, "cpu.pprof"), filepath.Join(dir, "mem.pprof")
	_, errOut, code := analyze(t, "", "--cpuprofile", cpu, "--memprofile", mem, "version")
	if code != 0 {
		t.Fatalf("code %d: %s", code, errOut)
	}
	for _, p := range []string{cpu, mem} {
		if fi, err := os.Stat(p); err != nil || fi.Size() == 0 {
			t.Errorf("profile %s missing or empty: %v", p, err)
		}
	}
}

// TestDashArgumentsAfterPositionals: boards written with O as the digit 0 ("-0-------")
// and all-empty boards ("---------") are arguments, not flags, wherever they stand.
func TestDashArgumentsAfterPositionals(t *testing.T) {
	out, errOut, code := analyze(t, "", "uttt", "bot", "--time", "50ms", "X", "--------X", "-0-------",
		"---------", "---------", "---------", "---------", "---------", "---------", "---------", "---------", "01")
	if code != 0 || len(strings.TrimSpace(out)) != 2 || strings.TrimSpace(out)[0] != '1' {
		t.Fatalf("bot with the seed's 0 for O: code %d, out %q, stderr %q", code, out, errOut)
	}
}
