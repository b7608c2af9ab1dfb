package goban

import "math/bits"

// Scorer scores boards with reusable buffers, so scoring allocates nothing once they are
// large enough. The zero value is ready to use; a Scorer is not safe for concurrent use.
type Scorer struct {
	n, w   int // rows, words per row
	cols   int
	vm     []uint64 // valid bits of each word of a row
	e      []uint64 // empty points, zero in the guard rows
	fb, fw []uint64 // after scoring: the empty points reaching black, white
	stack  []uint64 // words that may gain from a neighbour: index<<33 | colour<<32 | column word
	queued []uint8  // bit c set: the word is on stack for colour c (0 black, 1 white)

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
	s.n, s.cols, s.w = b.N, b.Cols, b.W
	size := (b.N + 2) * b.W
	s.fb = grow(s.fb, size)
	s.fw = grow(s.fw, size)
	if cap(s.queued) < size {
		s.queued = make([]uint8, size)
	}
	s.queued = s.queued[:size]
	s.vm = grow(s.vm, b.W)
	for j := range s.vm {
		s.vm[j] = ^uint64(0)
	}
	if b.W > 0 {
		s.vm[b.W-1] = lastMask(b.Cols)
	}
}

// ScoreFill scores b by a bit-parallel flood fill. For each colour it fills the empty
// points from those next to its stones: a top-down pass fills every row's runs of empty
// points in one go (an add carries the fill up a run, a shift cascade carries it down)
// and pulls from the row above, a bottom-up pass pulls from the row below, and a stack of
// words that gained bits finishes what the passes left, touching only words that change.
// Both colours go through each pass together, and the top-down pass also computes the
// plane of empty points. The cost is linear in the number of points whatever the shape
// of the regions.
func (s *Scorer) ScoreFill(b *Board) Result {
	s.prepare(b)
	if s.n > 0 && s.w > 0 {
		s.e = grow(s.e, len(b.Black))
		if s.w == 1 {
			s.fillNarrow(b.Black, b.White, s.e)
		} else {
			s.fillWide(b.Black, b.White, s.e)
		}
	}
	return s.count(b)
}

// plane returns the fill of colour c.
func (s *Scorer) plane(c int) []uint64 {
	if c == 0 {
		return s.fb
	}
	return s.fw
}

// fillNarrow is the fill for boards of up to 64 columns, one word per row.
func (s *Scorer) fillNarrow(black, white, e []uint64) {
	n := s.n
	fb, fw := s.fb[:n+2], s.fw[:n+2]
	black, white, e = black[:n+2], white[:n+2], e[:n+2]
	fb[0], fw[0], fb[n+1], fw[n+1] = 0, 0, 0, 0
	e[0], e[n+1] = 0, 0
	vm := s.vm[0]
	var pb, pw uint64
	for i := 1; i <= n; i++ {
		bl, wh := black[i], white[i]
		m := ^(bl | wh) & vm
		e[i] = m
		xb := (pb | black[i-1] | black[i+1] | bl<<1 | bl>>1) & m
		xw := (pw | white[i-1] | white[i+1] | wh<<1 | wh>>1) & m
		pb = downFill(m, m&^(m+xb)|xb)
		pw = downFill(m, m&^(m+xw)|xw)
		fb[i], fw[i] = pb, pw
	}
	for c, f := range [2][]uint64{fb, fw} {
		for i := n - 1; i >= 1; i-- {
			m := e[i]
			if d := f[i+1] & m &^ f[i]; d != 0 {
				nw := downFill(m, m&^(m+d)|d) &^ f[i]
				f[i] |= nw
				if nw&e[i+1]&^f[i+1] != 0 {
					s.push(c, i+1, 0)
				}
			}
		}
	}
	s.drain(e)
}

// count turns the filled planes into the score: a player gets their stones and the
// empty points that reach them and not the other colour.
func (s *Scorer) count(b *Board) Result {
	var nb, nw int
	black, white, fw := b.Black[:len(s.fb)], b.White[:len(s.fb)], s.fw[:len(s.fb)]
	for i, x := range s.fb {
		// The fills hold empty points only, so they are disjoint from the stones.
		y := fw[i]
		nb += bits.OnesCount64(black[i] | x&^y)
		nw += bits.OnesCount64(white[i] | y&^x)
	}
	return Result{Size: s.n, Cols: s.cols, Black: nb, White: nw}
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

// fillWide is the fill for boards of more than 64 columns.
func (s *Scorer) fillWide(black, white, e []uint64) {
	n, w := s.n, s.w
	fb, fw := s.fb, s.fw
	clear(fb[:w])
	clear(fw[:w])
	clear(fb[(n+1)*w:])
	clear(fw[(n+1)*w:])
	clear(e[:w])
	clear(e[(n+1)*w:])
	vm := s.vm[:w]
	// Top-down: seed each row with the empty points beside, above and below a stone and
	// below what the row above reached, then fill its runs: up a run by addition, down by
	// the shift cascade, each word on its own, then fix up runs that cross into a lower
	// word.
	for i := 1; i <= n; i++ {
		base := i * w
		erow := e[base : base+w]
		rb, rw := fb[base:base+w:base+w], fw[base:base+w:base+w]
		ab, aw := fb[base-w:base:base], fw[base-w:base:base]
		bl, wh := black[base-w:base+2*w], white[base-w:base+2*w] // rows above, here, below
		var cb, cw, lb, lw uint64
		for j := 0; j < w && j < len(rb) && j < len(rw) && j < len(ab) && j < len(aw) && j < len(erow) && j < len(vm); j++ {
			sb, sw := bl[w+j], wh[w+j]
			m := ^(sb | sw) & vm[j] // the empty points, computed here in passing
			erow[j] = m
			var nb, nw uint64
			if j+1 < w {
				nb, nw = bl[w+j+1]<<63, wh[w+j+1]<<63
			}
			xb := (ab[j] | bl[j] | bl[2*w+j] | sb<<1 | lb | sb>>1 | nb) & m
			xw := (aw[j] | wh[j] | wh[2*w+j] | sw<<1 | lw | sw>>1 | nw) & m
			lb, lw = sb>>63, sw>>63
			var sumb, sumw uint64
			sumb, cb = bits.Add64(m, xb, cb)
			sumw, cw = bits.Add64(m, xw, cw)
			rb[j] = downFill(m, m&^sumb|xb)
			rw[j] = downFill(m, m&^sumw|xw)
		}
		for j := w - 2; j >= 0; j-- {
			m := erow[j] >> 63
			if (rb[j+1]&^(rb[j]>>63)|rw[j+1]&^(rw[j]>>63))&m&1 != 0 {
				if rb[j+1]&^(rb[j]>>63)&m&1 != 0 {
					rb[j] = downFill(erow[j], rb[j]|1<<63)
				}
				if rw[j+1]&^(rw[j]>>63)&m&1 != 0 {
					rw[j] = downFill(erow[j], rw[j]|1<<63)
				}
			}
		}
	}
	// Bottom-up: pull from the row below. A row that gains is filled word by word
	// without a data-dependent branch (half the words of a random board gain); only runs
	// crossing into another word leave the fast path. Words below that can still gain are
	// queued.
	for i := n - 1; i >= 1; i-- {
		base := i * w
		var any uint64
		for j := 0; j < w; j++ {
			k := base + j
			any |= (fb[k+w]&^fb[k] | fw[k+w]&^fw[k]) & e[k]
		}
		if any == 0 {
			continue
		}
		for j := 0; j < w; j++ {
			k := base + j
			m := e[k]
			var left uint64 // the run may go on into the word on the left
			if j > 0 {
				left = e[k-1] >> 63
			}
			db, dw := fb[k+w]&m&^fb[k], fw[k+w]&m&^fw[k]
			sumb, cb := bits.Add64(m, db, 0)
			sumw, cw := bits.Add64(m, dw, 0)
			gb := downFill(m, m&^sumb|db)
			gw := downFill(m, m&^sumw|dw)
			if cb|gb&left&^(fb[k-1]>>63) != 0 {
				gb = s.spreadRow(0, fb, e, k, j, db)
			}
			if cw|gw&left&^(fw[k-1]>>63) != 0 {
				gw = s.spreadRow(1, fw, e, k, j, dw)
			}
			fb[k] |= gb
			fw[k] |= gw
			if gb&e[k+w]&^fb[k+w] != 0 { // the row above comes next anyway
				s.push(0, k+w, j)
			}
			if gw&e[k+w]&^fw[k+w] != 0 {
				s.push(1, k+w, j)
			}
		}
	}
	s.drain(e)
}

// drain empties the stack of words that may gain from a neighbour. From each word it
// walks up or down as long as the next word gains, queueing only the other direction
// when both gain, so a vertical corridor costs a few operations per row.
func (s *Scorer) drain(e []uint64) {
	w := s.w
	for len(s.stack) > 0 {
		top := s.stack[len(s.stack)-1]
		s.stack = s.stack[:len(s.stack)-1]
		k, c, j := int(top>>33), int(top>>32&1), int(top&0xffffffff)
		s.queued[k] &^= 1 << c
		f := s.plane(c)
		// The walk keeps the words it stands on and next to in registers: a step down
		// reuses the word it leaves as the one above.
		m, fk := e[k], f[k]
		mu, fu, md, fd := e[k-w], f[k-w], e[k+w], f[k+w]
		for {
			d := (fu | fd) & m &^ fk
			if d == 0 {
				break
			}
			nw := d // isolated points: no run to fill
			if (d<<1|d>>1)&m != 0 || d&(1|1<<63) != 0 {
				nw = s.spreadRow(c, f, e, k, j, d)
			}
			fk |= nw
			f[k] = fk
			up, down := nw&mu&^fu != 0, nw&md&^fd != 0
			if down {
				if up {
					s.push(c, k-w, j)
				}
				k += w
				mu, fu, m, fk = m, fk, md, fd
				md, fd = e[k+w], f[k+w]
			} else if up {
				k -= w
				md, fd, m, fk = m, fk, mu, fu
				mu, fu = e[k-w], f[k-w]
			} else {
				break
			}
		}
	}
}

// push queues word k (column word j) for colour c unless it is queued already.
func (s *Scorer) push(c, k, j int) {
	if s.queued[k]&(1<<c) == 0 {
		s.queued[k] |= 1 << c
		s.stack = append(s.stack, uint64(k)<<33|uint64(c)<<32|uint64(j))
	}
}

// spreadRow fills, in the fill f of colour c, the runs of empty points that hold the new
// seeds d of word k (column word j) and returns the new bits of word k; bits the runs
// add to the words left and right of it go into f at once, queueing the words above and
// below them.
func (s *Scorer) spreadRow(c int, f, e []uint64, k, j int, d uint64) uint64 {
	w := s.w
	base := k - j
	m := e[k]
	sum, carry := bits.Add64(m, d, 0)
	g := downFill(m, m&^sum|d)
	for kk := j + 1; carry != 0 && kk < w; kk++ {
		m := e[base+kk]
		sum, carry = bits.Add64(m, 0, carry)
		nw := m &^ sum
		if nw == 0 {
			break
		}
		s.gain(c, f, e, base+kk, kk, nw)
	}
	for kk, h := j-1, g; h&1 != 0 && kk >= 0; kk-- {
		m := e[base+kk]
		if m>>63 == 0 || f[base+kk]>>63 != 0 {
			break
		}
		h = downFill(m, 1<<63)
		s.gain(c, f, e, base+kk, kk, h)
	}
	return g &^ f[k]
}

// gain adds the bits nw to word k (column word j) of the fill f of colour c and queues
// the words above and below it that nw can extend into.
func (s *Scorer) gain(c int, f, e []uint64, k, j int, nw uint64) {
	f[k] |= nw
	w := s.w
	if a := k - w; nw&e[a]&^f[a] != 0 {
		s.push(c, a, j)
	}
	if a := k + w; nw&e[a]&^f[a] != 0 {
		s.push(c, a, j)
	}
}

// Owner appends the ownership map of the board last scored (rows*cols bytes, row by
// row): X and O for stones, x or o for an empty point counted for black or white, - for
// nobody's.
func (s *Scorer) Owner(dst []byte, b *Board) []byte {
	for r := 0; r < s.n; r++ {
		for c := 0; c < s.cols; c++ {
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
