// Package qttt implements quantum tic-tac-toe: a record parser and scorer for the spec
// notation, the full rules engine (entanglement graph, measurement, end of game, score),
// perft, a solver, and a slow reference implementation the fast paths are tested against.
//
// Cells are numbered 0..8 for A..I, row by row. Mark k (1..9) is placed by move k; X owns
// the odd marks, O the even ones. Scores are counted in half points.
package qttt

//go:generate go run ./internal/gentables

import "math/bits"

// NumCells is the number of cells of the board.
const NumCells = 9

const allCells = 1<<NumCells - 1

// lineMasks are the eight lines of the board as cell bitmasks.
var lineMasks = [8]uint16{0x007, 0x038, 0x1C0, 0x049, 0x092, 0x124, 0x111, 0x054}

// lineCount[b] is the number of lines lying entirely inside the cell set b; it is a
// literal in tables.go.

// Player is X or O.
type Player uint8

// The two players.
const (
	X Player = 0
	O Player = 1
)

func (p Player) String() string {
	if p == X {
		return "X"
	}
	return "O"
}

// Owner returns the player who places mark k (X the odd ones).
func Owner(k int) Player { return Player(1 - k&1) }

// Position is a game state: the classical marks, the quantum marks forming the
// entanglement forest, and a measurement that may be pending after a move closed a
// cycle. The zero value is the start. Positions are small values meant to be copied per
// move.
//
// The forest doubles as the union-find (disjoint-set forest) that detects cycles: each
// open cell's parent pointer is a real entanglement, the quantum mark up[c]'s edge, so
// find walks marks to the component's root, and a union re-roots the joining tree at
// the move's cell and hangs it below the other cell. A measurement then needs no
// search: rooted at the cell that receives the new mark, every other cell receives the
// mark to its parent, except along the path from that cell to the root, which shifts.
type Position struct {
	mark    [16]uint8  // classical mark number in each cell (0..8), 0 for none
	ea, eb  [16]uint8  // the two cells of quantum mark k (indexed k&15)
	up      [16]uint8  // parent+1 of an open cell in its entanglement tree; 0 for a root
	upEdge  [16]uint8  // the quantum mark linking a cell to its parent
	members [16]uint16 // at a root: the other cells of its tree
	xs, os  uint16     // cells holding classical X / O marks
	quant   uint16     // bit k: mark k is still quantum
	n       uint8      // marks placed so far
	pend    uint8      // the mark awaiting measurement, 0 if none
}

// Marks returns the number of marks placed so far (the last move's number).
func (p *Position) Marks() int { return int(p.n) }

// ToMove returns the player who makes the next move.
func (p *Position) ToMove() Player { return Player(p.n & 1) }

// Open returns the set of cells without a classical mark (bit c for cell c).
func (p *Position) Open() uint16 { return ^(p.xs | p.os) & allCells }

// Classical returns the sets of cells holding classical X and O marks.
func (p *Position) Classical() (xs, os uint16) { return p.xs, p.os }

// Cell returns the classical mark number in cell c, 0 if it has none.
func (p *Position) Cell(c int) int { return int(p.mark[c]) }

// Quantum returns the set of marks (bit k for mark k) that are still quantum.
func (p *Position) Quantum() uint16 { return p.quant }

// Edge returns the two cells of mark k.
func (p *Position) Edge(k int) (a, b int) { return int(p.ea[k]), int(p.eb[k]) }

// Pending returns the mark of the move awaiting its measurement, 0 if none.
func (p *Position) Pending() int { return int(p.pend) }

// Over reports whether the game has ended: a tic-tac-toe exists or every cell is
// classical.
func (p *Position) Over() bool {
	b := p.xs | p.os
	return lineCount[p.xs]|lineCount[p.os] != 0 || b == allCells
}

func (p *Position) find(c int) int {
	for p.up[c&15] != 0 {
		c = int(p.up[c&15]) - 1
	}
	return c
}

// Connected reports whether cells a and b are linked through quantum marks.
func (p *Position) Connected(a, b int) bool { return p.find(a) == p.find(b) }

// Play makes the move a-b (a == b for the single-cell move) and reports whether it
// closed a cycle, in which case Measure must follow. The move must be legal: both cells
// open, a == b only when exactly one cell is open, no measurement pending, game not over.
func (p *Position) Play(a, b int) bool {
	p.n++
	k := p.n
	p.ea[k&15], p.eb[k&15] = uint8(a), uint8(b)
	if a == b {
		p.pend = k
		return true
	}
	// b's tree holds a: the move closes a cycle. Otherwise re-root a's tree at a (reverse
	// the parent pointers from a to its root) and hang it below b by mark k.
	rb := p.find(b)
	if (p.members[rb&15]|1<<rb)>>a&1 != 0 {
		p.pend = k
		return true
	}
	prev, pe := uint8(b)+1, k
	v := uint8(a)
	for {
		next, ne := p.up[v&15], p.upEdge[v&15]
		p.up[v&15], p.upEdge[v&15] = prev, pe
		if next == 0 {
			break
		}
		prev, pe = v+1, ne
		v = next - 1
	}
	p.members[rb&15] |= p.members[v&15] | 1<<v // v is a's old root
	p.quant |= 1 << k
	return false
}

// Measure collapses the pending cycle's component with the pending mark placed in root,
// one of the two cells of the move that closed the cycle: every other mark of the
// component is forced into the cell farther from root, so each cell gets one mark.
func (p *Position) Measure(root int) { p.measure(root, p.find(root)) }

// measure is Measure with the root r of the component's tree known.
func (p *Position) measure(root, r int) {
	k := p.pend
	p.pend = 0
	cells := p.members[r&15] | 1<<r
	quant := p.quant
	var xcells uint16
	for s := cells; s != 0; s &= s - 1 {
		c := bits.TrailingZeros16(s)
		e := p.upEdge[c&15]
		p.mark[c&15] = e
		quant &^= 1 << e
		xcells |= uint16(e&1) << c
	}
	// Along the path from root to r each cell takes its child's mark instead.
	carry := k
	for v := root; ; {
		e := p.upEdge[v&15]
		p.mark[v&15] = carry
		xcells = xcells&^(1<<v) | uint16(carry&1)<<v
		next := p.up[v&15]
		if next == 0 {
			break
		}
		carry = e
		v = int(next) - 1
	}
	p.quant = quant &^ 1
	p.xs |= xcells
	p.os |= cells &^ xcells
}

// cyclePath returns the cells of the cycle the pending move a-b closed, in order along
// the tree from b to a.
func (p *Position) cyclePath() (seq [16]uint8, n int, root int) {
	k := p.pend
	a, b := p.ea[k&15], p.eb[k&15]
	var chain [16]uint8
	var anc uint16
	m := 0
	for v := a; ; {
		chain[m&15] = v
		m++
		anc |= 1 << v
		if p.up[v&15] == 0 || a == b {
			break
		}
		v = p.up[v&15] - 1
	}
	root = int(chain[(m-1)&15])
	v := b
	for anc>>v&1 == 0 {
		seq[n&15] = v
		n++
		v = p.up[v&15] - 1
	}
	i := 0
	for chain[i&15] != v {
		i++
	}
	for ; i >= 0; i-- {
		seq[n&15] = chain[i&15]
		n++
	}
	return seq, n, root
}

// edgeBetween returns the mark linking the adjacent tree cells u and v.
func (p *Position) edgeBetween(u, v uint8) uint8 {
	if p.up[u&15] == v+1 {
		return p.upEdge[u&15]
	}
	return p.upEdge[v&15]
}

// Choices returns the two measurements of the pending cycle: the cell that receives the
// pending mark (one of the closing move's cells) and the number the record writes for
// it, the mark that ends up in the first cell on the cycle. For a single-cell move both
// choices are the same.
func (p *Position) Choices() (rootA, numA, rootB, numB int) {
	rootA, numA, rootB, numB, _ = p.choices()
	return
}

// choices is Choices that also returns the root of the component's tree.
func (p *Position) choices() (rootA, numA, rootB, numB, r int) {
	k := p.pend
	a, b := p.ea[k&15], p.eb[k&15]
	if a == b {
		return int(a), int(k), int(a), int(k), int(a)
	}
	// The cycle is the tree path a ... lca ... b plus mark k. With a as the root each
	// cycle cell takes its mark towards a (a takes k), with b as the root its mark
	// towards b (b takes k); the record names the first cell's mark.
	var chain [16]uint8 // a and its ancestors
	var pos [16]uint8   // index of each ancestor in chain
	var anc uint16
	m := uint8(0)
	for v := a; ; {
		chain[m&15], pos[v&15] = v, m
		m++
		anc |= 1 << v
		if p.up[v&15] == 0 {
			break
		}
		v = p.up[v&15] - 1
	}
	r = int(chain[(m-1)&15])
	best := uint8(NumCells)
	// b's side, below the lowest common ancestor: towards a is up, towards b is down.
	v, towardB := b, k
	for anc>>v&1 == 0 {
		if v < best {
			best, numA, numB = v, int(p.upEdge[v&15]), int(towardB)
		}
		towardB = p.upEdge[v&15]
		v = p.up[v&15] - 1
	}
	// a's side up to the lowest common ancestor v: towards a is down, towards b is up
	// (for v itself, down to b's side).
	towardA := k
	for i := uint8(0); i <= pos[v&15]; i++ {
		c := chain[i&15]
		if c < best {
			tb := p.upEdge[c&15]
			if c == v {
				tb = towardB
			}
			best, numA, numB = c, int(towardA), int(tb)
		}
		towardA = p.upEdge[c&15]
	}
	return int(a), numA, int(b), numB, r
}

// MeasureNumber performs the pending measurement that a record writes as num (the mark
// that ends up in the first cell on the cycle) and reports whether num was one of the
// two possible numbers na and nb, which it returns too; if not, nothing is measured.
func (p *Position) MeasureNumber(num int) (ok bool, na, nb int) {
	ra, na, rb, nb, r := p.choices()
	switch num {
	case na:
		p.measure(ra, r)
	case nb:
		p.measure(rb, r)
	default:
		return false, na, nb
	}
	return true, na, nb
}

// CycleCells returns the cells on the cycle closed by the pending move (the single cell
// for a single-cell move), 0 when nothing is pending.
func (p *Position) CycleCells() uint16 {
	if p.pend == 0 {
		return 0
	}
	seq, n, _ := p.cyclePath()
	var cyc uint16
	for _, c := range seq[:n&15] {
		cyc |= 1 << c
	}
	return cyc
}

// Score is a result in half points: X and O.
type Score struct{ X, O int8 }

// Margin returns X's score minus O's in half points.
func (s Score) Margin() int { return int(s.X) - int(s.O) }

// String formats the score as the spec does: "0.5 1", "2 0".
func (s Score) String() string { return FormatHalves(int(s.X)) + " " + FormatHalves(int(s.O)) }

// AppendText appends the score as String writes it.
func (s Score) AppendText(b []byte) []byte {
	b = appendHalves(b, int(s.X))
	b = append(b, ' ')
	return appendHalves(b, int(s.O))
}

func appendHalves(b []byte, h int) []byte {
	if h < 0 {
		b = append(b, '-')
		h = -h
	}
	if h >= 20 {
		b = append(b, byte('0'+h/20))
	}
	b = append(b, byte('0'+h/2%10))
	if h&1 == 1 {
		b = append(b, ".5"...)
	}
	return b
}

// FormatHalves formats h half points as a decimal: 1 -> "0.5", -3 -> "-1.5", 4 -> "2".
func FormatHalves(h int) string {
	neg := h < 0
	if neg {
		h = -h
	}
	s := itoa(h / 2)
	if h&1 == 1 {
		s += ".5"
	}
	if neg {
		s = "-" + s
	}
	return s
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// Score returns the score of the position as it stands: one point for one tic-tac-toe,
// two for two, and when both players have one, one point for the line with the smaller
// largest mark number and half a point for the other.
func (p *Position) Score() Score {
	lx, lo := lineCount[p.xs], lineCount[p.os]
	switch {
	case lx == 0 && lo == 0:
		return Score{}
	case lo == 0:
		return Score{X: int8(2 * lx)}
	case lx == 0:
		return Score{O: int8(2 * lo)}
	}
	if p.lineMax(p.xs) < p.lineMax(p.os) {
		return Score{X: 2, O: 1}
	}
	return Score{X: 1, O: 2}
}

// lineMax returns the smallest, over the lines inside b, of the line's largest mark.
func (p *Position) lineMax(b uint16) uint8 {
	best := uint8(255)
	for _, l := range lineMasks {
		if b&l != l {
			continue
		}
		m := uint8(0)
		for c := l; c != 0; c &= c - 1 {
			m = max(m, p.mark[bits.TrailingZeros16(c)])
		}
		best = min(best, m)
	}
	return best
}

// Line is a tic-tac-toe on the board.
type Line struct {
	Player Player
	Cells  [3]int
	Max    int // the largest mark number in the line
}

// Lines returns the tic-tac-toes on the board, X's first.
func (p *Position) Lines() []Line {
	var out []Line
	for pl, b := range [2]uint16{p.xs, p.os} {
		for _, l := range lineMasks {
			if b&l != l {
				continue
			}
			ln := Line{Player: Player(pl)}
			i := 0
			for c := l; c != 0; c &= c - 1 {
				ln.Cells[i] = bits.TrailingZeros16(c)
				ln.Max = max(ln.Max, int(p.mark[ln.Cells[i]]))
				i++
			}
			out = append(out, ln)
		}
	}
	return out
}

// CellName returns the letter of cell c.
func CellName(c int) byte { return 'A' + byte(c) }
