// Package gen writes generated Go boards in the goban spec's text format (random,
// winding corridor, spiral, or the spec's test cases), one file each or one per line,
// in parallel and in bounded memory.
package gen

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"sync"

	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/pipeline"
)

// MaxSize bounds Size: a board of that side is a 512 MB text file.
const MaxSize = 16384

// genBlock is how many boards a worker makes at a time.
const genBlock = 256

// Job describes generated boards in the text format of the goban spec.
type Job struct {
	Kind  string // random, corridor, spiral or spec (the spec's five test cases)
	Size  int    // side length, at most MaxSize (not for spec)
	Seed  uint64 // board i of a random run has seed Seed+i
	Count int    // number of boards (spec: len(goban.SpecCases))
	Lines bool   // each board on one line of symbols instead of rows
}

// Check reports a Job that cannot be generated: a Size outside 0..MaxSize, a Count
// below 1 or an unknown Kind. Each message starts with the field's name in lower case.
func (g *Job) Check() error {
	switch {
	case g.Size < 0 || g.Size > MaxSize:
		return fmt.Errorf("size %d: want 0..%d", g.Size, MaxSize)
	case g.Count < 1:
		return fmt.Errorf("count %d: want 1 or more", g.Count)
	case g.Kind != "random" && g.Kind != "corridor" && g.Kind != "spiral" && g.Kind != "spec":
		return fmt.Errorf("kind %s: want random, corridor, spiral or spec", g.Kind)
	}
	return nil
}

// Name is the file name of board i: KIND-SIZE-SEED.txt, or NUMBER-NAME.txt for spec.
func (g *Job) Name(i int) string {
	if g.Kind == "spec" {
		return fmt.Sprintf("%d-%s.txt", i+1, goban.SpecCases[i].Name)
	}
	return fmt.Sprintf("%s-%d-%d.txt", g.Kind, g.Size, g.Seed+uint64(i))
}

// AppendBoard appends board i to dst: rows of symbols separated by spaces, or one
// line of symbols when Lines is set.
func (g *Job) AppendBoard(dst []byte, i int) []byte { return g.streamBoard(dst, i, nil) }

// streamBoard is AppendBoard that hands the text to spill (when not nil) whenever a
// row ends with a megabyte or more pending, so that one huge board is written in bounded
// memory; spill returns the buffer to go on with.
func (g *Job) streamBoard(dst []byte, i int, spill func([]byte) []byte) []byte {
	rowEnd := func() {
		if spill != nil && len(dst) >= 1<<20 {
			dst = spill(dst)
		}
	}
	n := g.Size
	switch g.Kind {
	case "spec":
		in := goban.SpecCases[i].Input
		if !g.Lines {
			return append(dst, in...)
		}
		for j := 0; j < len(in); j++ {
			if c := in[j]; c == 'X' || c == 'O' || c == '-' {
				dst = append(dst, c)
			}
		}
		return append(dst, '\n')
	case "random":
		// The same draws as goban.RandomBoard, written as they are drawn.
		r := rand.New(rand.NewPCG(g.Seed+uint64(i), 0x9e3779b97f4a7c15))
		const sym = "XO-"
		row := make([]byte, n)
		for y := 0; y < n; y++ {
			for c := range row {
				row[c] = sym[r.Uint32N(3)]
			}
			dst = g.appendRow(dst, row)
			rowEnd()
		}
		return g.endBoard(dst)
	}
	var b *goban.Board
	if g.Kind == "corridor" {
		b = goban.CorridorBoard(n)
	} else {
		b = goban.SpiralBoard(n)
	}
	row := make([]byte, n)
	for y := 0; y < n; y++ {
		for c := range row {
			row[c] = b.At(y, c)
		}
		dst = g.appendRow(dst, row)
		rowEnd()
	}
	return g.endBoard(dst)
}

// appendRow appends one row of symbols: separated by spaces and ended by a newline,
// or as they are with --lines (the board's one line goes on).
func (g *Job) appendRow(dst, row []byte) []byte {
	if g.Lines {
		return append(dst, row...)
	}
	for c, s := range row {
		if c > 0 {
			dst = append(dst, ' ')
		}
		dst = append(dst, s)
	}
	return append(dst, '\n')
}

// endBoard ends a board: its one line with --lines (rows already end themselves).
func (g *Job) endBoard(dst []byte) []byte {
	if g.Lines {
		return append(dst, '\n')
	}
	return dst
}

// WriteBoard writes board i of g to w, in bounded memory however large it is.
func (g *Job) WriteBoard(w io.Writer, i int) error {
	var werr error
	rest := g.streamBoard(make([]byte, 0, 2<<20), i, func(b []byte) []byte {
		if werr == nil {
			_, werr = w.Write(b)
		}
		return b[:0]
	})
	if werr == nil {
		_, werr = w.Write(rest)
	}
	return werr
}

// WriteLines writes boards [lo, hi) to w one per line (Lines should be set), made
// in parallel blocks on jobs workers (0: one per core) and written in order. It
// returns w's error, or ctx.Err() when ctx stops it.
func (g *Job) WriteLines(ctx context.Context, w io.Writer, lo, hi, jobs int, progress func(done, total int64)) error {
	var pool sync.Pool
	nblocks := (hi - lo + genBlock - 1) / genBlock
	var werr error
	err := pipeline.Batches(ctx, nblocks, jobs, 1, func(k int) *[]byte {
		buf, _ := pool.Get().(*[]byte)
		if buf == nil {
			buf = new([]byte)
		}
		b := (*buf)[:0]
		for i := lo + k*genBlock; i < min(hi, lo+(k+1)*genBlock); i++ {
			b = g.AppendBoard(b, i)
		}
		*buf = b
		return buf
	}, func(k int, buf *[]byte) {
		if werr == nil {
			_, werr = w.Write(*buf)
		}
		pool.Put(buf)
		if progress != nil {
			progress(int64(min(hi-lo, (k+1)*genBlock)), int64(hi-lo))
		}
	})
	if err != nil {
		return err
	}
	return werr
}

// WriteDir writes boards [lo, hi) as files named by Name in dir, which must exist; it
// returns the first error writing one (naming its file), or ctx.Err() when ctx stops it. Workers make the boards' text in
// parallel; one goroutine writes the files, each under a temporary name and renamed
// into place: four system calls a file (open, write, close, rename), no fsync, no
// per-file buffer. (Parallel writers into one directory contend for its lock: on ext4
// that cost ten times the CPU time of writing from one goroutine.)
func (g *Job) WriteDir(ctx context.Context, dir string, lo, hi, jobs int, progress func(done, total int64)) error {
	type block struct {
		buf  []byte
		ends []int
	}
	var pool sync.Pool
	// The temporary name follows cli's pattern (.NAME.tmp-PID-N), so a later run
	// removes one left by a killed process.
	fileio.RemoveStaleTemps(dir)
	tmp := filepath.Join(dir, ".gen.tmp-"+strconv.Itoa(os.Getpid())+"-0")
	defer os.Remove(tmp) // left only after a failure
	nblocks := (hi - lo + genBlock - 1) / genBlock
	var werr error
	err := pipeline.Batches(ctx, nblocks, jobs, 1, func(k int) *block {
		bl, _ := pool.Get().(*block)
		if bl == nil {
			bl = &block{}
		}
		bl.buf, bl.ends = bl.buf[:0], bl.ends[:0]
		for i := lo + k*genBlock; i < min(hi, lo+(k+1)*genBlock); i++ {
			bl.buf = g.AppendBoard(bl.buf, i)
			bl.ends = append(bl.ends, len(bl.buf))
		}
		return bl
	}, func(k int, bl *block) {
		defer pool.Put(bl)
		start := 0
		for j, end := range bl.ends {
			if werr != nil || ctx.Err() != nil {
				return
			}
			path := filepath.Join(dir, g.Name(lo+k*genBlock+j))
			if err := writeFile(tmp, path, bl.buf[start:end]); err != nil {
				werr = fmt.Errorf("%s: %w", path, err)
			}
			start = end
		}
		if progress != nil {
			progress(int64(min(hi-lo, (k+1)*genBlock)), int64(hi-lo))
		}
	})
	switch {
	case err != nil:
		return err
	case ctx.Err() != nil:
		return ctx.Err()
	}
	return werr
}
