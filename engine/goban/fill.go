package goban

import "math/bits"

// Scorer scores boards with reusable buffers, so scoring allocates nothing once they are
// large enough. The zero value is ready to use; a Scorer is not safe for concurrent use.
type Scorer struct {
	n, w   int
	vm     []uint64 // valid bits of each word of a row
	e      []uint64 // empty points, zero in the guard rows
	fb, fw []uint64 // after scoring: the empty points reaching black, white
	stack  []uint64 // words whose neighbours gained bits: index<<32 | column word
	queued []bool   // whether a word is on stack

	uf unionFind
}

// Score scores b with the fastest scorer, the bit-parallel fill.
func (s *Scorer) Score(b *Board) Result { return s.ScoreFill(b) }

// Score scores b with a fresh Scorer; reuse a Scorer to avoid its allocations.
func Score(b *Board) Result {
	var s Scorer
	return s.Score(b)
}

func (s *Scorer) prepare(b *Board) {
	s.n, s.w = b.N, b.W
	size := (b.N + 2) * b.W
	s.fb = grow(s.fb, size)
	s.fw = grow(s.fw, size)
	if cap(s.queued) < size {
		s.queued = make([]bool, size)
	}
	s.queued = s.queued[:size]
	s.vm = grow(s.vm, b.W)
	for j := range s.vm {
		s.vm[j] = ^uint64(0)
	}
	if b.W > 0 {
		s.vm[b.W-1] = lastMask(b.N)
	}
}

// ScoreFill scores b by a bit-parallel flood fill. For each colour it fills the empty
// points from those next to its stones: a top-down pass fills every row's runs of empty
// points in one go (an add carries the fill up a run, a shift cascade carries it down)
// and pulls from the row above, a bottom-up pass pulls from the row below, and a stack of
// words that gained bits finishes what the passes left, touching only words that change.
// The cost is linear in the number of points whatever the shape of the regions.
func (s *Scorer) ScoreFill(b *Board) Result {
	s.prepare(b)
	e := s.empty(b)
	if s.w == 1 {
		s.fillNarrow(b.Black, b.White, e)
	} else {
		s.fill(s.fb, b.Black, e)
		s.fill(s.fw, b.White, e)
	}
	return s.count(b)
}

// fillNarrow is fill for boards of up to 64 columns, one word per row, both colours at
// once so that their dependency chains overlap.
func (s *Scorer) fillNarrow(black, white, e []uint64) {
	n := s.n
	fb, fw := s.fb[:n+2], s.fw[:n+2]
	black, white, e = black[:n+2], white[:n+2], e[:n+2]
	fb[0], fw[0], fb[n+1], fw[n+1] = 0, 0, 0, 0
	var pb, pw uint64
	for i := 1; i <= n; i++ {
		m := e[i]
		bl, wh := black[i], white[i]
		xb := (pb | black[i-1] | black[i+1] | bl<<1 | bl>>1) & m
		xw := (pw | white[i-1] | white[i+1] | wh<<1 | wh>>1) & m
		pb = downFill(m, m&^(m+xb)|xb)
		pw = downFill(m, m&^(m+xw)|xw)
		fb[i], fw[i] = pb, pw
	}
	for _, f := range [2][]uint64{fb, fw} {
		for i := n - 1; i >= 1; i-- {
			m := e[i]
			if d := f[i+1] & m &^ f[i]; d != 0 {
				nw := downFill(m, m&^(m+d)|d) &^ f[i]
				f[i] |= nw
				if nw&e[i+1]&^f[i+1] != 0 {
					s.push(i+1, 0)
				}
			}
		}
		s.drain(f, e)
	}
}

// empty computes the plane of empty points into s.e.
func (s *Scorer) empty(b *Board) []uint64 {
	s.e = grow(s.e, len(b.Black))
	w := s.w
	for i := range s.e {
		s.e[i] = ^(b.Black[i] | b.White[i]) & s.vm[i%w]
	}
	if s.n > 0 {
		clear(s.e[:w])
		clear(s.e[(s.n+1)*w:])
	}
	return s.e
}

// count turns the filled planes into the score: a player gets their stones and the
// empty points reaching them minus those that also reach the other colour.
func (s *Scorer) count(b *Board) Result {
	var sb, sw, nb, nw, both int
	for i, x := range s.fb {
		y := s.fw[i]
		sb += bits.OnesCount64(b.Black[i])
		sw += bits.OnesCount64(b.White[i])
		nb += bits.OnesCount64(x)
		nw += bits.OnesCount64(y)
		both += bits.OnesCount64(x & y)
	}
	return Result{Size: s.n, Black: sb + nb - both, White: sw + nw - both}
}

// downFill extends the seeds g (a subset of m) towards bit 0 through the runs of m: a
// Kogge-Stone occluded fill, which stops after three of its six steps when the fill is
// already closed, as it is when no run needs to be crossed for more than 7 points.
func downFill(m, g uint64) uint64 {
	g |= g >> 1 & m
	p := m & (m >> 1)
	g |= g >> 2 & p
	p &= p >> 2
	g |= g >> 4 & p
	if g>>1&m&^g == 0 {
		return g
	}
	p &= p >> 4
	g |= g >> 8 & p
	p &= p >> 8
	g |= g >> 16 & p
	p &= p >> 16
	return g | g>>32&p
}

// fill sets f to the empty points (plane e) connected to a point next to a stone of own.
func (s *Scorer) fill(f, own, e []uint64) {
	n, w := s.n, s.w
	if n == 0 {
		return
	}
	clear(f[:w])
	clear(f[(n+1)*w:])
	// Top-down: seed each row with the empty points beside, above and below a stone and
	// below what the row above reached, then fill its runs: up a run by addition, down by
	// the shift cascade, each word on its own, then fix up runs that cross into a lower
	// word.
	for i := 1; i <= n; i++ {
		base := i * w
		row := f[base : base+w]
		erow, srow := e[base:base+w], own[base:base+w]
		above, sa, sb := f[base-w:base], own[base-w:base], own[base+w:base+2*w]
		var c, left uint64
		for j := range row {
			m := erow[j]
			st := srow[j]
			var right uint64
			if j+1 < w {
				right = srow[j+1] << 63
			}
			x := (above[j] | sa[j] | sb[j] | st<<1 | left | st>>1 | right) & m
			left = st >> 63
			var sum uint64
			sum, c = bits.Add64(m, x, c)
			row[j] = downFill(m, m&^sum|x)
		}
		for j := w - 2; j >= 0; j-- {
			if row[j+1]&^(row[j]>>63)&(erow[j]>>63)&1 != 0 {
				row[j] = downFill(erow[j], row[j]|1<<63)
			}
		}
	}
	// Bottom-up: pull from the row below; changes spread along rows and queue the words
	// below them that can still gain.
	// A row that gains is filled word by word without a data-dependent branch (half the
	// words of a random board gain); only runs crossing into another word leave the fast
	// path.
	for i := n - 1; i >= 1; i-- {
		base := i * w
		var any uint64
		for j := 0; j < w; j++ {
			any |= f[base+w+j] & e[base+j] &^ f[base+j]
		}
		if any == 0 {
			continue
		}
		for j := 0; j < w; j++ {
			k := base + j
			m := e[k]
			d := f[k+w] & m &^ f[k]
			sum, c := bits.Add64(m, d, 0)
			g := downFill(m, m&^sum|d)
			var left uint64
			if j > 0 {
				left = e[k-1] &^ f[k-1] >> 63
			}
			if c|g&left != 0 {
				g = s.spreadRow(f, e, k, j, d)
			}
			f[k] |= g
			if g&e[k+w]&^f[k+w] != 0 { // the row above comes next anyway
				s.push(k+w, j)
			}
		}
	}
	s.drain(f, e)
}

// drain empties the stack of words that may gain from a neighbour. From each word it
// walks up or down as long as the next word gains, queueing only the other direction
// when both gain, so a vertical corridor costs a few operations per row.
func (s *Scorer) drain(f, e []uint64) {
	w := s.w
	for len(s.stack) > 0 {
		top := s.stack[len(s.stack)-1]
		s.stack = s.stack[:len(s.stack)-1]
		k, j := int(top>>32), int(top&0xffffffff)
		s.queued[k] = false
		for {
			d := (f[k-w] | f[k+w]) & e[k] &^ f[k]
			if d == 0 {
				break
			}
			m := e[k]
			var nw uint64
			if (d<<1|d>>1)&m == 0 && d&(1|1<<63) == 0 {
				nw = d // isolated points: no run to fill
			} else {
				nw = s.spreadRow(f, e, k, j, d)
			}
			f[k] |= nw
			up, down := nw&e[k-w]&^f[k-w] != 0, nw&e[k+w]&^f[k+w] != 0
			switch {
			case down:
				if up {
					s.push(k-w, j)
				}
				k += w
			case up:
				k -= w
			default:
				k = -1
			}
			if k < 0 {
				break
			}
		}
	}
}

func (s *Scorer) push(k, j int) {
	if !s.queued[k] {
		s.queued[k] = true
		s.stack = append(s.stack, uint64(k)<<32|uint64(j))
	}
}

// spreadRow fills the runs of the empty points that hold the new seeds d of word k
// (column word j) and returns the new bits of word k; bits the runs add to the words
// left and right of it go into f at once, queueing the words above and below them.
func (s *Scorer) spreadRow(f, e []uint64, k, j int, d uint64) uint64 {
	w := s.w
	base := k - j
	m := e[k]
	sum, c := bits.Add64(m, d, 0)
	g := downFill(m, m&^sum|d)
	for kk := j + 1; c != 0 && kk < w; kk++ {
		m := e[base+kk]
		sum, c = bits.Add64(m, 0, c)
		nw := m &^ sum
		if nw == 0 {
			break
		}
		s.gain(f, e, base+kk, kk, nw)
	}
	for kk, h := j-1, g; h&1 != 0 && kk >= 0; kk-- {
		m := e[base+kk]
		if m>>63 == 0 || f[base+kk]>>63 != 0 {
			break
		}
		h = downFill(m, 1<<63)
		s.gain(f, e, base+kk, kk, h)
	}
	return g &^ f[k]
}

// gain adds the bits nw to word k (column word j) of f and queues the words above and
// below it that nw can extend into.
func (s *Scorer) gain(f, e []uint64, k, j int, nw uint64) {
	f[k] |= nw
	w := s.w
	if a := k - w; nw&e[a]&^f[a] != 0 {
		s.push(a, j)
	}
	if a := k + w; nw&e[a]&^f[a] != 0 {
		s.push(a, j)
	}
}

// Owner appends the ownership map of the board last scored (n*n bytes, row by row): X and
// O for stones, x or o for an empty point counted for black or white, - for nobody's.
func (s *Scorer) Owner(dst []byte, b *Board) []byte {
	for r := 0; r < s.n; r++ {
		for c := 0; c < s.n; c++ {
			k, bit := (r+1)*s.w+c>>6, uint64(1)<<(c&63)
			switch {
			case b.Black[k]&bit != 0:
				dst = append(dst, 'X')
			case b.White[k]&bit != 0:
				dst = append(dst, 'O')
			case s.fb[k]&bit != 0 && s.fw[k]&bit == 0:
				dst = append(dst, 'x')
			case s.fw[k]&bit != 0 && s.fb[k]&bit == 0:
				dst = append(dst, 'o')
			default:
				dst = append(dst, '-')
			}
		}
	}
	return dst
}
