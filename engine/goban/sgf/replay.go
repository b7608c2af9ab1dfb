package sgf

import (
	"fmt"

	"github.com/boardlab/boardlab/engine/goban"
)

// Point colours of a replay board.
const (
	empty  = 0
	black  = 1
	white  = 2
	border = 3
)

// Replay replays a game's main line with Go's capture rule in time linear in the number
// of moves (up to the logarithm of a chain's size): each stone points at its chain's
// root, merges relabel the smaller chain, and a chain keeps a circular list of its
// stones and a count of pseudo-liberties (empty neighbours counted once per adjacent stone, zero
// exactly when the chain has no liberty), so a move touches only its four neighbours,
// and a capture the stones it removes. The zero value is ready to use; a Replay is not
// safe for concurrent use.
type Replay struct {
	cols, rows int
	stride     int         // cols+1: one border column shared by the row ends
	color      []uint8     // (rows+2)*stride points, border all round
	parent     []int16     // root of a stone's chain
	next       []int16     // next stone of the chain, circularly
	libs       []int16     // at a root: the chain's pseudo-liberties
	size       []int16     // at a root: the chain's stones
	dirty      bool        // setup changed colours since the chains were last built
	planes     [3][]uint64 // planes[black], planes[white]: one word per row (cols <= 52)

	// Captured[c] counts the stones taken by colour c (0 black, 1 white) in the last
	// game played: the opponent's stones captured by c's moves, and the stones of the
	// opponent's suicides.
	Captured [2]int
}

// Play replays g's main line from an empty board of g's size. A move onto an occupied
// point is an *Error naming the game, the move number and the byte offset.
func (r *Replay) Play(g *Game) error {
	r.reset(g.Cols, g.Rows)
	move := 0
	for _, op := range g.Ops {
		if op.Kind <= OpWhite {
			move++
		}
		if err := r.step(op); err != nil {
			err.Game, err.Move = g.Index, move
			return err
		}
	}
	return nil
}

// step applies one op; an error lacks the game and move, which the caller adds.
func (r *Replay) step(op Op) *Error {
	p := (int(op.Y)+1)*r.stride + int(op.X)
	switch op.Kind {
	case OpBlack, OpWhite:
		if op.X < 0 {
			return nil
		}
		if r.dirty {
			r.rebuild()
			r.dirty = false
		}
		if r.color[p] != empty {
			return &Error{Offset: int(op.Offset),
				Msg: fmt.Sprintf("%s[%s]: the point is occupied", colourName(op.Kind), op.Letters())}
		}
		r.play(p, op.Kind+1, int(op.Y), uint64(1)<<op.X)
	default:
		r.put(p, [...]uint8{OpSetB: black, OpSetW: white, OpSetE: empty}[op.Kind])
		r.dirty = true // setup changed the board: chains are rebuilt before the next move
	}
	return nil
}

func colourName(kind uint8) string {
	if kind == OpWhite {
		return "W"
	}
	return "B"
}

func (r *Replay) reset(cols, rows int) {
	r.cols, r.rows, r.stride = cols, rows, cols+1
	n := (rows + 2) * r.stride
	if cap(r.color) < n {
		r.color = make([]uint8, n)
		r.parent = make([]int16, n)
		r.next = make([]int16, n)
		r.libs = make([]int16, n)
		r.size = make([]int16, n)
	}
	r.color, r.parent, r.next = r.color[:n], r.parent[:n], r.next[:n]
	r.libs, r.size = r.libs[:n], r.size[:n]
	for i := range r.color {
		r.color[i] = border
	}
	for y := 1; y <= rows; y++ {
		clear(r.color[y*r.stride : y*r.stride+cols])
	}
	clear(r.parent) // points that are not stones have root 0
	r.Captured = [2]int{}
	r.dirty = false
	for c := black; c <= white; c++ {
		if cap(r.planes[c]) < rows {
			r.planes[c] = make([]uint64, rows, MaxSize)
		}
		r.planes[c] = r.planes[c][:rows]
		clear(r.planes[c])
	}
}

// put sets point p to colour c (empty, black or white), keeping the planes in step.
func (r *Replay) put(p int, c uint8) {
	y, x := p/r.stride-1, p%r.stride
	bit := uint64(1) << x
	if old := r.color[p]; old == black || old == white {
		r.planes[old][y] &^= bit
	}
	r.color[p] = c
	if c != empty {
		r.planes[c][y] |= bit
	}
}

// find returns the root of p's chain: every stone points at its root directly.
func (r *Replay) find(p int) int { return int(r.parent[p]) }

// union joins the chains of roots a and b and returns the new root: the stones of the
// smaller chain are pointed at the larger one's root (each stone moves O(log n) times
// over a game, and find needs no loop).
func (r *Replay) union(a, b int) int {
	if a == b {
		return a
	}
	if r.size[a] < r.size[b] {
		a, b = b, a
	}
	for q := b; ; {
		r.parent[q] = int16(a)
		q = int(r.next[q])
		if q == b {
			break
		}
	}
	r.size[a] += r.size[b]
	r.libs[a] += r.libs[b]
	r.next[a], r.next[b] = r.next[b], r.next[a]
	return a
}

// play puts a stone of colour c at the empty point p (row y, column bit): it takes a liberty from each
// neighbouring chain, joins its own, captures the opponent's chains left without a
// liberty, then removes its own chain if that has none (suicide).
func (r *Replay) play(p int, c uint8, y int, bit uint64) {
	col := r.color
	col[p] = c
	r.planes[c][y] |= bit
	r.parent[p], r.next[p], r.size[p] = int16(p), int16(p), 1
	nb := [4]int{p - r.stride, p - 1, p + 1, p + r.stride}
	cs := [4]uint8{col[nb[0]], col[nb[1]], col[nb[2]], col[nb[3]]}
	r.libs[p] = int16(emptyBit[cs[0]] + emptyBit[cs[1]] + emptyBit[cs[2]] + emptyBit[cs[3]])
	if stoneBit[cs[0]]|stoneBit[cs[1]]|stoneBit[cs[2]]|stoneBit[cs[3]] == 0 {
		if r.libs[p] == 0 { // a 1x1 board: suicide
			r.Captured[2-c] += r.remove(p)
		}
		return // no neighbouring stone: a new chain with its liberties
	}
	// Each neighbouring stone takes a liberty from its chain; empty and border points
	// have root 0 (a border point), so the loop needs no branch.
	var roots [4]int
	par, libs := r.parent, r.libs
	for i, q := range nb {
		rq := int(par[q])
		roots[i] = rq
		libs[rq] -= int16(stoneBit[cs[i]])
	}
	root := p
	for i := range nb {
		if cs[i] == c {
			root = r.union(root, int(par[roots[i]]))
		}
	}
	o := 3 - c
	for i, q := range nb {
		// An opponent's chain without liberty (rare: tested without a branch on the
		// colour), unless captured through an earlier neighbour.
		if int(cs[i]^o)|int(libs[roots[i]]) == 0 && col[q] == o {
			r.Captured[c-1] += r.remove(roots[i])
		}
	}
	if r.libs[root] == 0 {
		r.Captured[o-1] += r.remove(root)
	}
}

// emptyBit is 1 for an empty point, stoneBit for a stone.
var emptyBit, stoneBit = [4]uint8{empty: 1}, [4]uint8{black: 1, white: 1}

// remove empties the chain of root and gives its points back as liberties to the
// neighbouring chains; it returns the number of stones removed.
func (r *Replay) remove(root int) int {
	col := r.color
	n := 0
	p := root
	plane := r.planes[col[root]]
	for {
		plane[p/r.stride-1] &^= 1 << (p % r.stride)
		col[p] = empty
		r.parent[p] = 0 // points that are not stones have root 0
		n++
		for _, q := range [4]int{p - r.stride, p - 1, p + 1, p + r.stride} {
			if c := col[q]; c == black || c == white {
				r.libs[r.find(q)]++
			}
		}
		p = int(r.next[p])
		if p == root {
			return n
		}
	}
}

// rebuild recomputes every chain from the colours, after setup changed them.
func (r *Replay) rebuild() {
	col := r.color
	for y := 1; y <= r.rows; y++ {
		for p := y * r.stride; p < y*r.stride+r.cols; p++ {
			c := col[p]
			if c == empty {
				r.parent[p] = 0
				continue
			}
			r.parent[p], r.next[p], r.size[p] = int16(p), int16(p), 1
			libs := int16(0)
			for _, q := range [4]int{p - r.stride, p - 1, p + 1, p + r.stride} {
				if col[q] == empty {
					libs++
				}
			}
			r.libs[p] = libs
			root := p
			if col[p-1] == c {
				root = r.union(root, r.find(p-1))
			}
			if col[p-r.stride] == c {
				r.union(root, r.find(p-r.stride))
			}
		}
	}
}

// At returns 'X', 'O' or '-' for column x, row y of the position reached.
func (r *Replay) At(x, y int) byte {
	return "-XO"[r.color[(y+1)*r.stride+x]]
}

// Board writes the position reached into b (rows x cols), for scoring.
func (r *Replay) Board(b *goban.Board) {
	b.ResetRect(r.rows, r.cols)
	if r.rows == 0 {
		return
	}
	copy(b.Black[1:], r.planes[black]) // one word per row: cols <= 52
	copy(b.White[1:], r.planes[white])
}
