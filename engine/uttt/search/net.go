package search

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"iter"
	"math"
	"math/bits"
	"math/rand/v2"
	"os"
	"sync"
	"syscall"
	"unsafe"

	"github.com/boardlab/boardlab/engine/uttt"
)

// The network evaluation: a small value network over the nine small boards
// seen by the side to move, trained on self-play positions by "analyze uttt train".
//
// Inputs, for the side to move ("own") against the other side:
//   - per board b and its 3x3 state s (own-perspective ternary index, t3[own]+2*t3[opp]):
//     netFixed fixed features of s (for each side: lines still open, open lines holding
//     one and two of its tiles, won, its tiles, the centre; closed; and, on an open
//     board, each tile's owner and each empty tile that would win the board for either
//     side) and NetEmbed learned values E[s], shared by the nine boards; each board has
//     its own first-layer weights;
//   - per master line, the state of its three boards (64 one-hot inputs);
//   - the board to play in (9 one-hot inputs, or the free-move input) and its state's
//     fixed features (weights WF, shared by the nine boards), whether the side to move
//     can win a small board or the game at once, and the share of empty tiles.
//
// One hidden layer of NetHidden clipped ReLUs (0..1) gives the output L; the score is
// A*linear + K*L, where linear is the linear evaluation (Evaluate's weights) and K its
// logistic scale, so the network learns a correction to the linear evaluation and
// sigmoid(score/K) is the expected result.
//
// Inference is in integers: the first layer of each (board, state) pair is folded into
// a table of int16 rows (the board's weights times the state's features), so the hidden
// layer of a position is the sum of nine rows plus the extra inputs' rows, and a child
// that changed one board updates it by one row out and one row in. The 32-wide row
// updates and the output layer run in AVX2 where the CPU has it (netasm_amd64.s), with
// the search's sums in int16 when the network's bound allows (Network.fits16); the Go
// loops of netasm.go are the reference, and every path gives the same integers.
const (
	NetHidden = 32
	NetEmbed  = 4
	netFixed  = netFixed1 + 4*9     // the first network's 13 and, per tile, own, opp, own win, opp win
	netFixed1 = 13                  // the fixed features of the first file format (UTTTNET1)
	netFeat   = netFixed + NetEmbed // per board
	netExtra  = 13                  // forced board 0..8, free move, send win, win now, empties
	netStates = 19683
	// The master board's eight lines each have a row per state of their three boards
	// (own perspective; per board 0 open, 1 won by the side to move, 2 won by the other,
	// 3 drawn: 4^3 states).
	netLines      = 8
	netLineStates = 64
)

// Quantisation: hidden sums in units of 1/netQA, output weights in units of 1/netQB.
const (
	netQA     = 1 << 10
	netQB     = 1 << 10
	netShift  = 20 // log2(netQA*netQB)
	netAShift = 12 // A in units of 1/4096
)

// FloatNet is the network in floats, as trained and as stored in files (see
// MarshalBinary); NewNetwork quantises it into the Network an engine evaluates with.
type FloatNet struct {
	E  [netStates][NetEmbed]float32
	W1 [9][netFeat][NetHidden]float32
	WX [netExtra][NetHidden]float32
	WL [netLines][netLineStates][NetHidden]float32 // master lines (zero in files before UTTTNET3)
	// WF weighs the fixed features of the board to play in, shared by the nine boards
	// (zero on a free move, and in files before UTTTNET4).
	WF [netFixed][NetHidden]float32
	B1 [NetHidden]float32
	W2 [NetHidden]float32
	C  float32 // output bias
	A  float32 // weight of the linear evaluation
	K  float32 // logistic scale of the score (eval units)
}

// netFixedTab holds the fixed features of each own-perspective board state, and netNZ
// the indices of its non-zero ones (the training's forward and backward passes visit
// only those).
var (
	netFixedTab [netStates][netFixed]float32
	netNZ       [netStates]struct {
		n uint8
		d [netFixed]uint8
	}
)

var netFixedOnce sync.Once

func fillNetFixed() {
	for own := uint16(0); own < 512; own++ {
		for opp := uint16(0); opp < 512; opp++ {
			if own&opp != 0 {
				continue
			}
			f := &netFixedTab[t3[own]+2*t3[opp]]
			var oOpen, pOpen, oOne, pOne, oTwo, pTwo int
			for _, l := range uttt.Lines() {
				no, np := bits.OnesCount16(l&own), bits.OnesCount16(l&opp)
				if np == 0 {
					oOpen++
					oOne += b2i(no == 1)
					oTwo += b2i(no == 2)
				}
				if no == 0 {
					pOpen++
					pOne += b2i(np == 1)
					pTwo += b2i(np == 2)
				}
			}
			wonO, wonP := uttt.HasLine(own), uttt.HasLine(opp)
			closed := wonO || wonP || own|opp == full9
			if closed {
				oOpen, pOpen, oOne, pOne, oTwo, pTwo = 0, 0, 0, 0, 0, 0
			}
			*(*[netFixed1]float32)(f[:netFixed1]) = [netFixed1]float32{float32(oOpen) / 8, float32(pOpen) / 8, float32(min(oTwo, 2)) / 2, float32(min(pTwo, 2)) / 2,
				b2f(wonO), b2f(wonP), b2f(closed), float32(oOne) / 8, float32(pOne) / 8,
				float32(bits.OnesCount16(own)) / 9, float32(bits.OnesCount16(opp)) / 9, b2f(own&16 != 0), b2f(opp&16 != 0)}
			if closed {
				continue // a closed board's tiles no longer matter
			}
			empty := full9 &^ (own | opp)
			for i := range 9 {
				bit := uint16(1) << i
				f[netFixed1+i] = b2f(own&bit != 0)
				f[netFixed1+9+i] = b2f(opp&bit != 0)
				f[netFixed1+18+i] = b2f(empty&bit != 0 && uttt.HasLine(own|bit))
				f[netFixed1+27+i] = b2f(empty&bit != 0 && uttt.HasLine(opp|bit))
			}
		}
	}
	for st := range netFixedTab {
		z := &netNZ[st]
		for d, v := range netFixedTab[st] {
			if v != 0 {
				z.d[z.n] = uint8(d)
				z.n++
			}
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func b2f(b bool) float32 {
	if b {
		return 1
	}
	return 0
}

// A NetInput is what the network reads of a position, for its side to move: the data a
// network is trained on (NetInputOf).
type NetInput struct {
	s       [9]uint16       // own-perspective board states
	forced  int8            // board to play in, -1 free
	sendWin bool            // the side to move can win a small board at once
	winNow  bool            // ... and with it the game
	empty   uint8           // empty tiles
	lin     int32           // linear evaluation
	ln      [netLines]uint8 // master lines' states (lineState)
}

// A lineSlot is a master line through a board and the board's place in it (0..2).
type lineSlot struct{ l, i uint8 }

// lineBoards lists each master line's boards, lineSlots the lines through each board
// (2 to 4), and spread2 each 9-bit set with its bits moved to the even bits of 18:
// literals in tables.go.

// lineCodes returns the master board seen by side me, two bits per board: 0 open, 1
// won by me, 2 won by the other, 3 drawn.
func lineCodes(p *uttt.Position, me uttt.Side) uint32 {
	own, opp := p.WonBoards(me), p.WonBoards(me^1)
	return spread2[own] | spread2[opp]<<1 | 3*spread2[p.ClosedBoards()&^(own|opp)]
}

// lineState returns master line l's state (0..63) from the codes of lineCodes: its
// boards' codes, in order, two bits each.
func lineState(codes uint32, l int) uint8 {
	b := &lineBoards[l]
	return uint8(codes>>(2*b[0])&3 | (codes>>(2*b[1])&3)<<2 | (codes>>(2*b[2])&3)<<4)
}

// boardIndex returns board b's state seen by side me.
func boardIndex(p *uttt.Position, me uttt.Side, b int) uint16 {
	return t3[p.Tiles(me, b)] + 2*t3[p.Tiles(me^1, b)]
}

// threatFlags returns the send-win and win-now inputs from the boards where each side
// holds a tile that wins them (evalState.tm), as score computes them.
func threatFlags(p *uttt.Position, tm [2]uint16) (sendWin, winNow bool) {
	playable := ^p.ClosedBoards() & full9
	if p.Forced() >= 0 {
		playable = 1 << p.Forced()
	}
	own := p.Side()
	if t := tm[own] & playable; t != 0 {
		if t&winMask[p.WonBoards(own)] != 0 {
			return false, true
		}
		return true, false
	}
	return false, false
}

// inputOf reads p's network inputs, with l's linear evaluation; the network's fixed
// feature table must be built (netFixedOnce).
func inputOf(l *Linear, p *uttt.Position) NetInput {
	var e evalState
	e.init(l, p)
	in := NetInput{forced: int8(p.Forced()), empty: uint8(p.Empty())}
	in.lin = int32(l.score(e.master, e.board, e.tm, p))
	in.sendWin, in.winNow = threatFlags(p, e.tm)
	for b := 0; b < 9; b++ {
		in.s[b] = boardIndex(p, p.Side(), b)
	}
	c := lineCodes(p, p.Side())
	for l := range netLines {
		in.ln[l] = lineState(c, l)
	}
	return in
}

// NetInputOf returns the network's inputs of p, with the embedded linear weights'
// evaluation (DefaultLinear).
func NetInputOf(p *uttt.Position) NetInput {
	netFixedOnce.Do(fillNetFixed)
	return inputOf(DefaultLinear(), p)
}

// Board returns the state of board b (0..19682, ternary, for the side to move) in in.
func (in *NetInput) Board(b int) uint16 { return in.s[b] }

// Linear returns the linear evaluation recorded in in, for the side to move.
func (in *NetInput) Linear() int32 { return in.lin }

// Forward returns the float network's score of in, in evaluation units (sigmoid(score/K)
// is the expected result).
func (n *FloatNet) Forward(in *NetInput) float64 {
	netFixedOnce.Do(fillNetFixed)
	return n.forward(in, nil)
}

// ForwardHidden is Forward that also stores in h the hidden sums before the clipped
// ReLU, what training differentiates.
func (n *FloatNet) ForwardHidden(in *NetInput, h *[NetHidden]float32) float64 {
	netFixedOnce.Do(fillNetFixed)
	return n.forward(in, h)
}

// Forced returns the board to play in recorded in in, or -1 for a free move.
func (in *NetInput) Forced() int { return int(in.forced) }

// Empty returns the number of empty tiles recorded in in.
func (in *NetInput) Empty() int { return int(in.empty) }

// Lines returns the states (0..63) of the master board's eight lines recorded in in,
// each line's three boards two bits each: 0 open, 1 won by the side to move, 2 won by
// the other, 3 drawn.
func (in *NetInput) Lines() [netLines]uint8 { return in.ln }

// Extras returns the indices into FloatNet.WX of the extra inputs set in in: the board
// to play in (0..8) or the free move (9), then send win (10) and win now (11) if set.
// The empties input, the last row of WX, is apart.
func (in *NetInput) Extras(buf *[3]int) []int { return in.extras(buf) }

// Features yields the non-zero inputs (index into a row W1[b], value) of one board
// state for the side to move, as NetInput.Board gives it: its fixed features, then its
// embedding values, which are the last NetEmbed of the row. It reads the feature table
// that NetInputOf, the maker of every NetInput, builds (and stays inlined for the
// training's inner loop).
func (n *FloatNet) Features(s uint16) iter.Seq2[int, float32] { return n.active(s) }

// FixedFeatures yields the non-zero fixed features (index into FloatNet.WF, value) of
// one board state for the side to move, from the table of Features.
func FixedFeatures(s uint16) iter.Seq2[int, float32] { return fixedActive(s) }

// extras returns the indices of the extra inputs set (forced board or free move, send
// win, win now); the empties input is handled apart.
func (in *NetInput) extras(buf *[3]int) []int {
	n := 0
	if in.forced >= 0 {
		buf[n] = int(in.forced)
	} else {
		buf[n] = 9
	}
	n++
	if in.sendWin {
		buf[n] = 10
		n++
	}
	if in.winNow {
		buf[n] = 11
		n++
	}
	return buf[:n]
}

// forward computes the float score of in (eval units) and, if h is given, the hidden
// sums before the clipped ReLU.
func (n *FloatNet) forward(in *NetInput, h *[NetHidden]float32) float64 {
	var acc [NetHidden]float32
	acc = n.B1
	for b := 0; b < 9; b++ {
		for d, v := range n.active(in.s[b]) {
			addScaled(&acc, &n.W1[b][d], v)
		}
	}
	for l, st := range in.ln {
		addScaled(&acc, &n.WL[l][st], 1)
	}
	if in.forced >= 0 {
		for d, v := range fixedActive(in.s[in.forced]) {
			addScaled(&acc, &n.WF[d], v)
		}
	}
	var buf [3]int
	for _, x := range in.extras(&buf) {
		for j := range acc {
			acc[j] += n.WX[x][j]
		}
	}
	ev := float32(in.empty) / 81
	for j := range acc {
		acc[j] += ev * n.WX[12][j]
	}
	if h != nil {
		*h = acc
	}
	l := float64(n.C)
	for j, v := range acc {
		l += float64(n.W2[j]) * float64(min(max(v, 0), 1))
	}
	return float64(n.A)*float64(in.lin) + float64(n.K)*l
}

// active yields the non-zero inputs (index into W1[b], value) of one own-perspective
// board state: its fixed features, then its embedding values.
func (n *FloatNet) active(s uint16) iter.Seq2[int, float32] {
	return func(yield func(int, float32) bool) {
		nz, ft := &netNZ[s], &netFixedTab[s]
		for _, d := range nz.d[:nz.n] {
			if !yield(int(d), ft[d]) {
				return
			}
		}
		for e, v := range n.E[s] {
			if v != 0 && !yield(netFixed+e, v) {
				return
			}
		}
	}
}

// fixedActive yields the non-zero fixed features (index, value) of one own-perspective
// board state.
func fixedActive(s uint16) iter.Seq2[int, float32] {
	return func(yield func(int, float32) bool) {
		nz, ft := &netNZ[s], &netFixedTab[s]
		for _, d := range nz.d[:nz.n] {
			if !yield(int(d), ft[d]) {
				return
			}
		}
	}
}

// addScaled adds v times src to dst, each product rounded to float32 before the add
// (the conversion keeps the compiler from fusing them into multiply-adds, as it does on
// arm64), so that every machine computes the same floats.
func addScaled(dst, src *[NetHidden]float32, v float32) {
	for j := range dst {
		dst[j] += float32(v * src[j])
	}
}

// Evaluate returns the float network's score of p for the side to move, with the
// embedded linear weights (the reference the integer inference is tested against).
func (n *FloatNet) Evaluate(p *uttt.Position) float64 {
	netFixedOnce.Do(fillNetFixed)
	in := inputOf(DefaultLinear(), p)
	return n.forward(&in, nil)
}

// A Network is a float network made ready for the search (quantised to integers,
// NewNetwork). It is read-only once made, so one Network may serve many engines at
// once.
type Network struct {
	v [9][netStates][NetHidden]int16 // board b in state s: W1[b] times features(s)
	x [netExtra][NetHidden]int16
	l [netLines][netLineStates][NetHidden]int16 // the master lines' rows
	// f[s]: the row of the board to play in, in state s (WF times its fixed features);
	// f[netStates], a free move's, is zero.
	f [netStates + 1][NetHidden]int16
	// lines: some line row is not zero (else the search skips their updates)
	lines bool
	xe    [82][NetHidden]int32 // the empties input's row for 0..81 empty tiles
	// xs[f][t]: the rows of the board to play in (f = 0..8, 9 free) plus, for t = 1
	// and 2, the send-win or win-now row (the two exclude each other).
	xs [10][3][NetHidden]int32
	b1 [NetHidden]int32
	w2 [NetHidden]int32
	// fits16: every hidden sum the network can form (the bias, one row per board, the
	// extra inputs' rows) lies in the int16 range, so the search may keep its sums in
	// int16 (wrapping arithmetic is exact modulo 2^16, hence exact for a result in
	// range) with the same scores; then xs16, xe16 and w216 are xs, xe and w2 in int16.
	fits16 bool
	xs16   [10][3][NetHidden]int16
	xe16   [82][NetHidden]int16
	w216   [NetHidden]int16
	c      int32 // K*C, eval units
	a      int32 // A in units of 1/4096
	k      int32 // K, eval units
}

func q16(v float32, scale float64) int16 {
	r := math.Round(float64(v) * scale)
	return int16(min(max(r, math.MinInt16), math.MaxInt16))
}

// quantize builds the integer network of n.
func (n *FloatNet) quantize() *Network {
	netFixedOnce.Do(fillNetFixed)
	q := new(Network)
	hugePages(unsafe.Pointer(q), unsafe.Sizeof(*q))
	// The nine boards' rows on all cores (a process's first network search waits for
	// them).
	var wg sync.WaitGroup
	for b := range 9 {
		wg.Go(func() { n.boardRows(q, b) })
	}
	wg.Wait()
	for x := range n.WX {
		for j, v := range n.WX[x] {
			q.x[x][j] = q16(v, netQA)
		}
	}
	for e := range q.xe {
		for j := range q.xe[e] {
			q.xe[e][j] = int32(q.x[12][j]) * int32(e) / 81
		}
	}
	for s := range netStates {
		var acc [NetHidden]float32
		for d, v := range fixedActive(uint16(s)) {
			addScaled(&acc, &n.WF[d], v)
		}
		for j, v := range acc {
			q.f[s][j] = q16(v, netQA)
		}
	}
	for l := range n.WL {
		for st := range n.WL[l] {
			for j, v := range n.WL[l][st] {
				q.l[l][st][j] = q16(v, netQA)
				q.lines = q.lines || q.l[l][st][j] != 0
			}
		}
	}
	for f := range q.xs {
		for t := range q.xs[f] {
			for j := range q.xs[f][t] {
				v := int32(q.x[f][j])
				if t > 0 {
					v += int32(q.x[9+t][j])
				}
				q.xs[f][t][j] = v
			}
		}
	}
	for j := range n.B1 {
		q.b1[j] = int32(q16(n.B1[j], netQA))
		q.w2[j] = int32(q16(n.W2[j], netQB))
	}
	q.fill16()
	q.k = int32(math.Round(float64(n.K)))
	q.c = int32(math.Round(float64(n.K) * float64(n.C)))
	q.a = int32(math.Round(float64(n.A) * (1 << netAShift)))
	return q
}

// boardRows fills q.v[b]: for every state s, the int16 row of W1[b] . features(s).
// Each hidden unit's sum stays in a register while the features are added in order,
// skipping zero ones: the float operations of the plain loop over the row, which
// TestNetQuantizeRows holds it to.
func (n *FloatNet) boardRows(q *Network, b int) {
	w := &n.W1[b]
	for s := range netStates {
		var ds [netFeat]int
		var vs [netFeat]float32
		k := 0
		for d, v := range n.active(uint16(s)) {
			ds[k], vs[k] = d, v
			k++
		}
		row := &q.v[b][s]
		for j := 0; j < NetHidden; j += 8 { // eight independent sums hide the adds' latency
			var a0, a1, a2, a3, a4, a5, a6, a7 float32
			for i, d := range ds[:k] {
				// Each product rounded before its add, never fused (see addScaled): every
				// machine builds the same rows, those of net_q.bin.
				v, r := vs[i], (*[8]float32)(w[d][j:j+8])
				a0 += float32(v * r[0])
				a1 += float32(v * r[1])
				a2 += float32(v * r[2])
				a3 += float32(v * r[3])
				a4 += float32(v * r[4])
				a5 += float32(v * r[5])
				a6 += float32(v * r[6])
				a7 += float32(v * r[7])
			}
			row[j], row[j+1], row[j+2], row[j+3] = q16(a0, netQA), q16(a1, netQA), q16(a2, netQA), q16(a3, netQA)
			row[j+4], row[j+5], row[j+6], row[j+7] = q16(a4, netQA), q16(a5, netQA), q16(a6, netQA), q16(a7, netQA)
		}
	}
}

// fill16 sets fits16 from the extremes of every hidden unit's sum (the bias plus, for
// each board, master line, the board to play in and the extra and empties inputs, its
// rows' least and greatest value)
// and fills the int16 copies of the rows the int16 path reads.
func (q *Network) fill16() {
	q.fits16 = true
	for j := range NetHidden {
		lo, hi := int64(q.b1[j]), int64(q.b1[j])
		for b := range q.v {
			mn, mx := int64(math.MaxInt16), int64(math.MinInt16)
			for s := range q.v[b] {
				v := int64(q.v[b][s][j])
				mn, mx = min(mn, v), max(mx, v)
			}
			lo, hi = lo+mn, hi+mx
		}
		for l := range q.l {
			mn, mx := int64(math.MaxInt16), int64(math.MinInt16)
			for st := range q.l[l] {
				v := int64(q.l[l][st][j])
				mn, mx = min(mn, v), max(mx, v)
			}
			lo, hi = lo+mn, hi+mx
		}
		{
			mn, mx := int64(math.MaxInt16), int64(math.MinInt16)
			for s := range q.f {
				v := int64(q.f[s][j])
				mn, mx = min(mn, v), max(mx, v)
			}
			lo, hi = lo+mn, hi+mx
		}
		mn, mx := int64(math.MaxInt32), int64(math.MinInt32)
		for f := range q.xs {
			for t := range q.xs[f] {
				v := int64(q.xs[f][t][j])
				mn, mx = min(mn, v), max(mx, v)
			}
		}
		lo, hi = lo+mn, hi+mx
		mn, mx = int64(math.MaxInt32), int64(math.MinInt32)
		for e := range q.xe {
			v := int64(q.xe[e][j])
			mn, mx = min(mn, v), max(mx, v)
		}
		lo, hi = lo+mn, hi+mx
		if lo < math.MinInt16 || hi > math.MaxInt16 || q.w2[j] < math.MinInt16 || q.w2[j] > math.MaxInt16 {
			q.fits16 = false
		}
	}
	for f := range q.xs {
		for t := range q.xs[f] {
			for j, v := range q.xs[f][t] {
				q.xs16[f][t][j] = int16(v)
			}
		}
	}
	for e := range q.xe {
		for j, v := range q.xe[e] {
			q.xe16[e][j] = int16(v)
		}
	}
	for j, v := range q.w2 {
		q.w216[j] = int16(v)
	}
}

// accumulate sets acc to the first layer's sum over the nine boards and the master
// lines for side me.
func (q *Network) accumulate(p *uttt.Position, me uttt.Side, acc *[NetHidden]int32) {
	*acc = q.b1
	for b := 0; b < 9; b++ {
		row := &q.v[b][boardIndex(p, me, b)]
		for j := range acc {
			acc[j] += int32(row[j])
		}
	}
	c := lineCodes(p, me)
	for l := range netLines {
		row := &q.l[l][lineState(c, l)]
		for j := range acc {
			acc[j] += int32(row[j])
		}
	}
}

// lineRows returns, for q whose last move closed board b and seen by the side whose
// codes are c, the rows of the master lines through b before (old) and after (cur) the
// move: board b was open before, so a line's state then is its state now with b's code
// cleared. Lines past the 2 to 4 through b get zero rows.
func (nq *Network) lineRows(c uint32, b int) (old, cur [4]*[NetHidden]int16) {
	for k := range old {
		old[k], cur[k] = &netZero16, &netZero16
	}
	for k, sl := range lineSlots[b] {
		st := lineState(c, int(sl.l))
		cur[k], old[k] = &nq.l[sl.l][st], &nq.l[sl.l][st&^(3<<(2*sl.i))]
	}
	return old, cur
}

// xrow returns the row of the non-board inputs but the empties.
func (q *Network) xrow(forced int8, sendWin, winNow bool) *[NetHidden]int32 {
	f, t := q.xindex(forced, sendWin, winNow)
	return &q.xs[f][t]
}

// xindex returns the index in xs of the non-board inputs but the empties.
func (q *Network) xindex(forced int8, sendWin, winNow bool) (f, t int) {
	f = 9
	if forced >= 0 {
		f = int(forced)
	}
	if sendWin {
		t = 1
	} else if winNow {
		t = 2
	}
	return f, t
}

// output finishes the evaluation from the boards' sum acc and the other inputs; fs is
// the state of the board to play in (forcedState).
func (q *Network) output(acc *[NetHidden]int32, forced int8, fs uint16, sendWin, winNow bool, empty int32, lin int32) int {
	xs, xe := q.xrow(forced, sendWin, winNow), &q.xe[min(max(empty, 0), 81)]
	return q.final(netOut(acc, xs, xe, &netZero16, &netZero16, &q.f[fs], &q.w2), lin)
}

// forcedState returns the index in Network.f of p's board to play in, seen by its side to
// move (netStates on a free move).
func forcedState(p *uttt.Position) uint16 {
	if p.Forced() < 0 {
		return netStates
	}
	return boardIndex(p, p.Side(), int(p.Forced()))
}

// netZero16 is a row of zeros for netOut's unused operands.
var netZero16 [NetHidden]int16

// final turns the output layer's sum and the linear evaluation into the score.
func (q *Network) final(out, lin int32) int {
	s := lin*q.a>>netAShift + int32(int64(out)*int64(q.k)>>netShift) + q.c
	return int(min(max(s, -(ScoreWinMin-1)), ScoreWinMin-1))
}

// evaluate is the plain (not incremental) integer evaluation of p, with l's linear
// evaluation.
func (q *Network) evaluate(l *Linear, p *uttt.Position) int {
	var acc [NetHidden]int32
	var e evalTerms
	q.accumulate(p, p.Side(), &acc)
	e.init(l, p)
	return q.evaluateSums(l, p, &e, &acc)
}

// evaluateSums16 is evaluateSums with the sums in int16 (fits16 must hold).
func (q *Network) evaluateSums16(l *Linear, p *uttt.Position, e *evalTerms, acc *[NetHidden]int16) int {
	lin := int32(l.score(e.master, e.board, e.tm, p))
	sw, wn := threatFlags(p, e.tm)
	f, t := q.xindex(int8(p.Forced()), sw, wn)
	xe := &q.xe16[min(max(p.Empty(), 0), 81)]
	return q.final(netOut16(acc, &q.xs16[f][t], xe, &netZero16, &netZero16, &q.f[forcedState(p)], &q.w216), lin)
}

// evaluateSums evaluates p from its linear terms e under l and its boards' sums for its
// side to move.
func (q *Network) evaluateSums(l *Linear, p *uttt.Position, e *evalTerms, acc *[NetHidden]int32) int {
	lin := int32(l.score(e.master, e.board, e.tm, p))
	sw, wn := threatFlags(p, e.tm)
	return q.output(acc, int8(p.Forced()), forcedState(p), sw, wn, int32(p.Empty()), lin)
}

// The embedded network, in its float and its integer form, built on first use (or when
// an engine is made).
//
//go:embed net.bin
var netBin []byte

type embedded struct {
	net *FloatNet
	nw  *Network
	err error
}

// loadNet returns the embedded network, built at the first call.
func loadNet() embedded {
	netLoad.once.Do(func() {
		n := new(FloatNet)
		if err := n.UnmarshalBinary(netBin); err != nil {
			netLoad.e = embedded{err: fmt.Errorf("uttt: embedded net.bin: %v", err)}
			return
		}
		nw := unmarshalQuantized(netQuantized, netBin) // quantised at build time, when it is net.bin's
		if nw == nil {
			nw = n.quantize()
		}
		netAsmEnabled()
		netLoad.e = embedded{net: n, nw: nw}
	})
	return netLoad.e
}

var netLoad struct {
	once sync.Once
	e    embedded
}

// EmbeddedNetwork returns the embedded network, ready for the search, or an error if it
// does not load.
func EmbeddedNetwork() (*Network, error) {
	e := loadNet()
	return e.nw, e.err
}

// EvaluateNet returns the embedded network's evaluation of an ongoing position for the
// side to move, in the units of Evaluate. It falls back to Evaluate if the network did
// not load.
func EvaluateNet(p *uttt.Position) int {
	e := loadNet()
	if e.err != nil {
		return Evaluate(p)
	}
	return e.nw.evaluate(DefaultLinear(), p)
}

// The file formats: UTTTNET4 adds the weights of the board to play in (WF) to UTTTNET3,
// which adds the master lines' weights (WL) to UTTTNET2, which records the fixed
// features per board; UTTTNET1, the first network's, had netFixed1 of them. An older
// file is read with the weights it lacks at zero.
const (
	netMagic  = "UTTTNET4"
	netMagic3 = "UTTTNET3"
	netMagic2 = "UTTTNET2"
	netMagic1 = "UTTTNET1"
)

// netFileSize returns the size of a network file in the current format.
func netFileSize() int64 {
	return int64(len(netMagic)+16) + 4*int64(new(FloatNet).paramCount(netFixed, 4))
}

// MarshalBinary writes the network: a magic string, the sizes (hidden units, embedding
// values, fixed features per board, master lines), then every parameter as a
// little-endian float32 (E, W1, WX, WL, B1, W2, C, A, K).
func (n *FloatNet) MarshalBinary() ([]byte, error) {
	out := []byte(netMagic)
	out = binary.LittleEndian.AppendUint32(out, NetHidden)
	out = binary.LittleEndian.AppendUint32(out, NetEmbed)
	out = binary.LittleEndian.AppendUint32(out, netFixed)
	out = binary.LittleEndian.AppendUint32(out, netLines)
	n.each(func(p *float32) { out = binary.LittleEndian.AppendUint32(out, math.Float32bits(*p)) })
	return out, nil
}

// UnmarshalBinary reads what MarshalBinary wrote, or an older format (UTTTNET3,
// UTTTNET2, UTTTNET1).
func (n *FloatNet) UnmarshalBinary(data []byte) error {
	var fixed uint32 = netFixed1
	header, ver := 8, 1 // bytes of sizes after the magic, format
	switch {
	case len(data) >= len(netMagic)+16 && (string(data[:len(netMagic)]) == netMagic || string(data[:len(netMagic)]) == netMagic3):
		fixed = binary.LittleEndian.Uint32(data[len(netMagic)+8:])
		if nl := binary.LittleEndian.Uint32(data[len(netMagic)+12:]); nl != netLines {
			return fmt.Errorf("network of %d master lines; this build reads %d", nl, netLines)
		}
		header, ver = 16, 3
		if string(data[:len(netMagic)]) == netMagic {
			ver = 4
		}
	case len(data) >= len(netMagic2)+12 && string(data[:len(netMagic2)]) == netMagic2:
		fixed = binary.LittleEndian.Uint32(data[len(netMagic2)+8:])
		header, ver = 12, 2
	case len(data) >= len(netMagic1)+8 && string(data[:len(netMagic1)]) == netMagic1:
	default:
		return errors.New("not a uttt network (bad magic)")
	}
	if header > 8 && fixed != netFixed {
		return fmt.Errorf("network of %d fixed features per board; this build reads %d", fixed, netFixed)
	}
	data = data[len(netMagic):]
	h, e := binary.LittleEndian.Uint32(data), binary.LittleEndian.Uint32(data[4:])
	if h != NetHidden || e != NetEmbed {
		return fmt.Errorf("network of %d hidden units and %d embedding values; this build reads %d and %d", h, e, NetHidden, NetEmbed)
	}
	data = data[header:]
	*n = FloatNet{}
	count := n.paramCount(int(fixed), ver)
	if len(data) != 4*count {
		return fmt.Errorf("network parameters: %d bytes, want %d", len(data), 4*count)
	}
	i := 0
	n.eachFixed(int(fixed), ver, func(p *float32) {
		*p = math.Float32frombits(binary.LittleEndian.Uint32(data[i:]))
		i += 4
	})
	return nil
}

// paramCount is the number of parameters in a file of format ver (1..4) with fixed
// features per board.
func (n *FloatNet) paramCount(fixed int, ver int) int {
	c := 0
	n.eachFixed(fixed, ver, func(*float32) { c++ })
	return c
}

// each calls f on every parameter in the stored order.
func (n *FloatNet) each(f func(*float32)) { n.eachFixed(netFixed, 4, f) }

// eachFixed calls f on every parameter in the order of a file of format ver (1..4) with
// fixed features per board (at most netFixed): the weights a file lacks (the master
// lines' before format 3, the board to play in's before 4) are left out.
func (n *FloatNet) eachFixed(fixed int, ver int, f func(*float32)) {
	for s := range n.E {
		for d := range n.E[s] {
			f(&n.E[s][d])
		}
	}
	for b := range n.W1 {
		for d := range n.W1[b] {
			if d >= fixed && d < netFixed {
				continue
			}
			for j := range n.W1[b][d] {
				f(&n.W1[b][d][j])
			}
		}
	}
	for x := range n.WX {
		for j := range n.WX[x] {
			f(&n.WX[x][j])
		}
	}
	if ver >= 3 {
		for l := range n.WL {
			for st := range n.WL[l] {
				for j := range n.WL[l][st] {
					f(&n.WL[l][st][j])
				}
			}
		}
	}
	if ver >= 4 {
		for d := range n.WF {
			for j := range n.WF[d] {
				f(&n.WF[d][j])
			}
		}
	}
	for j := range n.B1 {
		f(&n.B1[j])
	}
	for j := range n.W2 {
		f(&n.W2[j])
	}
	f(&n.C)
	f(&n.A)
	f(&n.K)
}

// initNet makes e's children evaluated by the network nq (after init): sums are the
// first-layer sums of p's boards for the children's side to move (p.side^1), which
// must stay unchanged while e is used.
func (e *evalState) initNet(p *uttt.Position, nq *Network, sums *[NetHidden]int32) {
	e.nq, e.nacc, e.nacc16 = nq, sums, nil
	// The children's empties row is the same for all.
	e.nxe = &nq.xe[min(max(p.Empty()-1, 0), 81)]
}

// initNet16 is initNet with the sums in int16 (Network.fits16 must hold).
func (e *evalState) initNet16(p *uttt.Position, nq *Network, sums *[NetHidden]int16) {
	e.nq, e.nacc, e.nacc16 = nq, nil, sums
	e.nxe16 = &nq.xe16[min(max(p.Empty()-1, 0), 81)]
}

// netChild is the network evaluation of q = p.Play(m), a child of e's position p whose
// move changed board b only, whose linear evaluation is lin; it equals
// Network.evaluate(q).
func (e *evalState) netChild(q *uttt.Position, b int, lin int, tm [2]uint16) int {
	nq := e.nq
	// Seen by q's side to move, the move put an opponent's tile on board b.
	own := q.Side()
	cur := t3[q.Tiles(own, b)] + 2*t3[q.Tiles(own^1, b)]
	old := cur - 2*t3[1<<q.Last().Tile()]
	// The extra inputs' row: xindex of threatFlags, merged by hand (calling the two, both
	// inlined, measured 2-4% slower on BenchmarkChildrenNet).
	f, playable := 9, ^q.ClosedBoards()&full9
	if q.Forced() >= 0 {
		f, playable = int(q.Forced()), 1<<q.Forced()
	}
	t := 0
	if x := tm[own] & playable; x != 0 {
		t = 1
		if x&winMask[q.WonBoards(own)] != 0 {
			t = 2
		}
	}
	// The board to play in, seen by q's side to move: board b itself when the move sent
	// there (its state is cur).
	fs := uint16(netStates)
	if f < 9 {
		fs = cur
		if f != b {
			fs = t3[q.Tiles(own, f)] + 2*t3[q.Tiles(own^1, f)]
		}
	}
	if nq.lines && q.ClosedBoards()>>b&1 != 0 {
		return e.netChildClosed(q, b, cur, old, f, t, fs, lin)
	}
	if e.nacc16 != nil {
		return nq.final(netOut16(e.nacc16, &nq.xs16[f][t], e.nxe16, &nq.v[b][cur], &nq.v[b][old], &nq.f[fs], &nq.w216), int32(lin))
	}
	return nq.final(netOut(e.nacc, &nq.xs[f][t], e.nxe, &nq.v[b][cur], &nq.v[b][old], &nq.f[fs], &nq.w2), int32(lin))
}

// netChildClosed is netChild for a move that closed board b, which changes the master
// lines through b: the update kernel adds the change of two lines to a copy of the
// parent's sums and two to a copy of the extra inputs' row, which the output kernel
// then reads as its two rows.
func (e *evalState) netChildClosed(q *uttt.Position, b int, cur, old uint16, f, t int, fs uint16, lin int) int {
	nq := e.nq
	lo, lc := nq.lineRows(lineCodes(q, q.Side()), b)
	if e.nacc16 != nil {
		tmp := [2][NetHidden]int16{*e.nacc16, nq.xs16[f][t]}
		netUpdate16(&tmp, &tmp, lo[0], lc[0], lo[1], lc[1])
		if len(lineSlots[b]) > 2 {
			netUpdate16(&tmp, &tmp, lo[2], lc[2], lo[3], lc[3])
		}
		return nq.final(netOut16(&tmp[0], &tmp[1], e.nxe16, &nq.v[b][cur], &nq.v[b][old], &nq.f[fs], &nq.w216), int32(lin))
	}
	tmp := [2][NetHidden]int32{*e.nacc, nq.xs[f][t]}
	netUpdate(&tmp, &tmp, lo[0], lc[0], lo[1], lc[1])
	if len(lineSlots[b]) > 2 {
		netUpdate(&tmp, &tmp, lo[2], lc[2], lo[3], lc[3])
	}
	return nq.final(netOut(&tmp[0], &tmp[1], e.nxe, &nq.v[b][cur], &nq.v[b][old], &nq.f[fs], &nq.w2), int32(lin))
}

// Evaluation choices for Options.Eval.
const (
	EvalNet    = "net"    // the embedded network (the default)
	EvalLinear = "linear" // the linear evaluation alone (Evaluate)
)

// CheckEval reports whether name is an evaluation Options.Eval accepts (EvalNet needs
// the embedded network to load).
func CheckEval(name string) error {
	switch name {
	case EvalLinear:
	case EvalNet:
		return loadNet().err
	default:
		return fmt.Errorf("evaluation %q: want %s or %s", name, EvalNet, EvalLinear)
	}
	return nil
}

// Eval returns the engine's evaluation, EvalNet or EvalLinear.
func (e *Engine) Eval() string {
	if e.nw != nil {
		return EvalNet
	}
	return EvalLinear
}

// NewNetwork quantises n into the network an engine evaluates with (about 40-70 ms).
func NewNetwork(n *FloatNet) *Network {
	netAsmEnabled()
	return n.quantize()
}

// ReadFloatNet reads a network file (analyze uttt train --out) into its float form, for
// training; ReadNetwork reads one for play. It reads no more than a network's size, so
// a huge file or an endless stream is refused without being read whole.
func ReadFloatNet(path string) (*FloatNet, error) {
	// O_NONBLOCK: opening a FIFO that no process writes to returns at once (and reads
	// it as empty) instead of blocking the caller past Ctrl-C.
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	limit := netFileSize()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: not a uttt network: more than %d bytes", path, limit)
	}
	n := new(FloatNet)
	if err := n.UnmarshalBinary(data); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return n, nil
}

// ReadNetwork reads a network file (analyze uttt train --out) and quantises it for an
// engine (Options.Network).
func ReadNetwork(path string) (*Network, error) {
	n, err := ReadFloatNet(path)
	if err != nil {
		return nil, err
	}
	return NewNetwork(n), nil
}

// evaluate is the worker's static evaluation.
func (w *worker) evaluate(p *uttt.Position) int {
	if w.nq != nil {
		return w.nq.evaluate(w.ev, p)
	}
	return w.ev.Evaluate(p)
}

// The search keeps the network's board sums for both sides along the current line
// (worker.nsum, or worker.nsum16 when the network's sums fit in int16 and the AVX2
// kernels run; in Go, int16 arithmetic is no faster than int32): netRoot sets
// them for the root, netPlay updates them for a child by the one board the move
// changed, and the leaves read them (evaluateAt, netFrontier) instead of adding nine
// rows. The test switch Engine.netPlain turns this off, Engine.net32 the int16 sums.

// netRoot sets the board sums of the root position p (ply 0).
func (w *worker) netRoot(p *uttt.Position) {
	w.n16 = false
	if w.nq == nil || w.e.netPlain {
		return
	}
	w.nq.accumulate(p, uttt.X, &w.nsum[0][uttt.X])
	w.nq.accumulate(p, uttt.O, &w.nsum[0][uttt.O])
	if w.nq.fits16 && useNetAsm && !w.e.net32 {
		w.n16 = true
		for s := range w.nsum[0] {
			for j, v := range w.nsum[0][s] {
				w.nsum16[0][s][j] = int16(v)
			}
		}
	}
}

// netPlay sets the board sums at ply of q, the position after m in p (at ply-1).
func (w *worker) netPlay(ply int, p, q *uttt.Position, m uttt.Move) {
	if w.nq == nil || w.e.netPlain {
		return
	}
	b, t := m.Board(), m.Tile()
	rows := &w.nq.v[b]
	// Board b's states seen by X and by O before the move, and the steps the move's
	// tile adds to them: 3^t for the mover's own view, 2*3^t for the other's.
	tx, to, d := t3[p.Tiles(uttt.X, b)], t3[p.Tiles(uttt.O, b)], t3[1<<t]
	ix, io := tx+2*to, to+2*tx
	dx, do := d, 2*d
	if p.Side() == uttt.O {
		dx, do = 2*d, d
	}
	if w.n16 {
		netUpdate16(&w.nsum16[ply], &w.nsum16[ply-1], &rows[ix], &rows[ix+dx], &rows[io], &rows[io+do])
	} else {
		netUpdate(&w.nsum[ply], &w.nsum[ply-1], &rows[ix], &rows[ix+dx], &rows[io], &rows[io+do])
	}
	if w.nq.lines && q.ClosedBoards() != p.ClosedBoards() {
		w.netLines(ply, q, int(b))
	}
}

// netLines adds to the sums at ply the change of the master lines through board b,
// which the move to q closed: one update per line, both sides at once.
func (w *worker) netLines(ply int, q *uttt.Position, b int) {
	ox, cx := w.nq.lineRows(lineCodes(q, uttt.X), b)
	oo, co := w.nq.lineRows(lineCodes(q, uttt.O), b)
	for k := range lineSlots[b] {
		if w.n16 {
			netUpdate16(&w.nsum16[ply], &w.nsum16[ply], ox[k], cx[k], oo[k], co[k])
		} else {
			netUpdate(&w.nsum[ply], &w.nsum[ply], ox[k], cx[k], oo[k], co[k])
		}
	}
}

// netFrontier makes e's children (of p, the position at ply) evaluated by the network:
// from the kept sums, or (netPlain) from sums computed from scratch.
func (w *worker) netFrontier(e *evalState, p *uttt.Position, ply int) {
	me := p.Side() ^ 1
	switch {
	case w.e.netPlain:
		w.nq.accumulate(p, me, &w.nsum[ply][me])
		e.initNet(p, w.nq, &w.nsum[ply][me])
	case w.n16:
		e.initNet16(p, w.nq, &w.nsum16[ply][me])
	default:
		e.initNet(p, w.nq, &w.nsum[ply][me])
	}
}

// evaluateAt is the static evaluation of p, the position at ply of the current line,
// whose linear terms are e (termsAt).
func (w *worker) evaluateAt(p *uttt.Position, ply int, e *evalTerms) int {
	switch {
	case w.nq == nil:
		return w.ev.score(e.master, e.board, e.tm, p)
	case w.e.netPlain:
		return w.nq.evaluate(w.ev, p)
	case w.n16:
		return w.nq.evaluateSums16(w.ev, p, e, &w.nsum16[ply][p.Side()])
	}
	return w.nq.evaluateSums(w.ev, p, e, &w.nsum[ply][p.Side()])
}

// EvaluateInput returns the network's score of in, in evaluation units, as the search
// computes it (in integers).
func (q *Network) EvaluateInput(in *NetInput) int {
	var acc [NetHidden]int32
	q.b1acc(in, &acc)
	fs := uint16(netStates)
	if in.forced >= 0 {
		fs = in.s[in.forced]
	}
	return q.output(&acc, in.forced, fs, in.sendWin, in.winNow, int32(in.empty), in.lin)
}

// b1acc sets acc to the first layer's sum over in's boards.
func (q *Network) b1acc(in *NetInput, acc *[NetHidden]int32) {
	*acc = q.b1
	for b := 0; b < 9; b++ {
		row := &q.v[b][in.s[b]]
		for j := range acc {
			acc[j] += int32(row[j])
		}
	}
	for l, st := range in.ln {
		row := &q.l[l][st]
		for j := range acc {
			acc[j] += int32(row[j])
		}
	}
}

// RandomFloatNet returns an untrained network: random first-layer weights and embeddings,
// output weights at zero, so its score is the linear evaluation's (A = 1).
func RandomFloatNet(k float64, seed uint64) *FloatNet {
	rng := rand.New(rand.NewPCG(seed, 0x6e6574))
	n := new(FloatNet)
	for s := range n.E {
		for d := range n.E[s] {
			n.E[s][d] = float32(rng.NormFloat64() * 0.1)
		}
	}
	for b := range n.W1 {
		for d := range n.W1[b] {
			for j := range n.W1[b][d] {
				n.W1[b][d][j] = float32(rng.NormFloat64() * 0.15)
			}
		}
	}
	for x := range n.WX {
		for j := range n.WX[x] {
			n.WX[x][j] = float32(rng.NormFloat64() * 0.15)
		}
	}
	for d := range n.WF {
		for j := range n.WF[d] {
			n.WF[d][j] = float32(rng.NormFloat64() * 0.15)
		}
	}
	for j := range n.B1 {
		n.B1[j] = 0.5
	}
	n.A, n.K = 1, float32(k)
	return n
}
