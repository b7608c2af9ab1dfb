package gobancmd

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/goban"
)

const scoreUsage = "analyze goban score [--json] [--map] [FILE|DIR|-]..."

const scoreHelp = `Scores Go positions by Tromp-Taylor area rules without komi: each player gets their
stones plus the empty points that reach only their colour. Each FILE is one board in the
seed's text format (only X, O and - count, row by row; the count must be a square n*n,
any n); a DIR is walked and each regular file in it is a board, in sorted order; no
argument or - reads one board from standard input.

One input prints its result alone (B+k, W+k or Jigo); several print PATH<TAB>RESULT per
input, in input order, scored in parallel on all cores. --map adds the ownership map
after each result (X/O stones, x/o empty points counted for black/white, - for nobody).
--json prints one JSON object per input: path, size, black, white, result (and map).
Bad inputs are reported on stderr, the others still scored; the exit status is then 1.`

// scored is the outcome of one input: its output lines, or the error to report.
type scored struct {
	out []byte
	err error
}

// worker is a board and scorer reused across inputs.
type worker struct {
	board  goban.Board
	scorer goban.Scorer
	owner  []byte
	loader
}

var workers = sync.Pool{New: func() any { return new(worker) }}

func runScore(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("goban score", scoreUsage, scoreHelp, stderr)
	asJSON := fs.Bool("json", false, "print JSON Lines: one object per input")
	withMap := fs.Bool("map", false, "add the ownership map")
	bulk := addBulkFlags(fs)
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	if st := bulk.resolve("goban score", stderr); st >= 0 {
		return st
	}
	if bulk.lines {
		return bulk.scoreLines(ctx, pos, stdin, stdout, stderr, *asJSON, *withMap)
	}
	inputs, errs := expand(pos)
	single := len(inputs) == 1 && (len(pos) == 0 || inputs[0].Path == pos[0])
	inputs, errs = bulk.shardInputs(inputs, errs)
	work := func(i int) scored {
		if errs[i] != nil {
			return scored{err: errs[i]}
		}
		w := workers.Get().(*worker)
		defer workers.Put(w)
		if err := w.load(ctx, inputs[i], stdin, &w.board, bulk.maxSize); err != nil {
			return scored{err: err}
		}
		res := w.scorer.Score(&w.board)
		if *withMap {
			w.owner = w.scorer.Owner(w.owner[:0], &w.board)
		}
		return scored{out: format(inputs[i].Path, res, w.owner, *asJSON, *withMap, single)}
	}
	out := bufio.NewWriterSize(stdout, 1<<16)
	progress := cli.NewProgress(stderr, "goban score", "boards")
	failed := false
	err := orderedBatches(ctx, len(inputs), bulk.jobs, 32, work, func(i int, r scored) {
		if r.err != nil {
			out.Flush()
			fmt.Fprintf(stderr, "analyze goban score: %s: %v\n", inputs[i].Name(), cli.Cause(r.err))
			failed = true
		} else {
			out.Write(r.out)
		}
		progress.Update(int64(i+1), int64(len(inputs)))
	})
	progress.Done()
	if ferr := out.Flush(); ferr != nil {
		fmt.Fprintf(stderr, "analyze goban score: %v\n", ferr)
		return cli.ExitFail
	}
	switch {
	case err != nil:
		fmt.Fprintf(stderr, "analyze goban score: interrupted\n")
		return cli.ExitInterrupted
	case failed:
		return cli.ExitFail
	}
	return cli.ExitOK
}

// format renders one result: the line (with its path unless single), the map lines, or
// one JSON object.
func format(path string, res goban.Result, owner []byte, asJSON, withMap, single bool) []byte {
	if asJSON {
		v := struct {
			Path   string    `json:"path"`
			Size   int       `json:"size"`
			Black  int       `json:"black"`
			White  int       `json:"white"`
			Result string    `json:"result"`
			Map    *[]string `json:"map,omitempty"`
		}{path, res.Size, res.Black, res.White, res.String(), nil}
		if withMap {
			lines := []string{}
			if res.Size > 0 {
				m := string(goban.AppendMap(nil, owner, res.Size))
				lines = strings.Split(strings.TrimSuffix(m, "\n"), "\n")
			}
			v.Map = &lines
		}
		b, _ := json.Marshal(v)
		return append(b, '\n')
	}
	var b []byte
	if !single {
		b = append(append(b, path...), '\t')
	}
	b = append(res.AppendText(b), '\n')
	if withMap {
		b = goban.AppendMap(b, owner, res.Size)
	}
	return b
}
