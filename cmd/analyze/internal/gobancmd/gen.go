package gobancmd

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/pipeline"
)

const genUsage = "analyze goban gen [--kind random|corridor|spiral|spec] [--size N] [--seed N] [--count N] [--lines] [--shard K/N] [--out FILE|DIR]"

const genHelp = `Writes generated boards in the seed's text format (rows of X, O and - separated by
spaces), for scoring and benchmarking:
  random    each point black, white or empty with probability 1/3 (--seed picks the board)
  corridor  one empty corridor winding through the board between black walls, a white
            stone at its start: the seed's reference needs about n*n/4 passes for it
  spiral    one empty corridor spiralling from the corner to the centre
  spec      the seed's five test cases (--size, --seed and --count do not apply)
With no --out (or -) a single board goes to stdout. --out names a file for one board, or
a directory (created if needed) when it exists, ends in /, or several boards are written;
boards in a directory are named KIND-N-SEED.txt (spec: NUMBER-NAME.txt). Files appear
whole or not at all (each is written under a temporary name and renamed).

--lines writes every board on one line instead (its symbols without separators), one
board per line, to stdout or the file --out: the input of "goban score --lines".
Board i (from 0) has seed S+i. --shard K/N makes only boards [K*C/N, (K+1)*C/N): into a
directory they are the same files the whole run writes; with --lines the shards' files
(--out PATH becomes PATH.K-of-N) concatenate in K order to the whole run's file.`

// maxGenSize bounds --size: a board of that side is a 512 MB text file.
const maxGenSize = 16384

// genBlock is how many boards a worker makes at a time.
const genBlock = 256

// genJob describes the boards of one run.
type genJob struct {
	kind  string
	size  int
	seed  uint64
	count int
	lines bool
}

// name is the file name of board i.
func (g *genJob) name(i int) string {
	if g.kind == "spec" {
		return fmt.Sprintf("%d-%s.txt", i+1, goban.SpecCases[i].Name)
	}
	return fmt.Sprintf("%s-%d-%d.txt", g.kind, g.size, g.seed+uint64(i))
}

// appendBoard appends board i: rows of symbols separated by spaces, or one line of
// symbols with --lines.
func (g *genJob) appendBoard(dst []byte, i int) []byte { return g.streamBoard(dst, i, nil) }

// streamBoard is appendBoard that hands the text to spill (when not nil) whenever a
// row ends with a megabyte or more pending, so that one huge board is written in bounded
// memory; spill returns the buffer to go on with.
func (g *genJob) streamBoard(dst []byte, i int, spill func([]byte) []byte) []byte {
	rowEnd := func() {
		if spill != nil && len(dst) >= 1<<20 {
			dst = spill(dst)
		}
	}
	n := g.size
	switch g.kind {
	case "spec":
		in := goban.SpecCases[i].Input
		if !g.lines {
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
		r := rand.New(rand.NewPCG(g.seed+uint64(i), 0x9e3779b97f4a7c15))
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
	if g.kind == "corridor" {
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
func (g *genJob) appendRow(dst, row []byte) []byte {
	if g.lines {
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
func (g *genJob) endBoard(dst []byte) []byte {
	if g.lines {
		return append(dst, '\n')
	}
	return dst
}

func runGen(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("goban gen", genUsage, genHelp, stderr)
	kind := fs.String("kind", "random", "board kind: random, corridor, spiral or spec")
	size := fs.Int("size", 19, "side length n of the n-by-n board")
	seed := fs.Uint64("seed", 1, "seed of the first random board (the next get seed+1, ...)")
	count := fs.Int("count", 1, "number of boards")
	out := cli.OutFlag(fs, "output `FILE` or DIR (default stdout)")
	lines := fs.Bool("lines", false, "write one board per line (symbols only) to stdout or the file --out")
	jobs := cli.JobsFlag(fs, 0, 0, "parallel workers `N` (0: one per core)")
	spec := cli.ShardFlag(fs)
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	if len(pos) > 0 {
		return cli.Usagef(stderr, "goban gen", "unexpected argument %q", pos[0])
	}
	if *size < 0 || *size > maxGenSize {
		return cli.Usagef(stderr, "goban gen", "--size %d out of range [0, %d]", *size, maxGenSize)
	}
	if *count < 1 {
		return cli.Usagef(stderr, "goban gen", "--count %d: must be at least 1", *count)
	}
	shard, err := spec.Resolve("goban gen", nil, stderr)
	if err != nil {
		return cli.Usagef(stderr, "goban gen", "%v", err)
	}
	g := &genJob{kind: *kind, size: *size, seed: *seed, count: *count, lines: *lines}
	switch *kind {
	case "random", "corridor", "spiral":
	case "spec":
		g.count = len(goban.SpecCases)
	default:
		return cli.Usagef(stderr, "goban gen", "unknown --kind %q (random, corridor, spiral or spec)", *kind)
	}
	lo64, hi64 := shard.Range(int64(g.count))
	lo, hi := int(lo64), int(hi64)
	if g.lines {
		if fi, err := os.Stat(*out); err == nil && fi.IsDir() {
			return cli.Usagef(stderr, "goban gen", "--lines writes one file: --out %s is a directory", *out)
		}
		return g.writeLines(ctx, shard.Path(*out), lo, hi, *jobs, stdout, stderr)
	}
	dir := ""
	if fi, err := os.Stat(*out); (err == nil && fi.IsDir()) || strings.HasSuffix(*out, "/") || g.count > 1 {
		dir = *out
		if dir == "" || dir == "-" {
			return cli.Usagef(stderr, "goban gen", "%d boards need --out DIR (or --lines)", g.count)
		}
		if err := os.MkdirAll(dir, 0o777); err != nil {
			fmt.Fprintf(stderr, "analyze goban gen: %v\n", err)
			return cli.ExitFail
		}
		return g.writeDir(ctx, dir, lo, hi, *jobs, stderr)
	}
	if lo == hi {
		return cli.ExitOK // this shard has no board
	}
	o, err := fileio.CreateOutput(*out, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "analyze goban gen: %v\n", err)
		return cli.ExitFail
	}
	o.NoSync = true // generated boards can be made again
	var werr error
	rest := g.streamBoard(make([]byte, 0, 2<<20), lo, func(b []byte) []byte {
		if werr == nil {
			_, werr = o.Write(b)
		}
		return b[:0]
	})
	if werr == nil {
		_, werr = o.Write(rest)
	}
	where := "" // stdout: the error says "writing stdout"
	if *out != "" {
		where = *out + ": "
	}
	if werr != nil {
		o.Abort()
		fmt.Fprintf(stderr, "analyze goban gen: %s%v\n", where, werr)
		return cli.ExitFail
	}
	if err := o.Commit(); err != nil {
		fmt.Fprintf(stderr, "analyze goban gen: %s%v\n", where, err)
		return cli.ExitFail
	}
	return cli.ExitOK
}

// writeLines writes boards [lo, hi) one per line to path (stdout for "" or "-"), made
// in parallel blocks and written in order.
func (g *genJob) writeLines(ctx context.Context, path string, lo, hi, jobs int, stdout, stderr io.Writer) int {
	o, err := fileio.CreateOutput(path, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "analyze goban gen: %v\n", err)
		return cli.ExitFail
	}
	o.NoSync = true
	var pool sync.Pool
	nblocks := (hi - lo + genBlock - 1) / genBlock
	var werr error
	progress := cli.NewProgress(stderr, "goban gen", "boards")
	err = pipeline.Batches(ctx, nblocks, jobs, 1, func(k int) *[]byte {
		buf, _ := pool.Get().(*[]byte)
		if buf == nil {
			buf = new([]byte)
		}
		b := (*buf)[:0]
		for i := lo + k*genBlock; i < min(hi, lo+(k+1)*genBlock); i++ {
			b = g.appendBoard(b, i)
		}
		*buf = b
		return buf
	}, func(k int, buf *[]byte) {
		if werr == nil {
			_, werr = o.Write(*buf)
		}
		pool.Put(buf)
		progress.Update(int64(min(hi-lo, (k+1)*genBlock)), int64(hi-lo))
	})
	progress.Done()
	if err != nil {
		o.Abort()
		fmt.Fprintf(stderr, "analyze goban gen: interrupted\n")
		return cli.ExitInterrupted
	}
	if werr == nil {
		werr = o.Commit()
	} else {
		o.Abort()
	}
	if werr != nil {
		fmt.Fprintf(stderr, "analyze goban gen: %s: %v\n", path, werr)
		return cli.ExitFail
	}
	return cli.ExitOK
}

// writeDir writes boards [lo, hi) as files in dir. Workers make the boards' text in
// parallel; one goroutine writes the files, each under a temporary name and renamed
// into place: four system calls a file (open, write, close, rename), no fsync, no
// per-file buffer. (Parallel writers into one directory contend for its lock: on ext4
// that cost ten times the CPU time of writing from one goroutine.)
func (g *genJob) writeDir(ctx context.Context, dir string, lo, hi, jobs int, stderr io.Writer) int {
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
	progress := cli.NewProgress(stderr, "goban gen", "boards")
	err := pipeline.Batches(ctx, nblocks, jobs, 1, func(k int) *block {
		bl, _ := pool.Get().(*block)
		if bl == nil {
			bl = &block{}
		}
		bl.buf, bl.ends = bl.buf[:0], bl.ends[:0]
		for i := lo + k*genBlock; i < min(hi, lo+(k+1)*genBlock); i++ {
			bl.buf = g.appendBoard(bl.buf, i)
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
			path := filepath.Join(dir, g.name(lo+k*genBlock+j))
			if err := writeFile(tmp, path, bl.buf[start:end]); err != nil {
				werr = fmt.Errorf("%s: %w", path, err)
			}
			start = end
		}
		progress.Update(int64(min(hi-lo, (k+1)*genBlock)), int64(hi-lo))
	})
	progress.Done()
	switch {
	case err != nil || ctx.Err() != nil:
		fmt.Fprintf(stderr, "analyze goban gen: interrupted\n")
		return cli.ExitInterrupted
	case werr != nil:
		fmt.Fprintf(stderr, "analyze goban gen: %v\n", fileio.Cause(werr))
		return cli.ExitFail
	}
	return cli.ExitOK
}
