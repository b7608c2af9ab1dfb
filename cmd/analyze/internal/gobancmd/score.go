package gobancmd

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/goban"
)

const scoreUsage = "analyze goban score [--json] [--map] [--format auto|text|sgf] [--komi K] [--summary] [--svg DIR] [--lines] [--max-size N] [-j N] [--shard K/N] [FILE|DIR|-]..."

const scoreHelp = `Scores Go positions by Tromp-Taylor area rules: each player gets their stones plus the
empty points that reach only their colour. An input is a board in the seed's text format
(only X, O and - count, row by row; the count must be a square n*n, any n) or an SGF game
record (FF[4]/FF[3]: the main line is replayed with captures and suicide, the final
position scored); SGF is recognised by its content ('(' then ';'), or forced with
--format. A DIR is walked and each regular file in it is an input, in sorted order; no
argument or - reads standard input. FILE.gz is read through gzip, and each member of
FILE.zip is an input named FILE.zip/MEMBER.

One input prints its result alone (B+k, W+k or Jigo); several print NAME<TAB>RESULT per
input, in input order, scored in parallel on all cores; the k-th game of an SGF
collection is named FILE#k. SGF results use the record's komi (KM; --komi K overrides
it, --komi 0 gives the plain area difference); text boards have komi 0 unless --komi.
--map adds the ownership map after each result (X/O stones, x/o empty points counted for
black/white, - for nobody). --json prints one JSON object per input or game (for SGF
also cols, rows, komi, moves, captures, the recorded result re and re_agrees).
--summary ends with counts (scored, agreeing with RE, resigned, failed) and the rate on
stderr. --svg DIR writes an ownership-map picture per input or game into DIR.

--lines reads every line of every input as one text board (the whole board on one
line) and prints one result per line, in order: the format for millions of boards.
--max-size N refuses a text board larger than N x N (default 65,536) by its count,
before holding it. --shard K/N scores part K of N of the inputs (see 'analyze help
shard'). Bad inputs are reported on stderr, the others still scored; the exit status
is then 1.`

// scored is the outcome of one input: its output lines, or the error to report; an SGF
// collection may also have faults in some games (msgs) and counts for --summary.
type scored struct {
	out   []byte
	err   error
	msgs  []error
	stats summary
}

// worker is a board and scorer reused across inputs.
type worker struct {
	board  goban.Board
	scorer goban.Scorer
	owner  []byte
	sgfWorker
	loader
}

var workers = sync.Pool{New: func() any { return new(worker) }}

func runScore(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("goban score", scoreUsage, scoreHelp, stderr)
	asJSON := fs.Bool("json", false, "print JSON Lines: one object per input")
	withMap := fs.Bool("map", false, "add the ownership map")
	o := scoreOpts{}
	o.flags(fs)
	bulk := addBulkFlags(fs)
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	if st := o.check(stderr); st >= 0 {
		return st
	}
	if st := bulk.resolve("goban score", stderr); st >= 0 {
		return st
	}
	o.asJSON, o.withMap = *asJSON, *withMap
	if bulk.lines {
		return bulk.scoreLines(ctx, pos, stdin, stdout, stderr, *asJSON, *withMap)
	}
	inputs, errs := expand(pos)
	single := len(inputs) == 1 && (len(pos) == 0 || inputs[0].Path == pos[0])
	inputs, errs = bulk.shardInputs(inputs, errs)
	srcs, closeArchives := expandArchives(inputs, errs)
	defer closeArchives()
	single = single && len(srcs) == 1
	o.single = single
	work := func(i int) scored {
		if srcs[i].err != nil {
			return scored{err: srcs[i].err}
		}
		w := workers.Get().(*worker)
		defer workers.Put(w)
		var data []byte
		if srcs[i].zf != nil {
			var err error
			if data, err = srcs[i].read(); err != nil {
				return scored{err: err}
			}
		} else {
			w.detect = o.isSGF
			if err := w.load(ctx, srcs[i].in, stdin, &w.board, bulk.maxSize); err != nil {
				return scored{err: err}
			}
			data = w.whole
			w.whole = nil
		}
		if data != nil {
			if o.isSGF(data) {
				return w.scoreSGF(ctx, srcs[i].name, data, &o)
			}
			if err := w.board.Parse(data); err != nil {
				return scored{err: err}
			}
		}
		res := w.scorer.Score(&w.board)
		if *withMap || o.svgDir != "" {
			w.owner = w.scorer.Owner(w.owner[:0], &w.board)
		}
		r := scored{out: o.formatText(srcs[i].name, res, w.owner), stats: summary{boards: 1, bytes: int64(len(data))}}
		if o.svgDir != "" {
			if err := o.writeSVG(srcs[i].name, res, w.owner, o.textKomi(), ""); err != nil {
				r.msgs = append(r.msgs, err)
			}
		}
		return r
	}
	out := bufio.NewWriterSize(stdout, 1<<16)
	progress := cli.NewProgress(stderr, "goban score", "inputs")
	failed := false
	var total summary
	start := time.Now()
	err := orderedBatches(ctx, len(srcs), bulk.jobs, 32, work, func(i int, r scored) {
		total.add(r.stats)
		if r.err != nil {
			total.failed++
			out.Flush()
			fmt.Fprintf(stderr, "analyze goban score: %s: %v\n", srcs[i].displayName(), cli.Cause(r.err))
			failed = true
		} else {
			out.Write(r.out)
		}
		if len(r.msgs) > 0 {
			out.Flush()
			for _, m := range r.msgs {
				fmt.Fprintf(stderr, "analyze goban score: %s: %v\n", srcs[i].displayName(), m)
			}
			failed = true
		}
		progress.Update(int64(i+1), int64(len(srcs)))
	})
	progress.Done()
	if o.summary {
		out.Flush()
		total.print(stderr, time.Since(start))
	}
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

// formatText renders the result of a text board: the line (with its path unless
// single), the map lines, or one JSON object.
func (o *scoreOpts) formatText(path string, res goban.Result, owner []byte) []byte {
	if o.asJSON {
		v := struct {
			Path   string    `json:"path"`
			Size   int       `json:"size"`
			Black  int       `json:"black"`
			White  int       `json:"white"`
			Komi   *float64  `json:"komi,omitempty"`
			Result string    `json:"result"`
			Map    *[]string `json:"map,omitempty"`
		}{Path: path, Size: res.Size, Black: res.Black, White: res.White, Result: o.textResult(res)}
		if o.komiSet {
			v.Komi = &o.komi
		}
		if o.withMap {
			v.Map = mapLines(res, owner)
		}
		b, _ := json.Marshal(v)
		return append(b, '\n')
	}
	var b []byte
	if !o.single {
		b = append(append(b, path...), '\t')
	}
	b = append(append(b, o.textResult(res)...), '\n')
	if o.withMap {
		b = goban.AppendMapRect(b, owner, res.Size, res.Cols)
	}
	return b
}

// mapLines returns the ownership map as one string per row, for JSON.
func mapLines(res goban.Result, owner []byte) *[]string {
	lines := []string{}
	if res.Size > 0 {
		m := string(goban.AppendMapRect(nil, owner, res.Size, res.Cols))
		lines = strings.Split(strings.TrimSuffix(m, "\n"), "\n")
	}
	return &lines
}
