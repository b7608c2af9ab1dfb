package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/engine/uttt/search"
	wythoffbulk "github.com/boardlab/boardlab/engine/wythoff/bulk"
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
	out, _, code = analyze(t, "", "version", "-v")
	if code != 0 || !strings.Contains(out, "cpu:") || !strings.Contains(out, "x86-64 level") && !strings.Contains(out, "arch:") {
		t.Fatalf("version -v: code %d, out %q", code, out)
	}
	onOff := map[bool]string{true: "on", false: "off"}
	wantAsm := fmt.Sprintf("assembly: goban text parser (AVX2, BMI2) %s; wythoff move passes (AVX-512) %s; uttt network (AVX2) %s\n",
		onOff[goban.AsmParser()], onOff[wythoffbulk.AsmPasses()], onOff[search.NetAsm()])
	if !strings.Contains(out, wantAsm) {
		t.Fatalf("version -v: no line %q in %q", wantAsm, out)
	}
	out, _, code = analyze(t, "", "version", "--json", "-v")
	var v map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &v) != nil || v["machine"] == nil || v["assembly"] == nil {
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
		"---------", "---------", "---------", "---------", "---------", "---------", "---------", "---------", "11")
	if code != 0 || len(strings.TrimSpace(out)) != 2 || strings.TrimSpace(out)[0] != '1' {
		t.Fatalf("bot with the seed's 0 for O: code %d, out %q, stderr %q", code, out, errOut)
	}
}

// TestHelpGoesToStdout: every way of asking for help prints on stdout with status 0;
// errors go to stderr with status 2.
func TestHelpGoesToStdout(t *testing.T) {
	for _, args := range [][]string{
		{"-h"}, {"--help"}, {"help"}, {"help", "goban"}, {"help", "goban", "score"},
		{"goban", "score", "-h"}, {"goban", "score", "--help"}, {"goban", "help", "score"},
		{"wythoff", "move", "-h"}, {"uttt", "search", "-h"}, {"batch", "-h"}, {"help", "batch"},
		{"version", "-h"}, {"qttt", "score", "x", "--help"},
	} {
		out, errOut, code := analyze(t, "", args...)
		if code != 0 || !strings.HasPrefix(out, "usage: analyze") || errOut != "" {
			t.Errorf("%q: code %d, stdout %.60q, stderr %q", args, code, out, errOut)
		}
	}
	out, _, _ := analyze(t, "", "help", "goban", "score")
	if !strings.Contains(out, "usage: analyze goban score") {
		t.Errorf("help goban score printed %.80q", out)
	}
	for _, args := range [][]string{{"-v"}, {"--version"}, {"version"}} {
		out, _, code := analyze(t, "", args...)
		if code != 0 || !strings.HasPrefix(out, "analyze ") || strings.Contains(out, "cpu:") {
			t.Errorf("%q: code %d, out %q (the CPU report only with version -v)", args, code, out)
		}
	}
}

// TestTypoFlagAfterFile: "goban score FILE --mpa" is a usage error naming the flag and
// the closest one, not a second file.
func TestTypoFlagAfterFile(t *testing.T) {
	f := filepath.Join(t.TempDir(), "b.txt")
	os.WriteFile(f, []byte("..B\n.BW\nBW.\n"), 0o644)
	out, errOut, code := analyze(t, "", "goban", "score", f, "--mpa")
	if code != cli.ExitUsage || out != "" || !strings.Contains(errOut, "unknown flag --mpa (did you mean --map?)") ||
		!strings.Contains(errOut, "run 'analyze goban score -h' for usage") || strings.Count(errOut, "\n") != 2 {
		t.Fatalf("code %d, stdout %q, stderr %q", code, out, errOut)
	}
	_, errOut, code = analyze(t, "", "uttt", "search", "--time", "100")
	if code != cli.ExitUsage || !strings.Contains(errOut, "a duration such as 100ms or 1s") {
		t.Fatalf("--time 100: code %d, stderr %q", code, errOut)
	}
	_, errOut, code = analyze(t, "", "--cpuprofil", "x", "version")
	if code != cli.ExitUsage || !strings.Contains(errOut, "did you mean --cpuprofile?") {
		t.Fatalf("global typo: code %d, stderr %q", code, errOut)
	}
	// -o and --out, -j and --jobs are one flag in every command.
	dir := t.TempDir()
	if _, errOut, code := analyze(t, "", "wythoff", "table", "-o", filepath.Join(dir, "t"), "3"); code != 0 {
		t.Fatalf("wythoff table -o: %d %s", code, errOut)
	}
	if _, errOut, code := analyze(t, "", "wythoff", "grundy", "--jobs", "1", "--out", filepath.Join(dir, "g"), "4"); code != 0 {
		t.Fatalf("wythoff grundy --jobs --out: %d %s", code, errOut)
	}
	if out, errOut, code := analyze(t, "", "uttt", "perft", "--jobs", "2", "2"); code != 0 || !strings.Contains(out, "720") {
		t.Fatalf("uttt perft --jobs: %d %q %s", code, out, errOut)
	}
}

// analyzeCtx is analyze with a context cancelled (a Ctrl-C) after settle. It fails
// the test if the run has not returned within the liveness deadline of the cancel.
func analyzeCtx(t *testing.T, settle time.Duration, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	o, e := &syncBuffer{}, &syncBuffer{}
	done := make(chan int, 1)
	go func() { done <- run(ctx, args, o, e) }()
	select {
	case code = <-done:
		t.Fatalf("%v returned %d before the cancel; stdout %q, stderr %q", args, code, o, e)
	case <-time.After(settle):
	}
	cancel()
	code = awaitCancelled(t, done, args)
	return o.String(), e.String(), code
}

// awaitCancelled returns the exit status a cancelled run sends on done, failing the
// test if it has not come within the liveness deadline.
func awaitCancelled(t *testing.T, done <-chan int, args []string) int {
	t.Helper()
	select {
	case code := <-done:
		return code
	case <-time.After(liveness):
		t.Fatalf("%v: still running %v after the cancel", args, liveness)
	}
	return 0
}

// TestBatchLongLines: a 2 MB comment line does not stop the later jobs; an over-long
// job line is reported by number with a short prefix and the others still run.
func TestBatchLongLines(t *testing.T) {
	plan := "version\n# " + strings.Repeat("c", 2<<20) + "\nversion\n" + "version " + strings.Repeat("x", 100<<10) + "\nversion\n"
	out, errOut, code := analyze(t, plan, "batch", "-q", "-")
	if code != cli.ExitFail || !strings.Contains(out, "3 of 3 jobs run, 0 failed") {
		t.Fatalf("code %d, out:\n%s\nstderr: %.300s", code, out, errOut)
	}
	if !strings.Contains(errOut, "stdin:4: a job line of 102408 bytes is longer than 65536") || len(errOut) > 300 {
		t.Fatalf("long job line not reported briefly: %.400q", errOut)
	}
}

// TestInterruptedFIFO: a FIFO that never gets data waits for ever, yet Ctrl-C stops the
// run, with what was already done written (goban score) or reported (batch).
func TestInterruptedFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	a, c := filepath.Join(dir, "a.txt"), filepath.Join(dir, "c.txt")
	os.WriteFile(a, []byte("..B\n.BW\nBW.\n"), 0o644)
	os.WriteFile(c, []byte("B\n"), 0o644)
	// a.txt must be scored before the cancel: a cancel that comes sooner is tried again
	// later.
	var out, errOut string
	var code int
	for settle := 200 * time.Millisecond; ; settle *= 4 {
		out, errOut, code = analyzeCtx(t, settle, "goban", "score", a, fifo, c)
		if strings.Contains(out, "a.txt\tJigo") || settle > 10*time.Second {
			break
		}
		t.Logf("cancelled after %v, before a.txt was scored: trying again later", settle)
	}
	if code != cli.ExitInterrupted || !strings.Contains(out, "a.txt\tJigo") ||
		!strings.Contains(errOut, "fifo: interrupted") {
		t.Fatalf("goban score with a FIFO: code %d, out %q, stderr %q", code, out, errOut)
	}
	_, errOut, code = analyzeCtx(t, 200*time.Millisecond, "batch", fifo)
	if code != cli.ExitInterrupted {
		t.Fatalf("batch FIFO: code %d, stderr %q", code, errOut)
	}
	_, errOut, code = analyzeCtx(t, 200*time.Millisecond, "qttt", "score", fifo)
	if code != cli.ExitInterrupted {
		t.Fatalf("qttt score FIFO: code %d, stderr %q", code, errOut)
	}
}

// TestOutputDirectoryRefused: --out onto an existing directory fails at once.
func TestOutputDirectoryRefused(t *testing.T) {
	dir := t.TempDir()
	_, errOut, code := analyze(t, "", "wythoff", "grundy", "--out", dir, "64")
	if code != cli.ExitUsage || !strings.Contains(errOut, "is a directory") {
		t.Fatalf("code %d, stderr %q", code, errOut)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("left %v", ents)
	}
}

// TestSymlinkedDirectoryArgument: a symlink to a directory is walked (it was once
// skipped with exit 0); a dangling link and a FIFO inside are reported in place, the
// other boards still scored, exit 1.
func TestSymlinkedDirectoryArgument(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "boards")
	os.Mkdir(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("..B\n.BW\nBW.\n"), 0o644)
	link := filepath.Join(root, "speclink")
	os.Symlink(dir, link)
	out, errOut, code := analyze(t, "", "goban", "score", link)
	if code != 0 || !strings.Contains(out, "Jigo") {
		t.Fatalf("symlink to a directory: code %d, out %q, stderr %q", code, out, errOut)
	}
	os.Symlink("gone.txt", filepath.Join(dir, "b.txt"))
	if err := syscall.Mkfifo(filepath.Join(dir, "c.fifo"), 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	out, errOut, code = analyze(t, "", "goban", "score", link)
	if code != cli.ExitFail || !strings.Contains(out, "a.txt\tJigo") ||
		!strings.Contains(errOut, "b.txt: dangling symbolic link") || !strings.Contains(errOut, "c.fifo: not a regular file (a named pipe") {
		t.Fatalf("dangling link and FIFO: code %d, out %q, stderr %q", code, out, errOut)
	}
}

// TestEndlessInputRefused: /dev/zero given to goban score is refused (its first NUL byte
// marks binary data, before any memory is held), and the good board after it is still
// scored (a fatal out-of-memory trace once lost good.txt).
func TestEndlessInputRefused(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	old := debug.SetMemoryLimit(64 << 20) // as GOMEMLIMIT=64MiB: streams up to 8 MiB
	defer debug.SetMemoryLimit(old)
	good := filepath.Join(t.TempDir(), "good.txt")
	os.WriteFile(good, []byte("..B\n.BW\nBW.\n"), 0o644)
	out, errOut, code := analyze(t, "", "goban", "score", "/dev/zero", good)
	if code != cli.ExitFail || !strings.Contains(out, "good.txt\tJigo") || !strings.Contains(errOut, "/dev/zero: binary data, not a board: NUL byte at offset 0") {
		t.Fatalf("code %d, out %q, stderr %q", code, out, errOut)
	}
}

// TestBatchBinaryPlan: a plan holding a NUL byte (/dev/zero, a binary file) stops there
// with the offset named, instead of reading an endless line; the text before it runs.
func TestBatchBinaryPlan(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err == nil {
		_, errOut, code := runArgs(t, "batch", "--list", "/dev/zero")
		if code != cli.ExitFail || !strings.Contains(errOut, "/dev/zero: binary data, not a plan: NUL byte at offset 0") {
			t.Errorf("batch /dev/zero: exit %d, %q", code, errOut)
		}
	}
	out, errOut, code := analyze(t, "version\nversion\x00version\n", "batch", "-q", "-")
	if code != cli.ExitFail || !strings.Contains(out, "2 of 2 jobs run, 0 failed") || !strings.Contains(errOut, "NUL byte at offset 15") {
		t.Errorf("plan with a NUL byte: exit %d, out %q, stderr %q", code, out, errOut)
	}
}
