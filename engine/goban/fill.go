package goban

import "math/bits"

// Scorer scores boards with reusable buffers, so scoring allocates nothing once they are
// large enough. The zero value is ready to use; a Scorer is not safe for concurrent use.
type Scorer struct {
	n, w   int
	vm     []uint64 // valid bits of each word of a row
	fb, fw []uint64 // after scoring: stones of a colour plus the empty points reaching it
	stack  []int    // words (row*w+col) whose neighbours gained bits
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

// ScoreFill scores b by a bit-parallel flood fill. For each colour C it fills the mask
// "empty or C" from C's stones: a top-down pass fills every row's runs in one go (an add
// carries the fill up a run, a shift cascade carries it down) and pulls from the row
// above, a bottom-up pass pulls from the row below, and a stack of words that gained bits
// finishes what the passes left, touching only words that change. The cost is linear in
// the number of points whatever the shape of the regions.
func (s *Scorer) ScoreFill(b *Board) Result {
	s.prepare(b)
	s.fill(s.fb, b.Black, b.White)
	s.fill(s.fw, b.White, b.Black)
	return s.count()
}

// count turns the filled planes into the score: a player gets their fill (stones and
// empty points reaching them) minus the empty points that also reach the other colour.
func (s *Scorer) count() Result {
	var nb, nw, both int
	for i, x := range s.fb {
		y := s.fw[i]
		nb += bits.OnesCount64(x)
		nw += bits.OnesCount64(y)
		both += bits.OnesCount64(x & y)
	}
	return Result{Size: s.n, Black: nb - both, White: nw - both}
}

// downFill extends the seeds g (a subset of m) towards bit 0 through the runs of m: a
// Kogge-Stone occluded fill in six steps.
func downFill(m, g uint64) uint64 {
	g |= g >> 1 & m
	p := m & (m >> 1)
	g |= g >> 2 & p
	p &= p >> 2
	g |= g >> 4 & p
	p &= p >> 4
	g |= g >> 8 & p
	p &= p >> 8
	g |= g >> 16 & p
	p &= p >> 16
	g |= g >> 32 & p
	return g
}

// fill sets f to the points of the mask ^other (within the board) connected to own.
func (s *Scorer) fill(f, own, other []uint64) {
	n, w, vm := s.n, s.w, s.vm
	if n == 0 {
		return
	}
	clear(f[:w])
	clear(f[(n+1)*w:])
	// Top-down: seed each row with its stones and what the row above reached, then fill
	// its runs: up the run by addition, down the run by the shift cascade.
	for i := 1; i <= n; i++ {
		base := i * w
		row, above := f[base:base+w], f[base-w:base]
		orow, srow := other[base:base+w], own[base:base+w]
		var c uint64
		for j := range row {
			m := ^orow[j] & vm[j]
			x := srow[j] | above[j]&m
			var sum uint64
			sum, c = bits.Add64(m, x, c)
			row[j] = m&^sum | x
		}
		var inj uint64
		for j := w - 1; j >= 0; j-- {
			m := ^orow[j] & vm[j]
			g := downFill(m, row[j]|inj&m)
			row[j] = g
			inj = g << 63
		}
	}
	// Bottom-up: pull from the row below; changes spread along rows and queue the words
	// below them that can still gain.
	for i := n; i >= 1; i-- {
		base := i * w
		for j := 0; j < w; j++ {
			m := ^other[base+j] & vm[j]
			if d := f[base+w+j] & m &^ f[base+j]; d != 0 {
				s.spread(f, other, i, j, d)
			}
		}
	}
	for len(s.stack) > 0 {
		k := s.stack[len(s.stack)-1]
		s.stack = s.stack[:len(s.stack)-1]
		s.queued[k] = false
		j := k % w
		m := ^other[k] & vm[j]
		if d := (f[k-w] | f[k+w]) & m &^ f[k]; d != 0 {
			s.spread(f, other, k/w, j, d)
		}
	}
}

// spread adds the new seeds d (in the mask, not yet in f) of word j of row i to f with
// the whole runs they lie in, which may cross into neighbouring words, and queues the
// words above and below that can gain from them.
func (s *Scorer) spread(f, other []uint64, i, j int, d uint64) {
	w, vm := s.w, s.vm
	base := i * w
	m := ^other[base+j] & vm[j]
	sum, c := bits.Add64(m, d, 0)
	g := downFill(m, m&^sum|d)
	s.gain(f, other, base+j, j, g&^f[base+j])
	for k := j + 1; c != 0 && k < w; k++ {
		m := ^other[base+k] & vm[k]
		sum, c = bits.Add64(m, 0, c)
		nw := m &^ sum
		if nw == 0 {
			break
		}
		s.gain(f, other, base+k, k, nw)
	}
	for k := j - 1; g&1 != 0 && k >= 0; k-- {
		m := ^other[base+k] & vm[k]
		if m>>63 == 0 || f[base+k]>>63 != 0 {
			break
		}
		g = downFill(m, 1<<63)
		s.gain(f, other, base+k, k, g)
	}
}

// gain adds the bits nw to word k (column word j) of f and queues the words above and
// below it that nw can extend into.
func (s *Scorer) gain(f, other []uint64, k, j int, nw uint64) {
	f[k] |= nw
	w := s.w
	for _, a := range [2]int{k - w, k + w} {
		if nw&^other[a]&s.vm[j]&^f[a] != 0 && a >= w && a < len(f)-w && !s.queued[a] {
			s.queued[a] = true
			s.stack = append(s.stack, a)
		}
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
