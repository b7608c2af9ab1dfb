package sandbox

import (
	"context"
	"fmt"
	"os"
	"strings"
	"syscall"
	"time"
	"unsafe"
)

// drainGrace is how long the output pipe may stay open after the bot has exited and its
// process group was killed (only a process that left the group can hold it).
const drainGrace = 100 * time.Millisecond

// sandboxDrainGrace replaces drainGrace for sandboxed turns. There no process can
// outlive the turn's PID namespace to hold the pipes, so they reach EOF as soon as the
// reading goroutines run; the grace only bounds a wait that a loaded machine can
// stretch (at load 16 on 2 cores, 100 ms lost answers that were in the pipe).
const sandboxDrainGrace = 3 * time.Second

// Run runs argv in dir as one turn, in its own process group, and returns its stdout.
// The bot's turn ends when its process exits; then the whole group is killed, so nothing
// it started outlives the turn. On overrun of limit or more than max bytes of output the
// group is killed at once (ErrTimeout, ErrFlood). The last line the bot wrote on stderr
// is added to the error of a crash or an overrun. With scan, argv is a Sandbox.Command:
// the clock starts when the bot does (after at most StartGrace of set-up), the stderr
// line showing a failed access outside the bot's folder is returned too, and processes
// left running give ErrLeftRunning.
func Run(ctx context.Context, dir string, argv []string, limit time.Duration, max int, scan bool) ([]byte, string, error) {
	out, sc, err := runTurnScan(ctx, dir, argv, limit, max, scan)
	line := ""
	if sc != nil {
		line = sc.Violation()
		if sc.Left() != "" && ctx.Err() == nil {
			if _, n, ok := strings.Cut(sc.Left(), "leaving "); ok {
				err = fmt.Errorf("%w (%s)", ErrLeftRunning, strings.TrimSuffix(n, " running"))
			} else {
				err = ErrLeftRunning
			}
		}
	}
	return out, line, err
}

// runTurnScan is runTurn returning the scanner of stderr (nil without scan).
func runTurnScan(ctx context.Context, dir string, argv []string, limit time.Duration, max int, scan bool) ([]byte, *Scanner, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	defer r.Close()
	er, ew, err := os.Pipe()
	if err != nil {
		w.Close()
		return nil, nil, err
	}
	defer er.Close()
	cmd := newCommand(dir, argv, w)
	cmd.Stderr = ew
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	// A sandboxed turn's clock starts when the wrapper says the bot starts (a byte on
	// fd 3); until then the sandbox's set-up may take up to StartGrace.
	var started chan struct{}
	var sr, sw *os.File
	if scan {
		if sr, sw, err = os.Pipe(); err != nil {
			w.Close()
			ew.Close()
			return nil, nil, err
		}
		defer sr.Close()
		cmd.ExtraFiles = []*os.File{sw}
		started = make(chan struct{})
	}
	deadline := time.Now().Add(limit)
	err = cmd.Start()
	w.Close()
	ew.Close()
	if sw != nil {
		sw.Close()
	}
	if err != nil {
		return nil, nil, err
	}
	if started != nil {
		deadline = time.Now().Add(StartGrace + limit)
		go func() {
			var b [1]byte
			if n, _ := sr.Read(b[:]); n == 1 {
				close(started)
			}
		}()
	}
	var sc *Scanner
	grace := drainGrace
	if scan {
		sc = &Scanner{}
		grace = sandboxDrainGrace
	}
	stderr := make(chan []byte, 1)
	go readTail(er, StderrTail, sc, stderr)
	pid := cmd.Process.Pid
	exited := make(chan struct{})
	go func() {
		waitExitNoReap(pid)
		close(exited)
	}()
	read := make(chan readResult, 1)
	go readCapped(r, max, read)

	timer := time.NewTimer(remaining(deadline))
	defer timer.Stop()
	var res readResult
	haveRead := false
	var reason error
wait:
	for {
		select {
		case <-started:
			started = nil
			timer.Reset(limit)
		case <-exited:
			break wait
		case res = <-read:
			haveRead = true
			read = nil // stdout closed or flooded; keep waiting for the exit
			if res.over {
				reason = ErrFlood
				break wait
			}
		case <-timer.C:
			reason = ErrTimeout
			break wait
		case <-ctx.Done():
			reason = ctx.Err()
			break wait
		}
	}
	// The leader is not reaped yet, so its pid still names the group: kill the bot if it
	// still runs and whatever it left behind.
	syscall.Kill(-pid, syscall.SIGKILL)
	if !haveRead {
		r.SetReadDeadline(time.Now().Add(grace))
		res = <-read
	}
	er.SetReadDeadline(time.Now().Add(grace))
	tail := <-stderr
	werr := cmd.Wait()
	if reason == nil && werr != nil {
		reason = CrashError(cmd.ProcessState)
		if reason == nil {
			reason = werr
		}
	}
	if reason != nil && reason != ErrFlood && ctx.Err() == nil {
		reason = WithStderr(reason, tail)
	}
	return res.buf, sc, reason
}

// waitExitNoReap blocks until the process exits, leaving it a zombie (WNOWAIT) so its
// pid and process group id stay reserved until cmd.Wait reaps it.
func waitExitNoReap(pid int) {
	const pPID = 1 // P_PID
	var info [128]byte
	for {
		_, _, e := syscall.Syscall6(syscall.SYS_WAITID, pPID, uintptr(pid), uintptr(unsafe.Pointer(&info[0])),
			syscall.WEXITED|syscall.WNOWAIT, 0, 0)
		if e != syscall.EINTR {
			return
		}
	}
}

// readBuffered reads what is already in the pipe r without waiting, into p. A read
// whose deadline passed before it ran returns nothing, however much the bot wrote
// before it exited; on a loaded machine the reading goroutine can start that late.
func readBuffered(r *os.File, p []byte) int {
	rc, err := r.SyscallConn()
	if err != nil {
		return 0
	}
	got := 0
	rc.Control(func(fd uintptr) {
		for got < len(p) {
			n, err := syscall.Read(int(fd), p[got:]) // the pipe is non-blocking
			if n <= 0 || err != nil {
				return
			}
			got += n
		}
	})
	return got
}
