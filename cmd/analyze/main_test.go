package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/boardlab/boardlab/fileio"
)

// TestMain lets the test binary stand in for analyze: with BOARDLAB_RUN_MAIN=1 it runs
// the command line in os.Args, with =hang-output a command that ignores Ctrl-C with an
// output file half-written.
func TestMain(m *testing.M) {
	switch os.Getenv("BOARDLAB_RUN_MAIN") {
	case "1":
		os.Exit(runMain(run))
	case "hang-output":
		// A command that ignores Ctrl-C with an output file args[0] half-written.
		os.Exit(runMain(func(_ context.Context, args []string, stdout, _ io.Writer) int {
			out, err := fileio.CreateOutput(args[0], stdout)
			if err != nil {
				return 1
			}
			out.WriteString("half")
			out.Flush()
			select {}
		}))
	}
	os.Exit(m.Run())
}

// liveness is how long a process gets to do what a test waits for: far beyond what
// any machine needs, so that only a process that never does it fails.
const liveness = 30 * time.Second

// syncBuffer is a bytes.Buffer that a test may read while the child writes to it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// waitFor polls until cond holds, failing the test after the liveness deadline.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(liveness)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not seen within %v", what, liveness)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// child is the test binary started as analyze.
type child struct {
	cmd         *exec.Cmd
	out, errOut *syncBuffer
	done        chan struct{}
}

// startAnalyze starts the test binary as analyze with args; stdin, when not nil,
// becomes its standard input.
func startAnalyze(t *testing.T, mode string, stdin *os.File, args ...string) *child {
	t.Helper()
	c := &child{cmd: exec.Command(os.Args[0], args...), out: &syncBuffer{}, errOut: &syncBuffer{}, done: make(chan struct{})}
	c.cmd.Env = append(os.Environ(), "BOARDLAB_RUN_MAIN="+mode)
	c.cmd.Stdout, c.cmd.Stderr = c.out, c.errOut
	if stdin != nil {
		c.cmd.Stdin = stdin
	}
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { c.cmd.Wait(); close(c.done) }()
	t.Cleanup(func() {
		c.cmd.Process.Kill()
		<-c.done
	})
	return c
}

// exited reports whether the child has exited.
func (c *child) exited() bool {
	select {
	case <-c.done:
		return true
	default:
		return false
	}
}

// wait waits for the child to exit, failing the test after the liveness deadline, and
// returns its exit status.
func (c *child) wait(t *testing.T) int {
	t.Helper()
	select {
	case <-c.done:
	case <-time.After(liveness):
		c.cmd.Process.Kill()
		<-c.done
		t.Fatalf("the process did not exit within %v; stderr %q", liveness, c.errOut)
	}
	return c.cmd.ProcessState.ExitCode()
}

// uncaught reports whether the child was ended by a signal itself (SIGINT, SIGTERM):
// as documented, a signal in a command's first moments (before its handler is set up)
// ends it as an uncaught one would.
func (c *child) uncaught() bool {
	ws, ok := c.cmd.ProcessState.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled()
}

// interrupted starts a child with start, sends it SIGINT after settle and returns it
// once it has exited with its status. A child that the signal reached too early, before
// its handler was set up or before it had done what finished says it should have done
// first, is started again with four times the settle time, up to five tries.
func interrupted(t *testing.T, start func() *child, finished func(*child) bool) (*child, int) {
	t.Helper()
	return signalled(t, os.Interrupt, start, finished)
}

// signalled is interrupted with the signal sig (SIGINT or SIGTERM).
func signalled(t *testing.T, sig os.Signal, start func() *child, finished func(*child) bool) (*child, int) {
	t.Helper()
	settle := 300 * time.Millisecond
	for try := 1; ; try++ {
		c := start()
		time.Sleep(settle)
		if c.exited() {
			t.Fatalf("the child exited %d before the signal; stderr %q", c.cmd.ProcessState.ExitCode(), c.errOut)
		}
		c.cmd.Process.Signal(sig)
		code := c.wait(t)
		if (!c.uncaught() && finished(c)) || try == 5 {
			return c, code
		}
		t.Logf("try %d: %v after %v came too early (exit %d, stdout %q), starting again", try, sig, settle, code, c.out)
		settle *= 4
	}
}

func always(*child) bool { return true }

// TestCtrlCStopsFIFORead: the real signal path. A command blocked on a FIFO that
// never gets a writer exits 130 after SIGINT (it would wait for ever without it),
// after printing what it finished.
func TestCtrlCStopsFIFORead(t *testing.T) {
	a, fifo := boardAndFIFO(t, t.TempDir())
	c, code := interrupted(t, func() *child { return startAnalyze(t, "1", nil, "goban", "score", a, fifo) },
		func(c *child) bool { return strings.Contains(c.out.String(), "a.txt\tJigo") })
	if code != 130 || !strings.Contains(c.out.String(), "a.txt\tJigo") {
		t.Fatalf("exit %d after SIGINT; stdout %q, stderr %q", code, c.out, c.errOut)
	}
}

// boardAndFIFO makes in dir a board file a.txt (jigo) and a FIFO nobody writes to,
// unblocked at the test's end; it skips the test where FIFOs cannot be made.
func boardAndFIFO(t *testing.T, dir string) (board, fifo string) {
	t.Helper()
	fifo = filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	t.Cleanup(func() {
		// Unblock any reader left waiting in open.
		if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	})
	board = filepath.Join(dir, "a.txt")
	os.WriteFile(board, []byte("..B\n.BW\nBW.\n"), 0o644)
	return board, fifo
}

// TestSecondCtrlCQuits: a command that does not stop is announced some time after the
// first Ctrl-C, and a second Ctrl-C makes it exit with status 130, leaving neither its
// half-written output nor the output's temporary file behind.
func TestSecondCtrlCQuits(t *testing.T) {
	dir := t.TempDir()
	settle := 300 * time.Millisecond
	for try := 1; ; try++ {
		c := startAnalyze(t, "hang-output", nil, filepath.Join(dir, "o.txt"))
		waitFor(t, "the temporary file", func() bool {
			m, _ := filepath.Glob(filepath.Join(dir, ".o.txt.tmp-*"))
			return len(m) > 0 || c.exited()
		})
		time.Sleep(settle)
		c.cmd.Process.Signal(os.Interrupt)
		waitFor(t, "the announcement", func() bool {
			return strings.Contains(c.errOut.String(), "Ctrl-C again to quit at once") || c.exited()
		})
		if c.exited() {
			if c.uncaught() && try < 5 {
				t.Logf("try %d: SIGINT came before the handler, starting again", try)
				settle *= 4
				continue
			}
			t.Fatalf("the hanging command exited %d at the first SIGINT; stderr %q", c.cmd.ProcessState.ExitCode(), c.errOut)
		}
		c.cmd.Process.Signal(os.Interrupt)
		if code := c.wait(t); code != 130 || !strings.Contains(c.errOut.String(), "quit at once") {
			t.Fatalf("exit %d after the second SIGINT; stderr %q", code, c.errOut)
		}
		if m, _ := filepath.Glob(filepath.Join(dir, "*o.txt*")); len(m) > 0 {
			t.Errorf("left behind: %v", m)
		}
		return
	}
}

// TestCtrlCStopsStdinRead: a command reading a pipe on stdin that never gets data
// (wythoff move reads stdin directly) exits 130 after SIGINT.
func TestCtrlCStopsStdinRead(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	defer r.Close()
	c, code := interrupted(t, func() *child { return startAnalyze(t, "1", r, "wythoff", "move") }, always)
	if code != 130 {
		t.Fatalf("exit %d after SIGINT; stderr %q", code, c.errOut)
	}
}
