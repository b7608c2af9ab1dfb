package search

import (
	_ "embed"
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"sync"

	"github.com/boardlab/boardlab/engine/uttt"
)

// Scores are in the side to move's view. A won game scores ScoreWin minus the number of
// plies to the win, so faster wins score higher (as in the tournament, where a winner
// scores the empty tiles left).
const (
	ScoreWin = 30000
	// ScoreWinMin is the lowest score that is a proven win; -ScoreWinMin the highest
	// proven loss.
	ScoreWinMin = ScoreWin - 200
	scoreInf    = ScoreWin + 1
)

// IsWinScore reports whether score is a proven win or loss.
func IsWinScore(score int) bool { return score >= ScoreWinMin || score <= -ScoreWinMin }

// LinearScale is the linear evaluation's logistic scale, in evaluation units:
// Expected(score, LinearScale) is the expected result of a linear evaluation's score
// (the scale tune.FitScale fitted to self-play outcomes, 460.5, rounded). A network
// carries its own scale, FloatNet.K (499.5 in the embedded one): the same quantity for
// the network's scores, fitted to other games, so the two are not forced equal.
const LinearScale = 460.0

// Expected returns the expected result (1 a win, 1/2 a draw, 0 a loss) for the side to
// move of an evaluation score on the logistic scale k: 1/(1+exp(-score/k)). It is the
// one logistic curve of the search, the training and the review.
func Expected(score, k float64) float64 { return 1 / (1 + math.Exp(-score/k)) }

// Weights are the evaluation's parameters. The engine's are fitted to game outcomes
// by "analyze uttt tune" (a Texel-style logistic fit over self-play positions) and
// embedded from weights.txt.
type Weights struct {
	Line       int32    // a master line whose three boards are won
	Board      int32    // per board, times its class weight, per unit of chance
	Free       int32    // the side to move may play anywhere
	Tempo      int32    // the side to move's advantage (the move in hand)
	SendWin    int32    // the side to move can win a small board at once
	WinNow     int32    // the side to move can win the game at once (searched further)
	BoardClass [3]int32 // board weight of corners, edges and the centre (in eighths)
	LineOwn    [3]int32 // an open line of a small board with 0, 1, 2 own tiles
	ChanceMax  int32    // an open board's chance never exceeds ChanceMax/255
	ChanceDamp int32    // chance = ChanceMax * own lines / (own + opponent lines + damp)
	// Per side (own = the side to move): master lines with two boards won and the third
	// open, and open boards holding a tile that wins the board at once.
	MasterTwoOwn, MasterTwoOpp int32
	ThreatsOwn, ThreatsOpp     int32
	// Table 1 takes each small board's chances from the learned table (board_chance.bin,
	// each board state's observed result in self-play games) instead of counting lines;
	// LineOwn, ChanceMax and ChanceDamp then do not matter.
	Table int32
}

// V1Weights are the hand-set weights of the engine as of commit 82f0469 (no tempo, no
// threat terms).
// BoardClass and LineOwn are written 8 and 4 times finer than they were then (with
// ChanceDamp scaled alike), which leaves every evaluation unchanged.
var V1Weights = Weights{Line: 1000, Board: 24, Free: 60, BoardClass: [3]int32{24, 16, 32},
	LineOwn: [3]int32{4, 8, 24}, ChanceMax: 230, ChanceDamp: 16}

//go:embed weights.txt
var weightsText string

// learnedChance is the embedded learned board table (little-endian uint16 per ternary
// board index), used when Weights.Table is 1; see LearnBoardChance.
//
//go:embed board_chance.bin
var learnedChance []byte

// A Linear is the linear evaluation with one set of weights, its board table built.
// It is read-only once made, so one Linear may serve many engines at once.
type Linear struct {
	w                                      Weights
	line, board, free, tempo, sendWin, win int32
	masterTwo, threats                     [2]int32 // own, opponent
	boardWeight                            [9]int32
	lineWeight                             [3]int
	chanceMax, chanceDamp                  int
	// chance[tern] packs, for one small board in ternary encoding (t3[x] + 2*t3[o]),
	// X's chance of winning it in the low byte and O's in the high byte (0..255).
	chance [19683]uint16
}

// boardClass maps a board to its class: 0 corner, 1 edge, 2 centre.
var boardClass = [9]int{0, 1, 0, 1, 2, 1, 0, 1, 0}

// NewLinear builds the linear evaluation with weights w and, when w.Table is 1, the
// learned board table table (2*19683 bytes, as LearnBoardChance returns it; nil: the
// embedded one).
func NewLinear(w Weights, table []byte) *Linear {
	threatOnce.Do(fillThreats)
	if table == nil {
		table = learnedChance
	}
	l := &Linear{w: w, line: w.Line, board: w.Board, free: w.Free, tempo: w.Tempo, sendWin: w.SendWin, win: w.WinNow,
		masterTwo: [2]int32{w.MasterTwoOwn, w.MasterTwoOpp}, threats: [2]int32{w.ThreatsOwn, w.ThreatsOpp}}
	for b := range l.boardWeight {
		l.boardWeight[b] = w.BoardClass[boardClass[b]]
	}
	for i := range l.lineWeight {
		l.lineWeight[i] = int(max(w.LineOwn[i], 0))
	}
	l.chanceMax, l.chanceDamp = int(min(max(w.ChanceMax, 0), 255)), int(max(w.ChanceDamp, 0))
	if w.Table == 1 && len(table) == 2*len(l.chance) {
		for i := range l.chance {
			l.chance[i] = uint16(table[2*i]) | uint16(table[2*i+1])<<8
		}
		return l
	}
	for x := uint16(0); x < 512; x++ {
		for o := uint16(0); o < 512; o++ {
			if x&o == 0 {
				l.chance[t3[x]+2*t3[o]] = l.LineChance(x, o)
			}
		}
	}
	return l
}

// DefaultLinear returns the linear evaluation with the embedded weights (weights.txt)
// and board table, built once.
func DefaultLinear() *Linear {
	defaultLinear.once.Do(func() {
		w, err := ParseWeights(weightsText)
		if err != nil {
			panic("uttt: embedded " + err.Error())
		}
		defaultLinear.l = NewLinear(w, nil)
	})
	return defaultLinear.l
}

var defaultLinear struct {
	once sync.Once
	l    *Linear
}

// DefaultWeights returns the embedded weights (weights.txt), the engine's.
func DefaultWeights() Weights { return DefaultLinear().w }

// Weights returns the weights l evaluates with.
func (l *Linear) Weights() Weights { return l.w }

// weightFields lists the weights by name, in the order of weights.txt.
func (w *Weights) fields() []struct {
	Name string
	P    *int32
} {
	type f = struct {
		Name string
		P    *int32
	}
	return []f{{"line", &w.Line}, {"board", &w.Board}, {"free", &w.Free}, {"tempo", &w.Tempo},
		{"send_win", &w.SendWin}, {"win_now", &w.WinNow},
		{"board_corner", &w.BoardClass[0]}, {"board_edge", &w.BoardClass[1]}, {"board_centre", &w.BoardClass[2]},
		{"line_own0", &w.LineOwn[0]}, {"line_own1", &w.LineOwn[1]}, {"line_own2", &w.LineOwn[2]},
		{"chance_max", &w.ChanceMax}, {"chance_damp", &w.ChanceDamp}, {"board_table", &w.Table},
		{"master_two_own", &w.MasterTwoOwn}, {"master_two_opp", &w.MasterTwoOpp},
		{"threats_own", &w.ThreatsOwn}, {"threats_opp", &w.ThreatsOpp}}
}

// Params returns pointers to the weights with their names (for tuning).
func (w *Weights) Params() (names []string, ps []*int32) {
	for _, f := range w.fields() {
		names = append(names, f.Name)
		ps = append(ps, f.P)
	}
	return names, ps
}

// String writes the weights as weights.txt holds them: "name value" lines.
func (w Weights) String() string {
	var b strings.Builder
	for _, f := range w.fields() {
		fmt.Fprintf(&b, "%s %d\n", f.Name, *f.P)
	}
	return b.String()
}

// ParseWeights reads "name value" lines ('#' starts a comment); every weight must be
// given once.
func ParseWeights(text string) (Weights, error) {
	var w Weights
	byName := map[string]*int32{}
	for _, f := range w.fields() {
		byName[f.Name] = f.P
	}
	seen := map[string]bool{}
	for i, line := range strings.Split(text, "\n") {
		if j := strings.IndexByte(line, '#'); j >= 0 {
			line = line[:j]
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		p, ok := byName[f[0]]
		if len(f) != 2 || !ok || seen[f[0]] {
			return Weights{}, fmt.Errorf("weights line %d: %q: want a new weight's name and value", i+1, line)
		}
		v, err := strconv.ParseInt(f[1], 10, 32)
		if err != nil {
			return Weights{}, fmt.Errorf("weights line %d: %q: %v", i+1, line, err)
		}
		*p, seen[f[0]] = int32(v), true
	}
	if len(seen) != len(byName) {
		return Weights{}, fmt.Errorf("weights: %d of %d weights given", len(seen), len(byName))
	}
	return w, nil
}

// threatTab, a 19,683-entry table, is built on first use (NewLinear) rather than at
// package initialisation, which would cost every process (a one-board command) a
// millisecond.
var threatOnce sync.Once

// fillThreats fills threatTab from winMask.
func fillThreats() {
	for x := uint16(0); x < 512; x++ {
		for o := uint16(0); o < 512; o++ {
			if x&o == 0 {
				var t uint8
				if winMask[x]&^(x|o) != 0 {
					t |= 1
				}
				if winMask[o]&^(x|o) != 0 {
					t |= 2
				}
				threatTab[t3[x]+2*t3[o]] = t
			}
		}
	}
}

// winMask[own] holds the tiles that complete a line for own (taken ones included); it
// is in tables.go.

// threatTab[ternary board] has bit 0 set when X has an empty tile that wins the board
// at once, bit 1 when O has.
var threatTab [19683]uint8

// LineChance estimates each side's chance of winning a small board from the open lines
// of its tiles x and o under l's weights: X's chance (0..255) in the low byte, O's in the
// high byte.
func (l *Linear) LineChance(x, o uint16) uint16 {
	switch {
	case uttt.HasLine(x):
		return 255
	case uttt.HasLine(o):
		return 255 << 8
	case x|o == full9:
		return 0
	}
	ax, ao := l.openLines(x, o), l.openLines(o, x)
	if ax+ao == 0 || ax+ao+l.chanceDamp <= 0 {
		return 0 // dead: nobody can win it
	}
	px := l.chanceMax * ax / (ax + ao + l.chanceDamp)
	po := l.chanceMax * ao / (ax + ao + l.chanceDamp)
	return uint16(px) | uint16(po)<<8
}

// openLines weighs the lines of a small board still open for own (no opponent tile).
func (l *Linear) openLines(own, opp uint16) int {
	a := 0
	for _, m := range uttt.Lines() {
		if m&opp == 0 {
			a += l.lineWeight[bits.OnesCount16(m&own)]
		}
	}
	return a
}

// evalTerms are the linear evaluation's terms of one position. The search keeps them
// along its line (worker.lin), each ply's updated from its parent's by play.
type evalTerms struct {
	px, po [9]int32  // each side's chance per board, 0..255
	term   [8]int32  // per master line: X's product minus O's, scaled
	master int32     // sum of term
	board  int32     // sum of (px-po) times the board weight
	tm     [2]uint16 // per side: the boards (open or not) holding a tile that wins them
}

// evalState holds the evaluation's terms for one position, so a child that changed a
// single small board is evaluated by updating the lines through that board.
type evalState struct {
	evalTerms
	lin *Linear
	// With the network evaluation (initNet): the network, its first-layer sums for the
	// children's side to move, and the children's empties row (in int32, or in int16
	// with initNet16).
	nq     *Network
	nacc   *[NetHidden]int32
	nxe    *[NetHidden]int32
	nacc16 *[NetHidden]int16
	nxe16  *[NetHidden]int16
}

// init sets e to the terms of p under l.
func (e *evalTerms) init(l *Linear, p *uttt.Position) {
	e.board = 0
	e.tm = [2]uint16{}
	for b := 0; b < 9; b++ {
		i := t3[p.Tiles(0, b)] + 2*t3[p.Tiles(1, b)]
		c := l.chance[i]
		e.tm[0] |= uint16(threatTab[i]&1) << b
		e.tm[1] |= uint16(threatTab[i]>>1) << b
		x, o := int32(c&255), int32(c>>8)
		e.px[b], e.po[b] = x, o
		e.board += (x - o) * l.boardWeight[b]
	}
	e.master = 0
	for i, l := range masterLines {
		t := e.lineTerm(l, &e.px, &e.po)
		e.term[i] = t
		e.master += t
	}
}

func (e *evalTerms) lineTerm(l [3]uint8, px, po *[9]int32) int32 {
	a, b, c := l[0], l[1], l[2]
	return (px[a]*px[b]*px[c] - po[a]*po[b]*po[c]) >> 8
}

// play sets e to the terms of q from parent, those of q's parent position, when q's
// move changed board b only; it equals init(l, q).
func (e *evalTerms) play(l *Linear, parent *evalTerms, q *uttt.Position, b int) {
	*e = *parent
	i := t3[q.Tiles(0, b)] + 2*t3[q.Tiles(1, b)]
	c := l.chance[i]
	x, o := int32(c&255), int32(c>>8)
	e.board += (x - e.px[b] - o + e.po[b]) * l.boardWeight[b]
	e.px[b], e.po[b] = x, o
	e.tm[0] = e.tm[0]&^(1<<b) | uint16(threatTab[i]&1)<<b
	e.tm[1] = e.tm[1]&^(1<<b) | uint16(threatTab[i]>>1)<<b
	for _, l := range linesVia[b] {
		if l.line < 0 {
			break
		}
		t := (x*e.px[l.a]*e.px[l.c] - o*e.po[l.a]*e.po[l.c]) >> 8
		e.master += t - e.term[l.line]
		e.term[l.line] = t
	}
}

// score combines the terms for p's side to move, adding the side to move's terms; tm
// are the boards where each side holds a tile that wins them (evalState.tm).
func (l *Linear) score(master, board int32, tm [2]uint16, p *uttt.Position) int {
	s := master*l.line>>16 + board*l.board>>11
	if p.Side() == uttt.O {
		s = -s
	}
	s += l.tempo
	open := ^p.ClosedBoards() & full9
	playable := open
	if p.Forced() >= 0 {
		s2 := uint16(1) << p.Forced()
		playable = s2
	} else {
		s += l.free
	}
	own, opp := p.Side(), p.Side()^1
	if t := tm[own] & playable; t != 0 {
		if t&winMask[p.WonBoards(own)] != 0 {
			s += l.win
		} else {
			s += l.sendWin
		}
	}
	if l.masterTwo != [2]int32{} || l.threats != [2]int32{} {
		s += int32(bits.OnesCount16(tm[own]&open))*l.threats[0] + int32(bits.OnesCount16(tm[opp]&open))*l.threats[1]
		s += int32(masterTwo(p.WonBoards(own), open))*l.masterTwo[0] + int32(masterTwo(p.WonBoards(opp), open))*l.masterTwo[1]
	}
	return int(s)
}

// masterTwo counts the master lines holding two of won and whose third board is open
// (open holds no won board): the lines with exactly two won boards that touch open.
func masterTwo(won, open uint16) int {
	return bits.OnesCount8(twoWon[won] & linesTouching[open])
}

// twoWon[won] has bit i set when master line i holds exactly two boards of won;
// linesTouching[open] when line i holds a board of open. Both are in tables.go.

// threats returns 2 when the side to move can win the game at once, 1 when it can win a
// small board at once, else 0.
func threats(p *uttt.Position) int {
	s := p.Side()
	open := ^p.ClosedBoards() & full9
	if p.Forced() >= 0 {
		open = 1 << p.Forced()
	}
	r := 0
	for ; open != 0; open &= open - 1 {
		b := bits.TrailingZeros16(open)
		own := p.Tiles(s, b)
		if winMask[own]&^(own|p.Tiles(s^1, b)) != 0 {
			if uttt.HasLine(p.WonBoards(s) | 1<<b) {
				return 2
			}
			r = 1
		}
	}
	return r
}

// child evaluates q, a child of the position e was initialised with (under e.lin)
// whose only changed board is b; it equals e.lin.Evaluate(q).
func (e *evalState) child(q *uttt.Position, b int) int {
	l := e.lin
	i := t3[q.Tiles(0, b)] + 2*t3[q.Tiles(1, b)]
	c := l.chance[i]
	x, o := int32(c&255), int32(c>>8)
	board := e.board + (x-e.px[b]-o+e.po[b])*l.boardWeight[b]
	tm := e.tm
	tm[0] = tm[0]&^(1<<b) | uint16(threatTab[i]&1)<<b
	tm[1] = tm[1]&^(1<<b) | uint16(threatTab[i]>>1)<<b
	master := e.master
	for _, l := range linesVia[b] {
		if l.line < 0 {
			break
		}
		master += (x*e.px[l.a]*e.px[l.c]-o*e.po[l.a]*e.po[l.c])>>8 - e.term[l.line]
	}
	if e.nq != nil {
		return e.netChild(q, b, l.score(master, board, tm, q), tm)
	}
	return l.score(master, board, tm, q)
}

// linesVia (tables.go) lists the master lines through each board with their two
// other boards, line -1 terminated.

// Evaluate returns the static evaluation of an ongoing position for the side to move,
// with the embedded weights (DefaultLinear).
func Evaluate(p *uttt.Position) int { return DefaultLinear().Evaluate(p) }

// Evaluate returns l's static evaluation of an ongoing position for the side to move.
func (l *Linear) Evaluate(p *uttt.Position) int {
	var e evalTerms
	e.init(l, p)
	return l.score(e.master, e.board, e.tm, p)
}
