package search

import (
	"fmt"
	"sync"
)

// Options configure an Engine (NewEngine); the zero value is the engine that plays:
// a DefaultTableBytes table, one thread, the embedded network over the embedded linear
// weights, no contempt and the tuned search settings.
type Options struct {
	// TableBytes is the transposition table's size in bytes, rounded down to whole
	// MiB (at least one) and then to a power-of-two number of entries; 0:
	// DefaultTableBytes.
	TableBytes int64
	// Threads is the number of search threads (lazy SMP on the shared table); 0: one.
	Threads int
	// Eval chooses the evaluation: EvalNet evaluates with Network (the embedded network
	// when nil) over the linear evaluation Linear (DefaultLinear when nil), EvalLinear
	// with Linear alone (Network must then be nil), and "" is EvalNet that falls back to
	// the linear evaluation if the embedded network does not load.
	Eval    string
	Network *Network
	Linear  *Linear
	// Contempt, in evaluation units, is what a draw costs the side to move at the root:
	// a drawn end scores -Contempt for it (and +Contempt for the other side), so a
	// positive value plays on in positions it judges only slightly worse than a draw.
	// 0 scores draws 0, the game's value. The table is cleared when the root's side
	// changes from one search to the next under a contempt, since its draw scores
	// depend on it.
	Contempt int
	// Tuning holds the search's settings; nil: DefaultTuning.
	Tuning *Tuning
}

// DefaultTableBytes is the transposition table size of an Engine whose
// Options.TableBytes is 0, and of Search.
const DefaultTableBytes = 32 << 20

// check reports the first setting of o that NewEngine refuses.
func (o *Options) check() error {
	switch {
	case o.TableBytes < 0:
		return fmt.Errorf("table size %d bytes: want 0 (the default) or more", o.TableBytes)
	case o.Threads < 0:
		return fmt.Errorf("threads %d: want 0 (one) or more", o.Threads)
	case o.Eval == EvalLinear && o.Network != nil:
		return fmt.Errorf("a network with evaluation %q: want %s", EvalLinear, EvalNet)
	case o.Eval == "" || o.Eval == EvalNet && o.Network != nil:
		return nil
	}
	return CheckEval(o.Eval)
}

// Tuning is the search's settings; DefaultTuning holds the tuned ones, and every value
// is safe (a setting only changes which moves are searched how deep, never the rules or
// a proof).
type Tuning struct {
	// Reductions turns on late move reductions: at remaining depth LMRDepth or more,
	// quiet moves after the first LMRMoves are searched shallower, and again at full
	// depth if they beat alpha.
	Reductions         bool
	LMRDepth, LMRMoves int
	// LMRGrow > 0 reduces the i-th move (from 0) by max(2, 1/2 + ln(depth) ln(i) /
	// (LMRGrow/10)) plies, leaving at least depth 0; 0 reduces every move by 2.
	LMRGrow int
	// RFPDepth and RFPMargin set reverse futility pruning: in a null-window node at
	// remaining depth up to RFPDepth, a static evaluation above beta by RFPMargin per
	// ply of depth is returned at once (0: off).
	RFPDepth, RFPMargin int
	// FrontierOrder tries the ply's killer and the board-winning moves first at depth 1.
	FrontierOrder bool
	// Outlook bounds a node's value by a draw when a side can no longer complete a line
	// of the master board, and scores a node where neither can as a draw.
	Outlook bool
	// SEDepth > 0 turns on singular extensions: at remaining depth SEDepth or more, when
	// the table's move has a lower bound s from a search at most 3 plies shallower and
	// no other move reaches s - SEMargin*depth at half the depth, the table's move is
	// searched a ply deeper.
	SEDepth, SEMargin int
}

// defaultLMRGrow is DefaultTuning's LMRGrow, whose reductions are built once.
const defaultLMRGrow = 10

// DefaultTuning returns the tuned settings the engine plays with.
func DefaultTuning() Tuning {
	return Tuning{
		Reductions: true, LMRDepth: 3, LMRMoves: 2, LMRGrow: defaultLMRGrow,
		RFPDepth: 3, RFPMargin: 150,
		FrontierOrder: true, Outlook: true,
		SEDepth: 8, SEMargin: 3,
	}
}

// defaultLMRReductions returns the reductions of defaultLMRGrow, shared by the engines
// and built at the first call (a sync.Once rather than sync.OnceValue: nothing to
// allocate at start-up).
func defaultLMRReductions() *[64][81]int {
	defaultLMR.once.Do(func() { defaultLMR.t = lmrReductions(defaultLMRGrow) })
	return defaultLMR.t
}

var defaultLMR struct {
	once sync.Once
	t    *[64][81]int
}
