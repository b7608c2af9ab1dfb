// Package qtttref is the plain reference of quantum tic-tac-toe. It follows the spec's
// words with plain data structures and no cleverness: marks in a list, cycles found by
// depth-first search, measurement by orienting the cycle and then forcing hanging marks
// until nothing changes, scoring by looking at every line. It is slow and exists to test
// and measure the fast paths of engine/qttt.
package qtttref

import (
	"errors"
	"fmt"
	"strings"
)

// numCells is the number of cells of the board.
const numCells = 9

// Score is a final score in half points, as qttt.Score (which it converts to).
type Score struct{ X, O int8 }

// Margin returns X's score minus O's in half points.
func (s Score) Margin() int { return int(s.X) - int(s.O) }

type refMark struct {
	a, b int // the move's cells
	cell int // the cell the mark collapsed into, -1 while quantum
}

type refGame struct {
	marks []refMark // mark k is marks[k-1]
}

func (g *refGame) clone() refGame {
	return refGame{marks: append([]refMark(nil), g.marks...)}
}

// cellMark returns the number of the classical mark in cell c, 0 if none.
func (g *refGame) cellMark(c int) int {
	for i, m := range g.marks {
		if m.cell == c {
			return i + 1
		}
	}
	return 0
}

func (g *refGame) openCells() []int {
	var open []int
	for c := 0; c < numCells; c++ {
		if g.cellMark(c) == 0 {
			open = append(open, c)
		}
	}
	return open
}

// refLines returns, for each player, the largest mark of each of its lines.
func (g *refGame) refLines() (xs, os []int) {
	lines := [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}
	for _, l := range lines {
		m0, m1, m2 := g.cellMark(l[0]), g.cellMark(l[1]), g.cellMark(l[2])
		if m0 == 0 || m1 == 0 || m2 == 0 || m0%2 != m1%2 || m1%2 != m2%2 {
			continue
		}
		top := max(m0, m1, m2)
		if m0%2 == 1 {
			xs = append(xs, top)
		} else {
			os = append(os, top)
		}
	}
	return xs, os
}

func (g *refGame) over() bool {
	xs, os := g.refLines()
	return len(xs) > 0 || len(os) > 0 || len(g.openCells()) == 0
}

func (g *refGame) score() Score {
	xs, os := g.refLines()
	switch {
	case len(xs) == 0 && len(os) == 0:
		return Score{}
	case len(os) == 0:
		return Score{X: int8(2 * len(xs))}
	case len(xs) == 0:
		return Score{O: int8(2 * len(os))}
	}
	if min(xs[0], xs[len(xs)-1]) < min(os[0], os[len(os)-1]) {
		return Score{X: 2, O: 1}
	}
	return Score{X: 1, O: 2}
}

// path finds the quantum marks leading from cell from to cell to, by depth-first search.
func (g *refGame) path(from, to int, seen map[int]bool) (cells, marks []int, ok bool) {
	if from == to {
		return []int{from}, nil, true
	}
	seen[from] = true
	for i, m := range g.marks {
		if m.cell >= 0 || (m.a != from && m.b != from) {
			continue
		}
		next := m.a + m.b - from
		if seen[next] {
			continue
		}
		if cs, ms, ok := g.path(next, to, seen); ok {
			return append([]int{from}, cs...), append([]int{i + 1}, ms...), true
		}
	}
	return nil, nil, false
}

type refOption struct {
	num  int
	game refGame
}

// play adds mark k on a-b and returns the measurement options if it closed a cycle
// (one option for the single-cell move).
func (g *refGame) play(a, b int) []refOption {
	k := len(g.marks) + 1
	var cycCells, cycMarks []int
	closed := a == b
	if !closed {
		cycCells, cycMarks, closed = g.path(a, b, map[int]bool{})
	}
	g.marks = append(g.marks, refMark{a: a, b: b, cell: -1})
	if !closed {
		return nil
	}
	if a == b {
		opt := g.clone()
		opt.marks[k-1].cell = a
		return []refOption{{k, opt}}
	}
	// The cycle is cycCells[0]=a, ..., cycCells[m]=b joined by cycMarks, closed by k (b-a).
	var opts []refOption
	for dir := 0; dir < 2; dir++ {
		opt := g.clone()
		for i, mk := range cycMarks {
			if dir == 0 {
				opt.marks[mk-1].cell = cycCells[i+1]
			} else {
				opt.marks[mk-1].cell = cycCells[i]
			}
		}
		if dir == 0 {
			opt.marks[k-1].cell = a
		} else {
			opt.marks[k-1].cell = b
		}
		for changed := true; changed; {
			changed = false
			for i, m := range opt.marks {
				if m.cell >= 0 {
					continue
				}
				ca, cb := opt.cellMark(m.a) != 0, opt.cellMark(m.b) != 0
				if ca && !cb {
					opt.marks[i].cell = m.b
					changed = true
				} else if cb && !ca {
					opt.marks[i].cell = m.a
					changed = true
				}
			}
		}
		first := cycCells[0]
		for _, c := range cycCells {
			first = min(first, c)
		}
		opts = append(opts, refOption{opt.cellMark(first), opt})
	}
	return opts
}

// ScoreRecord is the reference record scorer: slow and plain, for tests.
func ScoreRecord(rec string) (Score, error) {
	g, err := refReplay(rec)
	if err != nil {
		return Score{}, err
	}
	return g.score(), nil
}

func refReplay(rec string) (refGame, error) {
	var g refGame
	var pending []refOption
	s := strings.Map(func(r rune) rune { // ASCII only: strings.ToUpper maps 'ı' to 'I'
		if r >= 'a' && r <= 'z' {
			return r - 'a' + 'A'
		}
		return r
	}, rec)
	for i := 0; i < len(s); {
		ch := s[i]
		switch {
		case strings.IndexByte(" \t\r\n", ch) >= 0:
			i++
		case ch >= '0' && ch <= '9':
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			num := s[i:j]
			i = j
			if pending == nil {
				return g, fmt.Errorf("superfluous measurement %s", num)
			}
			found := false
			for _, o := range pending {
				if fmt.Sprint(o.num) == num {
					g, found = o.game, true
					break
				}
			}
			if !found {
				return g, fmt.Errorf("measurement %s is not possible", num)
			}
			pending = nil
		case ch >= 'A' && ch <= 'I':
			if i+1 >= len(s) || s[i+1] < 'A' || s[i+1] > 'I' {
				return g, errors.New("bad move")
			}
			a, b := int(ch-'A'), int(s[i+1]-'A')
			i += 2
			if pending != nil {
				return g, errors.New("measurement missing")
			}
			if g.over() {
				return g, errors.New("move after the end")
			}
			if g.cellMark(a) != 0 || g.cellMark(b) != 0 {
				return g, errors.New("move into a classical cell")
			}
			if a == b && len(g.openCells()) != 1 {
				return g, errors.New("single-cell move too early")
			}
			pending = g.play(a, b)
		default:
			return g, fmt.Errorf("bad character %q", ch)
		}
	}
	if pending != nil {
		return g, errors.New("measurement missing at the end")
	}
	return g, nil
}

// refChildren lists every branch from g: each legal move, once per measurement choice.
func (g *refGame) refChildren() []refGame {
	if g.over() {
		return nil
	}
	open := g.openCells()
	var out []refGame
	for i, a := range open {
		for _, b := range open[i:] {
			if a == b && len(open) != 1 {
				continue
			}
			c := g.clone()
			opts := c.play(a, b)
			if opts == nil {
				out = append(out, c)
			}
			for _, o := range opts {
				out = append(out, o.game)
			}
		}
	}
	return out
}

// Perft is the reference perft from the start: slow, for tests.
func Perft(depth int) uint64 {
	var g refGame
	return g.perft(depth)
}

func (g *refGame) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, c := range g.refChildren() {
		n += c.perft(depth - 1)
	}
	return n
}

// Value replays rec and returns its value by plain minimax (see refValue).
func Value(rec string) (int, error) {
	g, err := refReplay(rec)
	if err != nil {
		return 0, err
	}
	return g.refValue(), nil
}

// refValue is plain minimax over the reference game: X's score minus O's in half points
// under perfect play, the player who did not close a cycle choosing its measurement.
func (g *refGame) refValue() int {
	if g.over() {
		return g.score().Margin()
	}
	xToMove := len(g.marks)%2 == 0
	best := 0
	first := true
	better := func(v int, forX bool) bool { return first || forX && v > best || !forX && v < best }
	open := g.openCells()
	for i, a := range open {
		for _, b := range open[i:] {
			if a == b && len(open) != 1 {
				continue
			}
			c := g.clone()
			opts := c.play(a, b)
			var v int
			if opts == nil {
				v = c.refValue()
			} else {
				// The opponent of the mover chooses the measurement.
				for j, o := range opts {
					ov := o.game.refValue()
					if j == 0 || !xToMove && ov > v || xToMove && ov < v {
						v = ov
					}
				}
			}
			if better(v, xToMove) {
				best, first = v, false
			}
		}
	}
	return best
}
