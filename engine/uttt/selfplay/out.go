package selfplay

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
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
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, err
	}
	done, keep, err := readGames(f, path, m)
	if err == nil {
		err = f.Truncate(keep) // cut a torn last line
	}
	if err == nil {
		_, err = f.Seek(keep, io.SeekStart)
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return &Out{f: f, w: bufio.NewWriterSize(f, 1<<16), last: time.Now()}, done, nil
}

// readGames streams the complete lines of r and returns their games by index and the
// length of the complete lines.
func readGames(r io.Reader, path string, m *Match) (map[int]Game, int64, error) {
	done := make(map[int]Game)
	want := Game{A: m.A.String(), B: m.B.String(), Seed: m.Seed, Openings: m.Openings}
	br := bufio.NewReaderSize(r, 1<<16)
	var keep int64
	for ln := 1; ; ln++ {
		line, err := br.ReadBytes('\n')
		if err == io.EOF {
			return done, keep, nil // a last line without its newline is torn
		}
		if err != nil {
			return nil, 0, err
		}
		keep += int64(len(line))
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var g Game
		if err := json.Unmarshal(line, &g); err != nil {
			return nil, 0, fmt.Errorf("%s:%d: not a game record: %v", path, ln, err)
		}
		if g.A != want.A || g.B != want.B || g.Seed != want.Seed || g.Openings != want.Openings {
			return nil, 0, fmt.Errorf("%s:%d: holds a game of another match (a=%s b=%s seed=%d openings=%d); use another --out or the same settings",
				path, ln, g.A, g.B, g.Seed, g.Openings)
		}
		if _, dup := done[g.Index]; !dup {
			done[g.Index] = g
		}
	}
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
