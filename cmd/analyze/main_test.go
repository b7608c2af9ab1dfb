package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMain lets the test binary stand in for analyze: with BOARDLAB_RUN_MAIN=1 it runs
// the command line in os.Args, with =hang a command that ignores Ctrl-C.
func TestMain(m *testing.M) {
	switch os.Getenv("BOARDLAB_RUN_MAIN") {
	case "1":
		os.Exit(runMain(run))
	case "hang":
		os.Exit(runMain(func(context.Context, []string, io.Writer, io.Writer) int { select {} }))
	}
	os.Exit(m.Run())
}

// startAnalyze starts the test binary as analyze with args.
func startAnalyze(t *testing.T, mode string, args ...string) (*exec.Cmd, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "BOARDLAB_RUN_MAIN="+mode)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &o, &e
}

// waitExit waits for cmd and returns its exit status and how long after since it took.
func waitExit(t *testing.T, cmd *exec.Cmd, since time.Time) (int, time.Duration) {
	t.Helper()
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatal("the process did not exit within 10 s of the signal")
	}
	return cmd.ProcessState.ExitCode(), time.Since(since)
}

// TestCtrlCStopsFIFORead: the real signal path. A command blocked on a FIFO that
// never gets a writer exits 130 within half a second of SIGINT, after printing what
// it finished.
func TestCtrlCStopsFIFORead(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	a := filepath.Join(dir, "a.txt")
	os.WriteFile(a, []byte("..B\n.BW\nBW.\n"), 0o644)
	cmd, out, errOut := startAnalyze(t, "1", "goban", "score", a, fifo)
	time.Sleep(300 * time.Millisecond)
	sent := time.Now()
	cmd.Process.Signal(os.Interrupt)
	code, took := waitExit(t, cmd, sent)
	if code != 130 || took > 500*time.Millisecond || !strings.Contains(out.String(), "a.txt\tJigo") {
		t.Fatalf("exit %d %v after SIGINT; stdout %q, stderr %q", code, took, out, errOut)
	}
}

// TestSecondCtrlCQuits: a command that does not stop is announced after half a second
// and a second Ctrl-C exits at once with status 130.
func TestSecondCtrlCQuits(t *testing.T) {
	cmd, _, errOut := startAnalyze(t, "hang")
	time.Sleep(200 * time.Millisecond)
	cmd.Process.Signal(os.Interrupt)
	time.Sleep(800 * time.Millisecond)
	sent := time.Now()
	cmd.Process.Signal(os.Interrupt)
	code, took := waitExit(t, cmd, sent)
	if code != 130 || took > 500*time.Millisecond || !strings.Contains(errOut.String(), "Ctrl-C again to quit at once") {
		t.Fatalf("exit %d %v after the second SIGINT; stderr %q", code, took, errOut)
	}
}

// TestCtrlCStopsStdinRead: a command reading a pipe on stdin that never gets data
// (wythoff move reads stdin directly) exits 130 within half a second of SIGINT.
func TestCtrlCStopsStdinRead(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	cmd := exec.Command(os.Args[0], "wythoff", "move")
	cmd.Env = append(os.Environ(), "BOARDLAB_RUN_MAIN=1")
	cmd.Stdin = r
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r.Close()
	time.Sleep(300 * time.Millisecond)
	sent := time.Now()
	cmd.Process.Signal(os.Interrupt)
	code, took := waitExit(t, cmd, sent)
	if code != 130 || took > 500*time.Millisecond {
		t.Fatalf("exit %d %v after SIGINT; stderr %q", code, took, errOut.String())
	}
}
