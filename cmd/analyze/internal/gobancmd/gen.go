package gobancmd

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/goban"
)

const genUsage = "analyze goban gen [--kind random|corridor|spiral|spec] [--size N] [--seed S] [--count C] [--out FILE|DIR]"

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
whole or not at all.`

// maxGenSize bounds --size: a board of that side is a 512 MB text file.
const maxGenSize = 16384

func runGen(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("goban gen", genUsage, genHelp, stderr)
	kind := fs.String("kind", "random", "board kind: random, corridor, spiral or spec")
	size := fs.Int("size", 19, "side length n of the n-by-n board")
	seed := fs.Uint64("seed", 1, "seed of the first random board (the next get seed+1, ...)")
	count := fs.Int("count", 1, "number of boards")
	out := fs.String("out", "", "output `FILE` or DIR (default stdout)")
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
	type board struct {
		name string
		text func(w *bufio.Writer)
	}
	var boards []board
	switch *kind {
	case "random", "corridor", "spiral":
		for i := 0; i < *count; i++ {
			n, s := *size, *seed+uint64(i)
			boards = append(boards, board{fmt.Sprintf("%s-%d-%d.txt", *kind, n, s), func(w *bufio.Writer) {
				var b *goban.Board
				switch *kind {
				case "random":
					b = goban.RandomBoard(n, s)
				case "corridor":
					b = goban.CorridorBoard(n)
				default:
					b = goban.SpiralBoard(n)
				}
				writeBoard(w, b)
			}})
		}
	case "spec":
		for i, c := range goban.SpecCases {
			boards = append(boards, board{fmt.Sprintf("%d-%s.txt", i+1, c.Name), func(w *bufio.Writer) { w.WriteString(c.Input) }})
		}
	default:
		return cli.Usagef(stderr, "goban gen", "unknown --kind %q (random, corridor, spiral or spec)", *kind)
	}
	dir := ""
	if fi, err := os.Stat(*out); (err == nil && fi.IsDir()) || strings.HasSuffix(*out, "/") || len(boards) > 1 {
		dir = *out
		if dir == "" || dir == "-" {
			return cli.Usagef(stderr, "goban gen", "%d boards need --out DIR", len(boards))
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			fmt.Fprintf(stderr, "analyze goban gen: %v\n", err)
			return cli.ExitFail
		}
	}
	for _, b := range boards {
		if ctx.Err() != nil {
			fmt.Fprintf(stderr, "analyze goban gen: interrupted\n")
			return cli.ExitInterrupted
		}
		path := *out
		if dir != "" {
			path = filepath.Join(dir, b.name)
		}
		o, err := cli.CreateOutput(path, stdout)
		if err != nil {
			fmt.Fprintf(stderr, "analyze goban gen: %v\n", err)
			return cli.ExitFail
		}
		o.NoSync = true // generated boards can be made again; fsync per board dominated
		b.text(o.Writer)
		if err := o.Commit(); err != nil {
			fmt.Fprintf(stderr, "analyze goban gen: %s: %v\n", path, err)
			return cli.ExitFail
		}
	}
	return cli.ExitOK
}

// writeBoard writes b in the seed's format a row at a time.
func writeBoard(w *bufio.Writer, b *goban.Board) {
	line := make([]byte, 0, 2*b.N)
	for r := 0; r < b.N; r++ {
		line = line[:0]
		for c := 0; c < b.N; c++ {
			if c > 0 {
				line = append(line, ' ')
			}
			line = append(line, b.At(r, c))
		}
		w.Write(append(line, '\n'))
	}
}
