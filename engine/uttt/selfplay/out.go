package selfplay

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"time"
)

// SyncEvery is how often Out flushes and fsyncs finished games to disk.
const SyncEvery = 200 * time.Millisecond

// Out appends games as JSON Lines to a file that may already hold games of the same
// match; lines are flushed and fsynced in small batches (every SyncEvery) and on Close.
type Out struct {
	f    *os.File
	w    *bufio.Writer
	last time.Time
	err  error
}

// OpenOut opens path for appending the games of m and returns the games it already
// holds, by index. A torn last line (an interrupted write) is cut off; a line of another
// match (other bots, seed or openings) or an unreadable line is an error naming it, and
// the file is left alone.
func OpenOut(path string, m *Match) (*Out, map[int]Game, error) {
	data, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		return nil, nil, err
	}
	done := make(map[int]Game)
	keep := bytes.LastIndexByte(data, '\n') + 1 // bytes up to the last full line
	want := Game{A: m.A.String(), B: m.B.String(), Seed: m.Seed, Openings: m.Openings}
	for ln, line := range bytes.Split(data[:keep], []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var g Game
		if err := json.Unmarshal(line, &g); err != nil {
			return nil, nil, fmt.Errorf("%s:%d: not a game record: %v", path, ln+1, err)
		}
		if g.A != want.A || g.B != want.B || g.Seed != want.Seed || g.Openings != want.Openings {
			return nil, nil, fmt.Errorf("%s:%d: holds a game of another match (a=%s b=%s seed=%d openings=%d); use another --out or the same settings",
				path, ln+1, g.A, g.B, g.Seed, g.Openings)
		}
		if _, dup := done[g.Index]; !dup {
			done[g.Index] = g
		}
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, err
	}
	if keep < len(data) {
		if err := f.Truncate(int64(keep)); err != nil {
			f.Close()
			return nil, nil, err
		}
	}
	if _, err := f.Seek(int64(keep), 0); err != nil {
		f.Close()
		return nil, nil, err
	}
	return &Out{f: f, w: bufio.NewWriterSize(f, 1<<16), last: time.Now()}, done, nil
}

// Write appends one game; the batch is synced when SyncEvery has passed.
func (o *Out) Write(g Game) error {
	if o.err != nil {
		return o.err
	}
	b, err := json.Marshal(g)
	if err != nil {
		return err
	}
	o.w.Write(append(b, '\n'))
	if time.Since(o.last) >= SyncEvery {
		o.err = o.Sync()
	}
	return o.err
}

// Sync flushes and fsyncs what was written.
func (o *Out) Sync() error {
	o.last = time.Now()
	if err := o.w.Flush(); err != nil {
		return err
	}
	return o.f.Sync()
}

// Close syncs and closes the file.
func (o *Out) Close() error {
	err := o.Sync()
	if cerr := o.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = o.err
	}
	return err
}
