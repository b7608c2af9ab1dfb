package tournament

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/boardlab/boardlab/sandbox"
)

// DefaultMaxOutput is how many bytes of output a bot may print in one turn; a valid
// answer is two digits and a newline, so more is garbage.
const DefaultMaxOutput = 256

// Errors a turn can end with besides a crash's exit status.
var (
	ErrTimeout = errors.New("no answer within the time limit")
	ErrFlood   = errors.New("too much output")
)

// Process is a bot run as an external command, once per turn: Argv plus the 12
// protocol arguments, in directory Dir, killed with every process it started when it
// overruns Limit or prints more than MaxOutput bytes.
type Process struct {
	Argv      []string
	Dir       string
	Limit     time.Duration
	MaxOutput int  // 0 means DefaultMaxOutput
	ZeroO     bool // write O as the digit 0 in the boards and MASTER, as the spec's example does

	// Sandbox, when set, runs every turn under bubblewrap with Folder (the bot's own
	// folder, "" for none) the only writable place and the folders in Hide (the other
	// bots') closed. A turn whose stderr shows a failed access outside the folder ends
	// with an error wrapping sandbox.ErrViolation.
	Sandbox *sandbox.Sandbox
	Folder  string
	Hide    []string
}

// Answer runs one turn and returns what the bot printed on stdout. The error is
// ErrTimeout, ErrFlood, a start failure, or a crash (an exit status other than 0 or a
// signal), in which case the output is still returned for the record.
func (p *Process) Answer(ctx context.Context, args []string) (string, error) {
	max := p.MaxOutput
	if max <= 0 {
		max = DefaultMaxOutput
	}
	argv := append(append([]string{}, p.Argv...), args...)
	if p.ZeroO && len(args) == 12 {
		for i := len(p.Argv) + 1; i < len(p.Argv)+11; i++ {
			argv[i] = strings.ReplaceAll(argv[i], "O", "0")
		}
	}
	if p.Sandbox == nil {
		out, _, err := runTurn(ctx, p.Dir, argv, p.Limit, max, false)
		return string(out), err
	}
	cg, err := p.Sandbox.NewCgroup()
	if err != nil {
		return "", err
	}
	out, violation, err := runTurn(ctx, p.Dir, p.Sandbox.Command(p.Dir, p.Folder, p.Hide, argv, cg), p.Limit, max, true)
	if _, cerr := sandbox.EndCgroup(cg); cerr != nil && err == nil {
		err = cerr
	}
	if violation != "" && ctx.Err() == nil {
		err = fmt.Errorf("%w; stderr: %q", sandbox.ErrViolation, violation)
	}
	return string(out), err
}

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

// stderrTail is how many of the last bytes a bot wrote on stderr are kept for the
// record of a failed turn.
const stderrTail = 512

// readTail reads r until EOF or an error (a deadline), keeping the last max bytes, so
// a bot writing much on stderr is never blocked. A non-nil sc sees everything read.
func readTail(r *os.File, max int, sc *sandbox.Scanner, done chan<- []byte) {
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

// withStderr adds the last line the bot wrote on stderr, if any, to err. A long line
// keeps its start and its end, where a shell's or a runtime's reason stands.
func withStderr(err error, tail []byte) error {
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

// crashError describes how a process ended when that was not a clean exit.
func crashError(ps *os.ProcessState) error {
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
