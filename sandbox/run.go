package sandbox

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
)

// Errors a turn can end with besides a crash's exit status.
var (
	ErrTimeout = errors.New("no answer within the time limit")
	ErrFlood   = errors.New("too much output")
)

type readResult struct {
	buf  []byte
	over bool
}

// readCapped reads r until EOF, an error (a deadline) or more than max bytes.
func readCapped(r *os.File, max int, done chan<- readResult) {
	buf := make([]byte, 0, max+1)
	for len(buf) <= max {
		n, err := r.Read(buf[len(buf):cap(buf)])
		if errors.Is(err, os.ErrDeadlineExceeded) {
			n += readBuffered(r, buf[len(buf)+n:cap(buf)])
		}
		buf = buf[:len(buf)+n]
		if err != nil {
			done <- readResult{buf: buf, over: len(buf) > max}
			return
		}
	}
	done <- readResult{buf: buf, over: true}
}

// StderrTail is how many of the last bytes a bot wrote on stderr are kept for the
// record of a failed turn.
const StderrTail = 512

// readTail reads r until EOF or an error (a deadline), keeping the last max bytes, so
// a bot writing much on stderr is never blocked. A non-nil sc sees everything read.
func readTail(r *os.File, max int, sc *Scanner, done chan<- []byte) {
	tail := make([]byte, 0, 2*max)
	buf := make([]byte, 4096)
	for {
		n, err := r.Read(buf)
		if errors.Is(err, os.ErrDeadlineExceeded) {
			n += readBuffered(r, buf[n:])
		}
		if sc != nil && n > 0 {
			sc.Write(buf[:n])
		}
		tail = append(tail, buf[:n]...)
		if len(tail) > max {
			tail = append(tail[:0], tail[len(tail)-max:]...)
		}
		if err != nil {
			done <- tail
			return
		}
	}
}

// WithStderr adds the last line the bot wrote on stderr, if any, to err. A long line
// keeps its start and its end, where a shell's or a runtime's reason stands.
func WithStderr(err error, tail []byte) error {
	s := strings.TrimSpace(string(tail))
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = strings.TrimSpace(s[i+1:])
	}
	if s == "" {
		return err
	}
	if len(s) > 120 {
		s = s[:40] + "..." + s[len(s)-77:]
	}
	return fmt.Errorf("%w; stderr: %q", err, s)
}

// CrashError describes how a process ended when that was not a clean exit.
func CrashError(ps *os.ProcessState) error {
	if ps == nil || ps.Success() {
		return nil
	}
	return fmt.Errorf("crashed: %v", ps)
}

// newCommand prepares the command with stdout on w, stdin (and stderr, unless the caller
// sets it) on /dev/null.
func newCommand(dir string, argv []string, w *os.File) *exec.Cmd {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Stdout = w
	return cmd
}

// remaining returns the time left until deadline, at least a nanosecond so timers fire.
func remaining(deadline time.Time) time.Duration {
	d := time.Until(deadline)
	if d <= 0 {
		d = 1
	}
	return d
}
