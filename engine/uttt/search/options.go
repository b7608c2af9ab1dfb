package search

import "sync"

// Options are the search's settings; DefaultOptions holds the tuned ones, and every
// value is safe (a setting only changes which moves are searched how deep, never the
// rules or a proof). Each Engine has its own (Engine.SetOptions).
type Options struct {
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

// defaultLMRGrow is DefaultOptions' LMRGrow, whose reductions are built once.
const defaultLMRGrow = 10

// DefaultOptions returns the tuned settings the engine plays with.
func DefaultOptions() Options {
	return Options{
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
