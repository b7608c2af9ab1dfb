// Package search is the uttt engine's search: an Engine configured by Options, its
// transposition table, iterative alpha-beta to Limits, the static evaluations (the
// Linear one and the quantised Network), and an exact Solve for endgames.
package search

//go:generate go run ../internal/gentables -part search -o tables.go

import (
	"context"
	"math"
	"math/bits"
	"sync"
	"sync/atomic"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
)

// MaxDepth bounds the search depth in plies; no game lasts longer than 81 plies.
const MaxDepth = 81

// full9 is the mask of the nine tiles of a board (or the nine boards).
const full9 = 0x1ff

// exactDepth marks a table entry whose score no static evaluation influenced: it holds
// at any depth.
const exactDepth = 255

// forcedDepth is how deep a search without a depth limit looks when only one move is
// legal.
const forcedDepth = 10

// Limits bound a search; the zero value searches until the game is solved.
type Limits struct {
	Depth int           // maximum depth in plies; 0: no limit
	Time  time.Duration // budget from Start; 0: none
	// Start is when the clock of Time and MaxTime started, e.g. when the request to
	// move arrived; zero means the start of the call.
	Start time.Time
	// MaxTime, when above Time, lets the search go on past Time while the decision is
	// unclear (the best move changed or the score fell in the last iterations), up to
	// MaxTime; when it is clear the search stops at Time.
	MaxTime  time.Duration
	Deadline time.Time    // absolute stop time; zero: none
	Nodes    uint64       // stop after about this many nodes; 0: none
	Info     func(Result) // if set, called after each completed depth
}

// Result is the outcome of a search. Score is in the side to move's view; scores
// beyond ±ScoreWinMin are proven wins or losses, ScoreWin minus the plies to the end.
type Result struct {
	Move  uttt.Move // best move; NoMove only when the game is over
	Score int
	Depth int    // last completed depth
	Nodes uint64 // positions visited, all threads
	Time  time.Duration
	PV    []uttt.Move // principal variation, starting with Move
	Exact bool        // the score is proven: the game's value under perfect play
}

// Engine keeps a transposition table between searches; use one Engine per game or
// player. Its methods must not be called concurrently.
type Engine struct {
	tt       *table
	workers  []*worker
	opts     Tuning
	lmrRed   *[64][81]int // the reductions of opts.LMRGrow
	threads  int          // Options.Threads, at least one
	contempt int          // Options.Contempt
	// test switches: noTT disables the table; sameDepth allows table cutoffs only from
	// entries of exactly the needed depth, so fixed-depth results equal plain minimax.
	noTT, sameDepth bool
	linear          *Linear  // the linear evaluation (Options.Linear)
	nw              *Network // the network evaluation (Options.Eval, Options.Network), or nil for the linear one alone
	drawKey         [2]int   // the last search's contempt and root side, while a contempt is in use
	netPlain        bool     // test switch: the network evaluates every leaf from scratch
	net32           bool     // test switch: the search keeps the network's sums in int32
}

// NewEngine returns an engine configured by opts, or an error naming the setting it
// refuses (a negative size or count, an unknown evaluation, EvalNet when the embedded
// network does not load). Everything the engine reads is built here, before its first
// search.
func NewEngine(opts Options) (*Engine, error) {
	if err := opts.check(); err != nil {
		return nil, err
	}
	return newEngine(opts), nil
}

// newEngine is NewEngine with opts checked.
func newEngine(opts Options) *Engine {
	mb := DefaultTableBytes >> 20
	if opts.TableBytes > 0 {
		mb = int(min(opts.TableBytes>>20, math.MaxInt32))
	}
	e := &Engine{tt: newTable(mb), linear: opts.Linear, nw: opts.Network, threads: max(opts.Threads, 1), contempt: opts.Contempt}
	if e.linear == nil {
		e.linear = DefaultLinear()
	}
	if e.nw == nil && opts.Eval != EvalLinear {
		e.nw = loadNet().nw
	}
	t := DefaultTuning()
	if opts.Tuning != nil {
		t = *opts.Tuning
	}
	e.setTuning(t)
	return e
}

// setTuning sets the search's settings (between searches).
func (e *Engine) setTuning(o Tuning) {
	e.opts = o
	if o.LMRGrow == defaultLMRGrow {
		e.lmrRed = defaultLMRReductions()
	} else {
		e.lmrRed = lmrReductions(o.LMRGrow)
	}
}

// Clear empties the transposition table and the move-ordering statistics.
func (e *Engine) Clear() {
	e.tt.clear()
	for _, w := range e.workers {
		w.history = [2][81]int32{}
		w.killers = [MaxDepth + 2][2]uttt.Move{}
	}
}

// Search finds the best move in pos within the limits with a new engine of the
// default Options (a fresh table of DefaultTableBytes); it stops early when ctx is
// cancelled.
func Search(ctx context.Context, pos uttt.Position, lim Limits) Result {
	return newEngine(Options{}).Search(ctx, pos, lim)
}

// worker is one search thread with its own move-ordering state.
type worker struct {
	e        *Engine
	tt       *table
	stop     *atomic.Bool
	done     <-chan struct{}
	deadline time.Time
	maxNodes uint64
	main     bool

	nodes   uint64
	seen    atomic.Uint64 // nodes, published every 1,024 for Info while threads run
	evals   uint64        // static evaluations and inexact table cutoffs used
	stopped bool

	killers [MaxDepth + 2][2]uttt.Move
	history [2][81]int32
	pv      [MaxDepth + 2][MaxDepth + 2]uttt.Move
	pvLen   [MaxDepth + 2]int
	stack   [MaxDepth + 2]uttt.Position // stack[ply+1] is the child being searched

	o         *Tuning                           // the engine's search settings
	lmrRed    *[64][81]int                      // the late move reductions by depth and move number (Tuning.LMRGrow)
	soft      time.Time                         // main thread: stop here too (moved by the iterations' stability)
	start     time.Time                         // when the budget's clock started (Limits.Start)
	target    time.Duration                     // Limits.Time, which soft scales
	reduce    bool                              // late move reductions (off in the exactness tests)
	prune     bool                              // forward pruning at low depth (off in the exactness tests)
	outlook   bool                              // bounds from the master lines still open (off in the exactness tests)
	nq        *Network                          // the network evaluation, nil for the linear one
	ev        *Linear                           // the linear evaluation
	nsum      [MaxDepth + 2][2][NetHidden]int32 // per ply and side: the network's board sums
	nsum16    [MaxDepth + 2][2][NetHidden]int16 // the same in int16, when n16
	n16       bool                              // the search keeps nsum16, not nsum
	lin       [MaxDepth + 2]evalTerms           // per ply: the linear terms of the line's positions (termsAt)
	blk       [MaxDepth + 2][2]uint16           // per ply and side: the boards blocking its master lines (blockedAt)
	draw      [2]int                            // a drawn end's score for the side to move at an even, odd ply
	rootBest  uttt.Move                         // best move of the current iteration so far, if any
	rootDepth int                               // depth of the current iteration (extensions stop at twice it)
	excl      [MaxDepth + 2]uint8               // per ply: 1 + the move a singular-extension search leaves out, or 0
	rootScore int
}

// Search finds the best move in pos within the limits; it stops early when ctx is
// cancelled, returning the best move of the deepest finished iteration.
func (e *Engine) Search(ctx context.Context, pos uttt.Position, lim Limits) Result {
	start := time.Now()
	res := Result{Move: uttt.NoMove}
	var buf [81]uttt.Move
	n := pos.Moves(&buf)
	if n == 0 {
		res.Exact = true
		switch pos.Status() {
		case uttt.XWon + uttt.Status(pos.Side()^1):
			res.Score = -ScoreWin
		case uttt.XWon + uttt.Status(pos.Side()):
			res.Score = ScoreWin
		}
		return res
	}
	maxDepth := lim.Depth
	if maxDepth <= 0 || maxDepth > MaxDepth {
		maxDepth = MaxDepth
		if n == 1 {
			maxDepth = forcedDepth // the move is forced: a short search gives its score
		}
	}
	clock := start // when the budget's clock started
	if !lim.Start.IsZero() {
		clock = lim.Start
	}
	deadline := lim.Deadline
	budget := max(lim.Time, lim.MaxTime)
	if lim.Time > 0 && (deadline.IsZero() || clock.Add(budget).Before(deadline)) {
		deadline = clock.Add(budget)
	}
	var soft time.Time // the main thread's adjustable stop time, when MaxTime applies
	if lim.Time > 0 && lim.MaxTime > lim.Time {
		soft = clock.Add(lim.Time)
	}
	threads := max(e.threads, 1)
	for len(e.workers) < threads {
		e.workers = append(e.workers, &worker{e: e})
	}
	if key := [2]int{e.contempt, int(pos.Side())}; key != e.drawKey && (e.contempt != 0 || e.drawKey[0] != 0) {
		e.Clear() // the table's draw scores were for another contempt or side
		e.drawKey = key
	}
	var stop atomic.Bool
	e.tt.age++
	for i, w := range e.workers[:threads] {
		w.tt, w.stop, w.done, w.deadline, w.main = e.tt, &stop, ctx.Done(), deadline, i == 0
		w.soft, w.start, w.target = time.Time{}, clock, lim.Time
		if i == 0 {
			w.soft = soft
		}
		w.maxNodes = lim.Nodes / uint64(threads)
		w.nodes, w.evals, w.stopped = 0, 0, false
		w.seen.Store(0)
		w.o, w.lmrRed = &e.opts, e.lmrRed
		w.reduce = e.opts.Reductions && !e.noTT && !e.sameDepth
		w.prune = !e.noTT && !e.sameDepth
		w.outlook = e.opts.Outlook && w.prune
		w.draw = [2]int{-e.contempt, e.contempt}
		w.nq, w.ev = e.nw, e.linear
		w.netRoot(&pos)
		w.ageHistory()
	}
	var wg sync.WaitGroup
	for i, w := range e.workers[1:threads] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.iterate(pos, maxDepth, 1+i%2, nil)
		}()
	}
	main := e.workers[0]
	res = main.iterate(pos, maxDepth, 0, func(r Result) {
		if lim.Info != nil {
			r.Nodes = main.nodes
			for _, h := range e.workers[1:threads] {
				r.Nodes += h.seen.Load()
			}
			r.Time = time.Since(start)
			lim.Info(r)
		}
	})
	stop.Store(true)
	wg.Wait()
	if res.Move == uttt.NoMove || !pos.IsLegal(res.Move) {
		res.Move, res.PV = buf[0], []uttt.Move{buf[0]}
	}
	res.Nodes = e.nodes(threads)
	res.Time = time.Since(start)
	return res
}

func (e *Engine) nodes(threads int) uint64 {
	var n uint64
	for _, w := range e.workers[:threads] {
		n += w.nodes
	}
	return n
}

func (w *worker) ageHistory() {
	for s := range w.history {
		for m := range w.history[s] {
			w.history[s][m] /= 8
		}
	}
	w.killers = [MaxDepth + 2][2]uttt.Move{}
}

// iterate runs iterative deepening with aspiration windows from depth 1+skew.
func (w *worker) iterate(pos uttt.Position, maxDepth, skew int, info func(Result)) Result {
	res := Result{Move: uttt.NoMove}
	var scores [MaxDepth + 1]int // completed depth -> score
	for depth := 1 + skew; depth <= maxDepth; depth++ {
		w.rootBest = uttt.NoMove
		w.rootDepth = depth
		evals := w.evals
		delta := 40
		alpha, beta := -scoreInf, scoreInf
		// The evaluation swings between odd and even depths (the side to move at the
		// leaves alternates), so the window is centred on the score two plies back.
		if depth >= 5 && res.Depth == depth-1 && !IsWinScore(res.Score) && !IsWinScore(scores[depth-2]) {
			c := scores[depth-2]
			alpha, beta = c-delta, c+delta
		}
		var score int
		for {
			score = w.search(&pos, alpha, beta, depth, 0)
			if w.stopped {
				break
			}
			switch {
			case score <= alpha:
				alpha = max(alpha-delta, -scoreInf)
			case score >= beta:
				beta = min(beta+delta, scoreInf)
			default:
				goto done
			}
			delta *= 3
		}
	done:
		if w.stopped {
			if w.rootBest != uttt.NoMove && res.Move != uttt.NoMove && w.rootBest != res.Move {
				// A move of the unfinished iteration beat the previous best move's
				// score at this depth: take it.
				res.Move, res.Score, res.PV = w.rootBest, w.rootScore, []uttt.Move{w.rootBest}
			}
			break
		}
		changed := res.Move != uttt.NoMove && res.Move != w.pv[0][0]
		fell := depth >= 3 && res.Depth >= depth-2 && score < scores[depth-2]-40 // same side at the leaves
		res.Move, res.Score, res.Depth = w.pv[0][0], score, depth
		scores[depth] = score
		if !w.soft.IsZero() {
			// Unclear decisions get more time: the stop time moves with the latest
			// iteration's stability, never past the hard deadline.
			f := 1.0
			if changed {
				f += 1
			}
			if fell {
				f += 0.5
			}
			w.soft = w.start.Add(time.Duration(float64(w.target) * f))
		}
		res.PV = w.principal(pos, depth)
		res.Exact = w.evals == evals || IsWinScore(score)
		if info != nil {
			info(res)
		}
		if res.Exact || w.stop.Load() {
			break
		}
	}
	return res
}

// principal returns the PV of the last iteration, extended through the table when
// cutoffs shortened it.
func (w *worker) principal(pos uttt.Position, depth int) []uttt.Move {
	pv := append([]uttt.Move(nil), w.pv[0][:w.pvLen[0]]...)
	p := pos
	for _, m := range pv {
		p = p.Play(m)
	}
	for len(pv) < depth && p.Status() == uttt.Ongoing && !w.e.noTT {
		d := w.tt.probe(p.Hash())
		m := ttMove(d)
		if d == 0 || !p.IsLegal(m) {
			break
		}
		pv = append(pv, m)
		p = p.Play(m)
	}
	return pv
}

// checkStop polls the stop flag, the context and the clock.
func (w *worker) checkStop() bool {
	w.seen.Store(w.nodes)
	if w.stop.Load() {
		w.stopped = true
		return true
	}
	select {
	case <-w.done:
		w.stopped = true
	default:
	}
	now := time.Now()
	if !w.deadline.IsZero() && now.After(w.deadline) || !w.soft.IsZero() && now.After(w.soft) || w.maxNodes > 0 && w.nodes >= w.maxNodes {
		w.stopped = true
	}
	if w.stopped {
		w.stop.Store(true)
	}
	return w.stopped
}

// ttMinDepth is the least remaining depth at which the table is used: below it a
// probe (a cache miss) costs more than the subtree it could save.
const ttMinDepth = 3

// Move-ordering bonuses.
const (
	orderTT      = 1 << 30
	orderKiller1 = 1 << 29
	orderKiller2 = 1 << 28
	orderWin     = 1 << 27 // the move wins its small board
	orderFree    = -1 << 26
	historyMax   = 1 << 24
)

// search is fail-soft negamax alpha-beta with principal variation search.
func (w *worker) search(p *uttt.Position, alpha, beta, depth, ply int) int {
	w.pvLen[ply] = ply
	if p.Status() != uttt.Ongoing {
		if p.Status() == uttt.Draw {
			return w.draw[ply&1]
		}
		return -(ScoreWin - ply) // the previous move won
	}
	w.nodes++
	lo, hi := -scoreInf, scoreInf
	if w.outlook {
		// A side that can no longer complete a master line can at best draw.
		bk := w.blockedAt(p, ply)
		if own, opp := freeLine[bk[p.Side()]], freeLine[bk[p.Side()^1]]; !own || !opp {
			d := w.draw[ply&1]
			if !own {
				hi = d
			}
			if !opp {
				lo = d
			}
			if ply > 0 && (lo == hi || hi <= alpha || lo >= beta) {
				return d // nobody can win (a draw), or a proven bound outside the window
			}
		}
	}
	if depth <= 0 {
		w.evals++
		e := &w.lin[ply]
		w.termsAt(e, p, ply)
		return min(max(w.evaluateAt(p, ply, e), lo), hi)
	}
	if w.nodes&1023 == 0 && w.checkStop() || w.stopped {
		return 0
	}
	if depth == 1 {
		return w.frontier(p, alpha, beta, ply, lo, hi)
	}
	ttm := uttt.NoMove
	excl := w.excl[ply]
	useTT := !w.e.noTT && depth >= ttMinDepth
	var ttD, ttS, ttB int // the table entry's depth, score and bound, when there is one
	if useTT {
		if d := w.tt.probe(p.Hash()); d != 0 {
			ttm = ttMove(d)
			ttD, ttS, ttB = ttDepth(d), scoreFromTT(ttScore(d), ply), ttBound(d)
			if ply > 0 && excl == 0 && (ttD == exactDepth || ttD == depth || ttD > depth && !w.e.sameDepth) {
				if ttB == boundExact || ttB == boundLower && ttS >= beta || ttB == boundUpper && ttS <= alpha {
					if ttD != exactDepth {
						w.evals++
					}
					return ttS
				}
			}
		}
	}

	// The children's terms are updated from this node's.
	lin := &w.lin[ply]
	w.termsAt(lin, p, ply)
	nonPV := beta-alpha == 1 && ply > 0 && w.prune && alpha > -ScoreWinMin && beta < ScoreWinMin
	if nonPV && depth <= w.o.RFPDepth {
		w.evals++
		if ev := min(max(w.evaluateAt(p, ply, lin), lo), hi); ev-w.o.RFPMargin*depth >= beta {
			return ev - w.o.RFPMargin*depth
		}
	}

	var moves [81]uttt.Move
	var order [81]int32
	n := p.Moves(&moves)
	s := p.Side()
	k1, k2 := w.killers[ply][0], w.killers[ply][1]
	for i, m := range moves[:n] {
		var v int32
		switch m {
		case ttm:
			v = orderTT
		case k1:
			v = orderKiller1
		case k2:
			v = orderKiller2
		default:
			b, t := m.Board(), m.Tile()
			own := p.Tiles(s, b)
			v = w.history[s][m]
			if uttt.HasLine(own | 1<<t) {
				v += orderWin
			} else if p.ClosedBoards()>>t&1 != 0 || t == b && own|p.Tiles(s^1, b)|1<<t == full9 {
				v += orderFree
			}
		}
		order[i] = v
	}

	// Singular extension: is the table's move much better than every other?
	seExt := false
	if w.o.SEDepth > 0 && depth >= w.o.SEDepth && excl == 0 && ply > 0 && ttm != uttt.NoMove && ttD != exactDepth &&
		ttD >= depth-3 && ttB != boundUpper && !IsWinScore(ttS) && ply < 2*w.rootDepth && w.reduce {
		sb := ttS - w.o.SEMargin*depth
		w.excl[ply] = uint8(ttm) + 1
		v := w.search(p, sb-1, sb, (depth-1)/2, ply)
		w.excl[ply] = 0
		if w.stopped {
			return 0
		}
		seExt = v < sb
		w.pvLen[ply] = ply
	}

	alpha0, evals0 := alpha, w.evals
	best, bestMove := -scoreInf, uttt.NoMove
	for i := 0; i < n; i++ {
		// Selection sort step: bring the best remaining move to i.
		j := i
		for k := i + 1; k < n; k++ {
			if order[k] > order[j] {
				j = k
			}
		}
		moves[i], moves[j] = moves[j], moves[i]
		order[i], order[j] = order[j], order[i]
		m := moves[i]
		if excl != 0 && m == uttt.Move(excl-1) {
			continue
		}

		q := &w.stack[ply+1]
		p.PlayInto(q, m)
		if useTT && depth > ttMinDepth {
			w.tt.prefetch(q.Hash()) // the child probes it
		}
		w.netPlay(ply+1, p, q, m)
		cd := depth - 1 // the child's depth
		if seExt && m == ttm {
			cd++
		}
		var v int
		if i == 0 {
			v = -w.search(q, -beta, -alpha, cd, ply+1)
		} else {
			r := 0
			// No reductions once a win is proven: a reduced search could miss a shorter one.
			if cd == depth-1 && depth >= w.o.LMRDepth && i >= w.o.LMRMoves && order[i] < orderWin && w.reduce && alpha < ScoreWinMin {
				r = w.lmrRed[min(depth, 63)][min(i, 80)]
			}
			v = -w.search(q, -alpha-1, -alpha, cd-r, ply+1)
			if r > 0 && v > alpha {
				v = -w.search(q, -alpha-1, -alpha, cd, ply+1)
			}
			if v > alpha && v < beta {
				v = -w.search(q, -beta, -alpha, cd, ply+1)
			}
		}
		if w.stopped {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				w.pv[ply][ply] = m
				copy(w.pv[ply][ply+1:], w.pv[ply+1][ply+1:w.pvLen[ply+1]])
				w.pvLen[ply] = w.pvLen[ply+1]
				if w.pvLen[ply] <= ply {
					w.pvLen[ply] = ply + 1
				}
				if ply == 0 {
					w.rootBest, w.rootScore = m, v
				}
				if v >= beta {
					w.cutoff(s, m, depth, ply, moves[:i])
					break
				}
			}
		}
	}
	if useTT && excl == 0 {
		bound := boundUpper
		switch {
		case best >= beta:
			bound = boundLower
		case best > alpha0:
			bound = boundExact
		}
		d := depth
		if w.evals == evals0 {
			d = exactDepth
		}
		w.tt.store(p.Hash(), bestMove, scoreToTT(best, ply), d, bound)
	}
	return best
}

// lmrReductions returns the reductions for Tuning.LMRGrow g: max(2, 1/2 + ln d ln i / (g/10)),
// or 2 for g = 0, leaving at least depth 0.
func lmrReductions(g int) *[64][81]int {
	var t [64][81]int
	for d := 1; d < 64; d++ {
		for i := 1; i < 81; i++ {
			r := 0
			if g > 0 {
				r = int(0.5 + math.Log(float64(d))*math.Log(float64(i))*10/float64(g))
			}
			t[d][i] = min(max(r, 2), d-1)
		}
	}
	return &t
}

// cutoff rewards the move that caused a beta cutoff and punishes the ones tried before.
func (w *worker) cutoff(s uttt.Side, m uttt.Move, depth, ply int, tried []uttt.Move) {
	if w.killers[ply][0] != m {
		w.killers[ply][1], w.killers[ply][0] = w.killers[ply][0], m
	}
	bonus := int32(depth * depth)
	h := &w.history[s]
	h[m] += bonus
	for _, t := range tried {
		h[t] -= bonus
	}
	if h[m] > historyMax {
		for i := range h {
			h[i] /= 2
		}
	}
}

// termsAt sets e to the linear terms of p, the position at ply of the current line:
// from scratch at the root, else from its parent's, w.lin[ply-1] (which every interior
// node sets before it plays a move), by the one board p's last move changed. Keeping
// them along the line saves the frontier nodes rebuilding all nine boards' terms.
func (w *worker) termsAt(e *evalTerms, p *uttt.Position, ply int) {
	if ply == 0 {
		e.init(w.ev, p)
		return
	}
	e.play(w.ev, &w.lin[ply-1], p, int(p.Last().Board()))
}

// frontier searches a node at depth 1: every child is evaluated by updating the
// parent's evaluation terms for the one board the move changed.
// lo and hi bound p's value from the master lines still open (outlook).
func (w *worker) frontier(p *uttt.Position, alpha, beta, ply, lo, hi int) int {
	e := evalState{lin: w.ev}
	w.termsAt(&e.evalTerms, p, ply)
	if w.nq != nil {
		w.netFrontier(&e, p, ply)
	}
	var moves [81]uttt.Move
	n := p.Moves(&moves)
	if w.o.FrontierOrder {
		// The killer of this ply first, then the moves that win their board: a cutoff
		// comes sooner and saves the remaining evaluations.
		k, s := 0, p.Side()
		if km := w.killers[ply][0]; km <= 80 && p.IsLegal(km) {
			for i, m := range moves[:n] {
				if m == km {
					moves[0], moves[i] = moves[i], moves[0]
					k = 1
					break
				}
			}
		}
		for i := k; i < n; i++ {
			if m := moves[i]; uttt.HasLine(p.Tiles(s, m.Board()) | 1<<m.Tile()) {
				moves[k], moves[i] = moves[i], moves[k]
				k++
			}
		}
	}
	// The boards that block each side's master lines: a child adds at most the board
	// its move was played in, so only when one more would close a side's last line
	// are the children checked.
	bs := &w.blk[ply]
	check := w.outlook && (nearDead[bs[uttt.X]] || nearDead[bs[uttt.O]])
	d := -w.draw[(ply+1)&1] // a drawn child's score
	best := -scoreInf
	q := *p // the children in turn, all but their hash (ChildOf)
	for _, m := range moves[:n] {
		w.nodes++
		q.ChildOf(p, m)
		var v int
		switch q.Status() {
		case uttt.Ongoing:
			if !check {
				w.evals++
				v = -e.child(&q, int(m.Board()))
				break
			}
			// The mover's own blocked boards do not change: its bound stays hi.
			l := lo
			if !freeLine[blockChild(bs, &q, m)[q.Side()]] {
				l = d // the opponent can no longer win
			}
			if l == hi {
				v = l // nobody can win: a draw, no evaluation
				break
			}
			w.evals++
			v = min(max(-e.child(&q, int(m.Board())), l), hi)
		case uttt.Draw:
			v = d
		default:
			v = ScoreWin - ply - 1
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				w.pv[ply][ply] = m
				w.pvLen[ply] = ply + 1
				if ply == 0 {
					w.rootBest, w.rootScore = m, v
				}
				if v >= beta {
					if w.o.FrontierOrder {
						w.killers[ply][0] = m
					}
					break
				}
			}
		}
	}
	return best
}

// freeLine[m] says whether some line of the master board avoids every board in m;
// nearDead[m] whether the boards in m, or m and one more board, block every line of
// the master board. Both are literals in tables.go.

// blocked returns, per side, the boards that block its lines on the master board: the
// closed boards it did not win, and the open boards where every line holds a tile of
// its opponent.
func blocked(p *uttt.Position) (bk [2]uint16) {
	for s := range bk {
		bk[s] = p.ClosedBoards() &^ p.WonBoards(uttt.Side(s))
	}
	for open := ^p.ClosedBoards() & full9; open != 0; open &= open - 1 {
		b := bits.TrailingZeros16(open)
		for s := range bk {
			if !freeLine[p.Tiles(uttt.Side(s^1), b)] {
				bk[s] |= 1 << b
			}
		}
	}
	return bk
}

// blockChild returns the blocked boards of q, the position after m in a position whose
// blocked boards are bk. Only the opponent of the mover can gain a board, m's: won by
// the mover, or with a tile of the mover in every line (a drawn board has, and
// already blocked the mover before its last tile).
func blockChild(bk *[2]uint16, q *uttt.Position, m uttt.Move) [2]uint16 {
	c, s, b := *bk, q.Side()^1, m.Board()
	if q.WonBoards(s)>>b&1 != 0 || !freeLine[q.Tiles(s, b)] {
		c[s^1] |= 1 << b
	}
	return c
}

// blockedAt sets and returns the blocked boards of p, the position at ply of the
// current line: from scratch at the root, else from its parent's (w.blk[ply-1]).
func (w *worker) blockedAt(p *uttt.Position, ply int) *[2]uint16 {
	if ply == 0 {
		w.blk[0] = blocked(p)
	} else {
		w.blk[ply] = blockChild(&w.blk[ply-1], p, p.Last())
	}
	return &w.blk[ply]
}
