//go:build !linux

package sandbox

import (
	"context"
	"os"
	"time"
)

// Run runs argv and returns its output; off Linux only the bot itself is killed on
// overrun (no process groups).
func Run(ctx context.Context, dir string, argv []string, limit time.Duration, max int, _ bool) ([]byte, string, error) {
	out, err := runTurnPlain(ctx, dir, argv, limit, max)
	return out, "", err
}

func runTurnPlain(ctx context.Context, dir string, argv []string, limit time.Duration, max int) ([]byte, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	cmd := newCommand(dir, argv, w)
	deadline := time.Now().Add(limit)
	err = cmd.Start()
	w.Close()
	if err != nil {
		return nil, err
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	read := make(chan readResult, 1)
	go readCapped(r, max, read)
	timer := time.NewTimer(remaining(deadline))
	defer timer.Stop()
	var reason error
	select {
	case werr := <-exited:
		r.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
		res := <-read
		if werr != nil {
			if reason = CrashError(cmd.ProcessState); reason == nil {
				reason = werr
			}
		}
		return res.buf, reason
	case res := <-read:
		if res.over {
			cmd.Process.Kill()
			<-exited
			return res.buf, ErrFlood
		}
		select {
		case werr := <-exited:
			if werr != nil {
				if reason = CrashError(cmd.ProcessState); reason == nil {
					reason = werr
				}
			}
			return res.buf, reason
		case <-timer.C:
			reason = ErrTimeout
		case <-ctx.Done():
			reason = ctx.Err()
		}
		cmd.Process.Kill()
		<-exited
		return res.buf, reason
	case <-timer.C:
		reason = ErrTimeout
	case <-ctx.Done():
		reason = ctx.Err()
	}
	cmd.Process.Kill()
	<-exited
	r.SetReadDeadline(time.Now())
	res := <-read
	return res.buf, reason
}

// readBuffered reads nothing here: the platform's turns read their pipes to the end
// (see runTurn).
func readBuffered(r *os.File, p []byte) int { return 0 }
