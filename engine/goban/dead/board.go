package dead

// Point colours of the playout board.
const (
	empty  = 0
	black  = 1
	white  = 2
	border = 3
)

// board is a mailbox position for playouts: a border all round (one column shared by
// the row ends), chains as circular lists of stones pointing at their root, and at each
// root the chain's pseudo-liberties (empty neighbours counted once per adjacent stone)
// with their sum and sum of squares, so that a chain in atari (all its pseudo-liberties
// on one point) is recognised in constant time.
type board struct {
	cols, rows, stride int
	color              []uint8
	root               []int32 // chain root of a stone
	next               []int32 // next stone of the chain, circularly
	size               []int32 // at a root: stones
	libs               []int32 // at a root: pseudo-liberties
	lsum               []int64 // at a root: sum of the pseudo-liberties' points
	lsq                []int64 // at a root: sum of their squares
	empties            []int32 // the empty points
	epos               []int32 // index of an empty point in empties
	ko                 int32   // point retaking a ko is illegal at; 0 for none
	dirs               [4]int32
}

func (b *board) reset(rows, cols int) {
	b.rows, b.cols, b.stride = rows, cols, cols+1
	n := (rows+2)*b.stride + 1 // one more for the last point's diagonal
	if cap(b.color) < n {
		b.color = make([]uint8, n)
		b.root = make([]int32, n)
		b.next = make([]int32, n)
		b.size = make([]int32, n)
		b.libs = make([]int32, n)
		b.lsum = make([]int64, n)
		b.lsq = make([]int64, n)
		b.epos = make([]int32, n)
	}
	b.color, b.root, b.next, b.size = b.color[:n], b.root[:n], b.next[:n], b.size[:n]
	b.libs, b.lsum, b.lsq, b.epos = b.libs[:n], b.lsum[:n], b.lsq[:n], b.epos[:n]
	for i := range b.color {
		b.color[i] = border
	}
	for y := 1; y <= rows; y++ {
		clear(b.color[y*b.stride+1 : y*b.stride+1+cols])
	}
	b.dirs = [4]int32{int32(-b.stride), -1, 1, int32(b.stride)}
	b.ko = 0
}

// pt is the index of column x, row y.
func (b *board) pt(x, y int) int32 { return int32((y+1)*b.stride + x + 1) }

// rowStart is the index of row y's first point (rows from 1 here, 0 being the border):
// each row starts with the border column shared with the row above's end.
func (b *board) rowStart(y int) int32 { return int32(y*b.stride + 1) }

// copyFrom makes b a copy of o, reusing b's buffers.
func (b *board) copyFrom(o *board) {
	if b.stride != o.stride || b.rows != o.rows || len(b.color) != len(o.color) {
		b.reset(o.rows, o.cols)
	}
	copy(b.color, o.color)
	copy(b.root, o.root)
	copy(b.next, o.next)
	copy(b.size, o.size)
	copy(b.libs, o.libs)
	copy(b.lsum, o.lsum)
	copy(b.lsq, o.lsq)
	copy(b.epos, o.epos)
	b.empties = append(b.empties[:0], o.empties...)
	b.ko = o.ko
}

// build computes the chains, liberties and empty list from the colours.
func (b *board) build() {
	b.empties = b.empties[:0]
	for y := 1; y <= b.rows; y++ {
		for p := b.rowStart(y); p < b.rowStart(y)+int32(b.cols); p++ {
			if b.color[p] == empty {
				b.epos[p] = int32(len(b.empties))
				b.empties = append(b.empties, p)
				continue
			}
			b.root[p], b.next[p], b.size[p] = p, p, 1
			b.libs[p], b.lsum[p], b.lsq[p] = 0, 0, 0
			for _, d := range b.dirs {
				if q := p + d; b.color[q] == empty {
					b.addLib(p, q)
				}
			}
		}
	}
	for y := 1; y <= b.rows; y++ {
		for p := b.rowStart(y); p < b.rowStart(y)+int32(b.cols); p++ {
			c := b.color[p]
			if c != black && c != white {
				continue
			}
			if b.color[p-1] == c {
				b.union(b.root[p], b.root[p-1])
			}
			if b.color[p-int32(b.stride)] == c {
				b.union(b.root[p], b.root[p-int32(b.stride)])
			}
		}
	}
}

func (b *board) addLib(r, q int32) {
	b.libs[r]++
	b.lsum[r] += int64(q)
	b.lsq[r] += int64(q) * int64(q)
}

func (b *board) delLib(r, q int32) {
	b.libs[r]--
	b.lsum[r] -= int64(q)
	b.lsq[r] -= int64(q) * int64(q)
}

// atari reports whether the chain of root r has exactly one liberty.
func (b *board) atari(r int32) bool {
	l := int64(b.libs[r])
	return l > 0 && l*b.lsq[r] == b.lsum[r]*b.lsum[r]
}

// union joins the chains of roots a and b (relabelling the smaller) and returns the root.
func (b *board) union(a, c int32) int32 {
	if a == c {
		return a
	}
	if b.size[a] < b.size[c] {
		a, c = c, a
	}
	for q := c; ; {
		b.root[q] = a
		q = b.next[q]
		if q == c {
			break
		}
	}
	b.size[a] += b.size[c]
	b.libs[a] += b.libs[c]
	b.lsum[a] += b.lsum[c]
	b.lsq[a] += b.lsq[c]
	b.next[a], b.next[c] = b.next[c], b.next[a]
	return a
}

func (b *board) delEmpty(p int32) {
	i := b.epos[p]
	last := b.empties[len(b.empties)-1]
	b.empties[i] = last
	b.epos[last] = i
	b.empties = b.empties[:len(b.empties)-1]
}

func (b *board) addEmpty(p int32) {
	b.epos[p] = int32(len(b.empties))
	b.empties = append(b.empties, p)
}

// isEye reports whether p is an eye of colour c: its neighbours are c's stones or the
// edge, and the opponent holds fewer than two of its diagonals (none on the edge).
func (b *board) isEye(p int32, c uint8) bool {
	col := b.color
	for _, d := range b.dirs {
		if k := col[p+d]; k != c && k != border {
			return false
		}
	}
	o := 3 - c
	bad, edge := 0, 0
	s := int32(b.stride)
	for _, q := range [4]int32{p - s - 1, p - s + 1, p + s - 1, p + s + 1} {
		switch col[q] {
		case o:
			bad++
		case border:
			edge = 1
		}
	}
	return bad+edge < 2
}

// Move checks for a playout's policy.
const (
	moveOK      = iota
	moveIllegal // occupied, suicide or a ko retake
	moveBad     // legal but refused by the policy: own eye, or self-atari of 2 stones or more
)

// check tells whether colour c may play at the empty point p in a playout.
func (b *board) check(p int32, c uint8) int {
	if b.isEye(p, c) {
		return moveBad
	}
	return b.examine(p, c)
}

// examine checks a move of colour c at the empty point p, eyes aside, from the
// liberties its chain would have.
func (b *board) examine(p int32, c uint8) int {
	col := b.color
	o := 3 - c
	var lib [2]int32 // distinct liberties of the resulting chain, up to two
	nlib := 0
	add := func(q int32) {
		if nlib == 0 || nlib == 1 && lib[0] != q {
			lib[nlib] = q
			nlib++
		}
	}
	size := int32(1)
	var seen few
	capture := false
	for _, d := range b.dirs {
		q := p + d
		switch col[q] {
		case empty:
			add(q)
		case border:
		default:
			r := b.root[q]
			if col[q] == o {
				if b.atari(r) {
					capture = true
				}
				continue
			}
			if !seen.add(r) {
				continue
			}
			size += b.size[r]
			// The chain's liberties other than p: its pseudo-liberties less p's share.
			k := int64(0)
			for _, e := range b.dirs {
				if col[p+e] == c && b.root[p+e] == r {
					k++
				}
			}
			l := int64(b.libs[r]) - k
			s1 := b.lsum[r] - k*int64(p)
			s2 := b.lsq[r] - k*int64(p)*int64(p)
			switch {
			case l == 0:
			case l*s2 == s1*s1:
				add(int32(s1 / l))
			default:
				nlib = 2
			}
		}
	}
	switch {
	case capture:
		if p == b.ko {
			return moveIllegal
		}
		return moveOK
	case nlib == 0:
		return moveIllegal
	case nlib == 1 && size >= 2:
		return moveBad
	}
	return moveOK
}

// play puts a stone of colour c on the empty point p, which check found legal.
func (b *board) play(p int32, c uint8) {
	col := b.color
	col[p] = c
	b.delEmpty(p)
	b.root[p], b.next[p], b.size[p] = p, p, 1
	b.libs[p], b.lsum[p], b.lsq[p] = 0, 0, 0
	for _, d := range b.dirs {
		q := p + d
		switch col[q] {
		case empty:
			b.addLib(p, q)
		case black, white:
			b.delLib(b.root[q], p)
		}
	}
	r := p
	for _, d := range b.dirs {
		if q := p + d; col[q] == c {
			r = b.union(r, b.root[q])
		}
	}
	o := 3 - c
	captured, last := int32(0), int32(0)
	for _, d := range b.dirs {
		if q := p + d; col[q] == o && b.libs[b.root[q]] == 0 {
			last = q
			captured += b.remove(b.root[q])
		}
	}
	b.ko = 0
	if captured == 1 && b.size[r] == 1 && b.atari(r) {
		b.ko = last
	}
}

// remove empties the chain of root r, giving its points back as liberties to the
// chains around; it returns the number of stones removed.
func (b *board) remove(r int32) int32 {
	col := b.color
	n := int32(0)
	for p := r; ; {
		col[p] = empty
		b.addEmpty(p)
		n++
		p = b.next[p]
		if p == r {
			break
		}
	}
	for p := r; ; {
		for _, d := range b.dirs {
			if q := p + d; col[q] == black || col[q] == white {
				b.addLib(b.root[q], p)
			}
		}
		p = b.next[p]
		if p == r {
			break
		}
	}
	return n
}

// reply is the answer of colour c to the opponent's move at last: capture the chain of
// last when it is in atari; 0 when it is not.
func (b *board) reply(last int32, c uint8) int32 {
	if b.color[last] != 3-c {
		return 0
	}
	if r := b.root[last]; b.atari(r) {
		if p := int32(b.lsum[r] / int64(b.libs[r])); b.check(p, c) == moveOK {
			return p
		}
	}
	return 0
}

// few is a set of up to four chains (the neighbours of a point).
type few struct {
	v [4]int32
	n int
}

// add adds r and reports whether it was new.
func (f *few) add(r int32) bool {
	for _, s := range f.v[:f.n] {
		if s == r {
			return false
		}
	}
	f.v[f.n] = r
	f.n++
	return true
}
