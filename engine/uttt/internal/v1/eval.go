package v1

import (
	"math/bits"
	"sync"
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

// Evaluation weights (tuned by self-play; see eval_test.go and the README).
var (
	evalLine     = int32(1000) // a master line whose three boards are won
	evalBoard    = int32(24)   // per board, times its master weight, per unit of chance
	evalFreeMove = int32(60)   // the side to move may play anywhere
	boardWeight  = [9]int32{3, 2, 3, 2, 4, 2, 3, 2, 3}
	chanceMax    = 230 // an open board's chance never exceeds chanceMax/255
	chanceDamp   = 4
)

// boardChance[tern] packs, for one small board in ternary encoding (t3[x] + 2*t3[o]),
// X's chance of winning it in the low byte and O's in the high byte (0..255).
var (
	t3          [512]uint16
	boardChance [19683]uint16
	masterLines [8][3]uint8
)

// initEval builds the evaluation tables; initRules calls it after the rules tables it
// depends on.
func initEval() {
	for m := 0; m < 512; m++ {
		v, p := 0, 1
		for t := 0; t < 9; t++ {
			if m>>t&1 != 0 {
				v += p
			}
			p *= 3
		}
		t3[m] = uint16(v)
	}
	for i, l := range lines {
		k := 0
		for b := 0; b < 9; b++ {
			if l>>b&1 != 0 {
				masterLines[i][k] = uint8(b)
				k++
			}
		}
	}
}

// chance estimates each side's chance of winning a small board from its open lines.
func chance(x, o uint16) uint16 {
	switch {
	case winTab[x]:
		return 255
	case winTab[o]:
		return 255 << 8
	case x|o == full9:
		return 0
	}
	ax, ao := openLines(x, o), openLines(o, x)
	if ax+ao == 0 {
		return 0 // dead: nobody can win it
	}
	px := chanceMax * ax / (ax + ao + chanceDamp)
	po := chanceMax * ao / (ax + ao + chanceDamp)
	return uint16(px) | uint16(po)<<8
}

// lineWeight weighs an open line of a small board by the number of own tiles on it.
var lineWeight = [3]int{1, 2, 6}

// openLines weighs the lines of a small board still open for own (no opponent tile).
func openLines(own, opp uint16) int {
	a := 0
	for _, l := range lines {
		if l&opp == 0 {
			a += lineWeight[bits.OnesCount16(l&own)]
		}
	}
	return a
}

// tablesOnce builds every table on first use, not at package initialisation (which
// would cost every process of the analyze command about 1 ms).
var tablesOnce sync.Once

// tables builds the rules and evaluation tables once: Evaluate and Engine.Search, the
// ways in, call it.
func tables() {
	tablesOnce.Do(func() {
		initRules()
		fillChance()
	})
}

// fillChance fills boardChance from chance.
func fillChance() {
	for x := uint16(0); x < 512; x++ {
		for o := uint16(0); o < 512; o++ {
			if x&o == 0 {
				boardChance[t3[x]+2*t3[o]] = chance(x, o)
			}
		}
	}
}

// evalState holds the evaluation's terms for one position, so a child that changed a
// single small board is evaluated by updating the lines through that board.
type evalState struct {
	px, po [9]int32 // each side's chance per board, 0..255
	term   [8]int32 // per master line: X's product minus O's, scaled
	master int32    // sum of term
	board  int32    // sum of (px-po) times the board weight
}

// init needs boardChance filled: Evaluate and Engine.Search, the two ways in, fill it,
// so the search's frontier nodes do not check.
func (e *evalState) init(p *Position) {
	e.board = 0
	for b := 0; b < 9; b++ {
		c := boardChance[t3[p.Tiles(Side(0), int(b))]+2*t3[p.Tiles(Side(1), int(b))]]
		x, o := int32(c&255), int32(c>>8)
		e.px[b], e.po[b] = x, o
		e.board += (x - o) * boardWeight[b]
	}
	e.master = 0
	for i, l := range masterLines {
		t := e.lineTerm(l, &e.px, &e.po)
		e.term[i] = t
		e.master += t
	}
}

func (e *evalState) lineTerm(l [3]uint8, px, po *[9]int32) int32 {
	a, b, c := l[0], l[1], l[2]
	return (px[a]*px[b]*px[c] - po[a]*po[b]*po[c]) >> 8
}

// score combines the terms for the side to move.
func score(master, board int32, side Side, forced int8) int {
	s := master*evalLine>>16 + board*evalBoard>>8
	if side == O {
		s = -s
	}
	if forced < 0 {
		s += evalFreeMove
	}
	return int(s)
}

// child evaluates q, a child of the position e was initialised with whose only
// changed board is b; it equals Evaluate(q).
func (e *evalState) child(q *Position, b int) int {
	c := boardChance[t3[q.Tiles(Side(0), int(b))]+2*t3[q.Tiles(Side(1), int(b))]]
	x, o := int32(c&255), int32(c>>8)
	board := e.board + (x-e.px[b]-o+e.po[b])*boardWeight[b]
	px, po := e.px, e.po
	px[b], po[b] = x, o
	master := e.master
	for _, i := range linesThrough[b] {
		if i < 0 {
			break
		}
		master += e.lineTerm(masterLines[i], &px, &po) - e.term[i]
	}
	return score(master, board, q.Side(), int8(q.Forced()))
}

// linesThrough lists the master lines through each board, -1 terminated (a literal,
// so that no process computes it at start-up; v1_test.go checks it).
var linesThrough = [9][5]int8{
	{0, 3, 6, -1, -1},
	{0, 4, -1, -1, -1},
	{0, 5, 7, -1, -1},
	{1, 3, -1, -1, -1},
	{1, 4, 6, 7, -1},
	{1, 5, -1, -1, -1},
	{2, 3, 7, -1, -1},
	{2, 4, -1, -1, -1},
	{2, 5, 6, -1, -1},
}

// Evaluate returns the static evaluation of an ongoing position for the side to move.
func Evaluate(p *Position) int {
	tables()
	var e evalState
	e.init(p)
	return score(e.master, e.board, p.Side(), int8(p.Forced()))
}
