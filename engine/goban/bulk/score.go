package bulk

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"runtime/debug"
	"sync"

	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/pipeline"
)

// worker is a board and scorer reused across inputs.
type worker struct {
	board   goban.Board
	scorer  goban.Scorer
	owner   []byte
	ahead   []byte // a batch's files, see readAhead
	aheadAt []span
	// detectFor is the options w.detect was made from.
	detectFor *scoreOpts
	sgfWorker
	loader
}

var workers = sync.Pool{New: func() any { return new(worker) }}

// Score scores the inputs (files, folders, .gz and .zip archives, "-" for stdin: what
// stdin reads) in parallel and hands each text board and SGF game to yield as a
// Result, in input order. A folder is walked in sorted order for its game files
// (IsGameFile; hidden names skipped and the others counted in Stats.Skipped), a zip
// archive's members are inputs, and an input with an Err fails in its place; a bad
// input or game is handed to o.OnError as an *InputError in its place among the
// results, and the others still scored. It returns the counts, and an error when
// yield or OnError returns one (which stops the run) or ctx stops it (ctx.Err()).
func Score(ctx context.Context, inputs []fileio.Input, stdin io.Reader, o Options, yield func(Result) error) (Stats, error) {
	return score(ctx, inputs, stdin, o, true, func(r *scoreBatch, from, to int) error {
		for _, x := range r.res[from:to] {
			if err := yield(x); err != nil {
				return err
			}
		}
		return nil
	}, func() {})
}

// WriteScores scores the inputs as Score does and writes their results to out, in
// input order, as AppendText (or with o.JSON AppendJSON) renders them: the fast path
// to the command's text. It returns the counts, and an error when out fails (a
// *WriteError), ctx stops the run (ctx.Err()) or OnError returns one.
func WriteScores(ctx context.Context, inputs []fileio.Input, stdin io.Reader, out io.Writer, o Options) (Stats, error) {
	w := bufio.NewWriterSize(out, 1<<16)
	var werr error
	total, err := score(ctx, inputs, stdin, o, false, func(r *scoreBatch, from, to int) error {
		if werr == nil {
			_, werr = w.Write(r.out[from:to])
		}
		return nil
	}, func() {
		if werr == nil {
			werr = flush(w, out)
		}
	})
	if werr == nil {
		werr = w.Flush()
	}
	if werr != nil {
		return total, &WriteError{werr}
	}
	return total, err
}

// score runs Score (typed) or WriteScores: put delivers the results [from, to) of a
// batch (r.res when typed, else the bytes of r.out) and returns an error that stops
// the run; flush puts out what was delivered before a report.
func score(ctx context.Context, inputs []fileio.Input, stdin io.Reader, o Options, typed bool,
	put func(r *scoreBatch, from, to int) error, flush func()) (Stats, error) {
	so, bo := o.resolve()
	// Listing keeps what it lists until the end: a collection during it frees only the
	// buffers that growing left behind (at most what it keeps), and the three it took
	// for 100,000 files cost 7% of the CPU time of scoring them (the idle processor ran
	// the marking, spinning while the walk's goroutine was in a system call). The
	// collector is off while listing; one collection follows it.
	resumeGC := pauseGC()
	set, single, closeArchives := scoreSources(inputs, bo)
	resumeGC()
	defer closeArchives()
	so.single = single
	var total Stats
	total.Skipped = set.skipped
	total.Total = int64(len(set.srcs))
	// An error OnError or put returns stops the run: the batches not yet delivered
	// are dropped.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var stop errStop
	report := func(name string, err error) {
		flush()
		if !stop.report(o.OnError, name, 0, err) {
			cancel()
		}
	}
	deliver := func(r *scoreBatch, from, to int) {
		if stop.err == nil && from < to {
			if stop.err = put(r, from, to); stop.err != nil {
				cancel()
			}
		}
	}
	// drain writes what batch r (of inputs from lo) holds, results and reports in
	// order, and empties it.
	drain := func(lo int, r *scoreBatch) {
		prev := 0
		for _, f := range r.fails {
			deliver(r, prev, f.end)
			prev = f.end
			name := set.displayName(lo + f.j)
			if f.err != nil {
				report(name, fileio.Cause(f.err))
			}
			for _, m := range f.msgs {
				report(name, m)
			}
		}
		deliver(r, prev, r.end())
		clear(r.fails)
		clear(r.res)
		r.out, r.res, r.fails = r.out[:0], r.res[:0], r.fails[:0]
	}
	var turn turns
	// A batch of 64 small files takes about 0.2 ms: the hand-over to the printing
	// goroutine is then a small part of the work.
	err := pipeline.Ranges(ctx, len(set.srcs), bo.jobs, 64, func(lo, hi int, r *scoreBatch) {
		r.reset()
		r.typed = typed
		// A batch whose results grow large (an SGF collection of a million games)
		// writes them itself once the batches before it are written, while the
		// printing goroutine waits for it, instead of holding them to its end.
		r.drain = func() bool {
			if !turn.wait(ctx, lo) {
				return false
			}
			drain(lo, r)
			return true
		}
		wk := workers.Get().(*worker)
		defer workers.Put(wk)
		wk.readAhead(set, lo, hi)
		for i := lo; i < hi; i++ {
			wk.scoreOne(ctx, set, i, stdin, so, bo, i-lo, r)
		}
	}, func(lo, hi int, r *scoreBatch) {
		r.stats.Inputs = int64(hi - lo)
		r.stats.Records = int64(r.stats.Boards + r.stats.Games)
		total.Add(r.stats)
		drain(lo, r)
		if o.Progress != nil {
			o.Progress(total)
		}
		turn.advance(hi)
	})
	if so.rules.on {
		total.Rules = so.rules.name
	}
	if stop.err != nil {
		return total, stop.err
	}
	return total, err
}

// WriteError is an error writing the results, as opposed to reading an input.
type WriteError struct{ Err error }

// Error returns the cause's text.
func (e *WriteError) Error() string { return e.Err.Error() }

// Unwrap returns the cause.
func (e *WriteError) Unwrap() error { return e.Err }

// gcPause counts the callers of pauseGC that have not resumed, and keeps the
// collector's setting from before the first.
var gcPause struct {
	sync.Mutex
	n, percent int
}

// pauseGC turns the garbage collector off until the function it returns is called;
// calls may overlap (runs in one process, as in tests): the last to resume restores
// the setting the first found.
func pauseGC() (resume func()) {
	gcPause.Lock()
	if gcPause.n == 0 {
		gcPause.percent = debug.SetGCPercent(-1)
	}
	gcPause.n++
	gcPause.Unlock()
	return func() {
		gcPause.Lock()
		if gcPause.n--; gcPause.n == 0 {
			debug.SetGCPercent(gcPause.percent)
		}
		gcPause.Unlock()
	}
}

// scoreBatch is the output of a batch of inputs: their output lines one after the
// other, the inputs that failed or have messages, and the counts for --summary. drain,
// called when out or fails grow large, waits until the batches before are written,
// writes and empties out and fails; it returns false when the run stopped first.
type scoreBatch struct {
	out   []byte
	res   []Result // the results as values, when typed (out then stays empty)
	typed bool
	fails []scoreFail
	stats Stats
	drain func() bool
}

// drainAt is the size of a batch's results (bytes, or failures) beyond which it
// writes them itself (scoreBatch.drain) instead of holding them.
const drainAt = 1 << 20

// full reports whether r holds enough results to be drained.
func (r *scoreBatch) full() bool {
	return len(r.out) >= drainAt || len(r.res) >= drainAt/256 || len(r.fails) >= drainAt/256
}

// end is where the next result goes: the length of r.res (typed) or r.out.
func (r *scoreBatch) end() int {
	if r.typed {
		return len(r.res)
	}
	return len(r.out)
}

// add appends result x: a copy of it (its map not shared with the worker) when typed,
// else its text or JSON.
func (r *scoreBatch) add(x Result, asJSON bool) {
	if r.typed {
		x.Owner = bytes.Clone(x.Owner)
		r.res = append(r.res, x)
		return
	}
	r.out = appendResultAs(r.out, &x, asJSON)
}

// turns says how many inputs have been written, for a batch to wait for its turn.
type turns struct {
	mu   sync.Mutex
	done int           // inputs written
	wake chan struct{} // closed when done changes
}

// wait waits until the inputs before lo are written; false when ctx is done first.
func (t *turns) wait(ctx context.Context, lo int) bool {
	for {
		t.mu.Lock()
		if t.done >= lo {
			t.mu.Unlock()
			return true
		}
		if t.wake == nil {
			t.wake = make(chan struct{})
		}
		wake := t.wake
		t.mu.Unlock()
		select {
		case <-wake:
		case <-ctx.Done():
			return false
		}
	}
}

// advance records that the inputs before hi are written.
func (t *turns) advance(hi int) {
	t.mu.Lock()
	t.done = hi
	if t.wake != nil {
		close(t.wake)
		t.wake = nil
	}
	t.mu.Unlock()
}

// scoreFail is an input of a batch (the j-th) that failed (err) or has messages;
// its output, if any, ends at out[end].
type scoreFail struct {
	j, end int
	err    error
	msgs   []error
}

func (r *scoreBatch) reset() {
	clear(r.fails)
	clear(r.res)
	r.out, r.res, r.fails, r.stats = r.out[:0], r.res[:0], r.fails[:0], Stats{}
}

// fail records that the j-th input of the batch failed.
func (r *scoreBatch) fail(j int, err error) {
	r.stats.Failed++
	r.fails = append(r.fails, scoreFail{j: j, end: r.end(), err: err})
}

// aheadSize is the buffer readAhead reads a batch's files into.
const aheadSize = 256 << 10

// readAhead reads the listed files of a batch, inputs lo to hi-1, one after the other
// into w.ahead: w.aheadAt[j] is where the j-th is, with end 0 when it was not tried
// (not a listed file, no room left) and -1 when it must be read as any other file
// (whatever loadListed leaves to load, and errors, which load reports). Doing a
// batch's system calls in a row and then its parsing in a row keeps each one's code
// and data in the caches: it took 6% off the CPU time of scoring a directory of
// 100,000 small files.
func (w *worker) readAhead(set *srcSet, lo, hi int) {
	w.aheadAt = w.aheadAt[:0]
	off := 0
	for _, x := range set.srcs[lo:hi] {
		var at span
		if x.k >= 0 && set.listed[x.k] && aheadSize-off >= listedBuf {
			// Made at the first listed file: named files and stdin do not use it.
			if cap(w.ahead) < aheadSize {
				w.ahead = make([]byte, aheadSize)
			}
			if n, ok, _ := w.readListed(set.lists[x.k].path(int(x.i)), w.ahead[off:off+listedBuf]); ok {
				at = span{off, off + n}
				off += n
			} else {
				at.end = -1
			}
		}
		w.aheadAt = append(w.aheadAt, at)
	}
}

// span is a part [start, end) of a buffer.
type span struct{ start, end int }

// scoreOne scores input idx, the j-th of batch r, and appends its output to r.
func (w *worker) scoreOne(ctx context.Context, set *srcSet, idx int, stdin io.Reader, o *scoreOpts, bo *bulkOpts, j int, r *scoreBatch) {
	maxSize := bo.maxSize
	var data []byte
	x := set.srcs[idx]
	name := set.name(idx)
	in := fileio.Input{Path: name}
	listed := false
	var member *source
	if x.k >= 0 {
		listed = set.listed[x.k]
	} else {
		src := &set.others[x.i]
		if src.err != nil {
			r.fail(j, src.err)
			return
		}
		in = src.in
		if src.zf != nil {
			member = src
		}
	}
	if w.detectFor != o {
		// A method value is a closure: made once per worker, not once per input.
		w.detect, w.detectFor = o.isSGF, o
	}
	w.wantGzip, w.inArchive, w.share = hasExt(name, ".gz"), false, bo.share
	w.wantSGF = o.format == "auto" && isSGFName(name)
	w.whole = nil
	var err error
	switch at := w.aheadAt[j]; {
	case member != nil:
		err = w.loadMember(ctx, member, &w.board, maxSize)
	case at.end > 0:
		err = w.loadData(ctx, w.ahead[at.start:at.end], &w.board, maxSize)
	case at.end < 0:
		err = w.load(ctx, in, false, stdin, &w.board, maxSize)
	default:
		err = w.load(ctx, in, listed, stdin, &w.board, maxSize)
	}
	if err != nil {
		r.fail(j, err)
		return
	}
	data = w.whole
	w.whole = nil
	if data != nil {
		if o.isSGF(data) {
			w.scoreSGF(ctx, name, data, o, j, r)
			return
		}
		if err := w.board.ParseText(data); err != nil {
			r.fail(j, err)
			return
		}
	}
	res := w.scorer.Score(&w.board)
	if o.withMap || o.svgDir != "" {
		w.owner = w.scorer.Owner(w.owner[:0], &w.board)
	}
	tr := Result{Name: name, Alone: o.single, Board: res, Komi: o.textKomi(), KomiSet: o.komiSet,
		Lead: float64(res.Black-res.White) - o.textKomi()}
	if o.withMap {
		tr.Owner = nonNil(w.owner)
	}
	r.add(tr, o.asJSON)
	r.stats.Boards++
	r.stats.Bytes += int64(len(data))
	if o.svgDir != "" {
		if err := o.writeSVG(name, res, w.owner, o.textKomi(), "", ""); err != nil {
			r.fails = append(r.fails, scoreFail{j: j, end: r.end(), msgs: []error{err}})
		}
	}
}

// flush writes w's buffered results to out and flushes out too when it can be (a
// buffered output), so that a report that follows comes after them on a shared stream.
func flush(w *bufio.Writer, out io.Writer) error {
	if err := w.Flush(); err != nil {
		return err
	}
	if f, ok := out.(interface{ Flush() error }); ok {
		return f.Flush()
	}
	return nil
}
