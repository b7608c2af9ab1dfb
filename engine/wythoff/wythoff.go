// Package wythoff plays Wythoff's Nim perfectly for piles of any size and writes the
// tables researchers use: cold-position pairs (a_k, b_k) streamed at memory speed, and
// Sprague-Grundy tables built with bit-set mex in parallel.
//
// The cold positions (P-positions) are (a_k, b_k) and (b_k, a_k) with
// a_k = floor(k*phi) and b_k = a_k + k. Everything here is exact integer arithmetic:
// uint64 piles use a 128-bit fixed-point 1/phi with an exact correction step (math/bits),
// larger piles use math/big and an exact integer square root. No floating point.
package wythoff

import "math/bits"

// invPhi is floor(2^128 / phi) = floor(2^128 * (phi-1)), split into two words.
const (
	invPhiHi = 0x9e3779b97f4a7c15
	invPhiLo = 0xf39cc0605cedc834
)

// Position is a pair of piles (the queen's coordinates).
type Position struct{ X, Y uint64 }

// FloorDivPhi returns floor(x/phi) exactly for every uint64 x.
func FloorDivPhi(x uint64) uint64 {
	h1, l1 := bits.Mul64(x, invPhiHi)
	h2, l2 := bits.Mul64(x, invPhiLo)
	mid, c := bits.Add64(l1, h2, 0)
	q := h1 + c
	// The fraction (mid, l2) undershoots the true one by less than x units of 2^-128;
	// only when it lies within x of 2^128 can the true value reach q+1.
	if mid == ^uint64(0) && l2 > -x {
		if mulPhiBelow(q+1, x) {
			q++
		}
	}
	return q
}

// mulPhiBelow reports whether m*phi < x, exactly, for m <= x: with phi = (1+sqrt5)/2
// this is m*sqrt5 < 2x-m, that is 5m^2 < (2x-m)^2 (both sides non-negative).
func mulPhiBelow(m, x uint64) bool {
	// u = 2x - m, up to 65 bits: (uh, ul).
	ul, uh := bits.Add64(x, x, 0)
	ul, borrow := bits.Sub64(ul, m, 0)
	uh -= borrow
	// u^2 as three words.
	sh, sl := bits.Mul64(ul, ul)
	var s2 uint64
	if uh != 0 { // u^2 = ul^2 + 2*ul*2^64 + 2^128
		var c uint64
		sh, c = bits.Add64(sh, ul, 0)
		s2 += c
		sh, c = bits.Add64(sh, ul, 0)
		s2 += c + 1
	}
	// 5*m^2 as three words.
	mh, ml := bits.Mul64(m, m)
	t2, t1 := bits.Mul64(mh, 5)
	c1, t0 := bits.Mul64(ml, 5)
	t1, c := bits.Add64(t1, c1, 0)
	t2 += c
	// 5m^2 < u^2 ?
	if t2 != s2 {
		return t2 < s2
	}
	if t1 != sh {
		return t1 < sh
	}
	return t0 < sl
}

// Lower returns a_k = floor(k*phi), the lower Wythoff number of index k; ok is false
// when it does not fit in a uint64 (k > 11400714819323198485).
func Lower(k uint64) (a uint64, ok bool) {
	a, c := bits.Add64(k, FloorDivPhi(k), 0)
	return a, c == 0
}

// Upper returns b_k = a_k + k = floor(k*phi^2); ok is false when it does not fit.
func Upper(k uint64) (b uint64, ok bool) {
	a, ok := Lower(k)
	b, c := bits.Add64(a, k, 0)
	return b, ok && c == 0
}

// Classify tells which Wythoff sequence x belongs to: x = a_k (upper false) or x = b_k
// (upper true). Every positive integer is in exactly one of them; 0 is a_0 = b_0 and
// is reported as a_0.
//
// x is lower exactly when the fraction of x/phi exceeds 1/phi^2 (then x = a_{q+1}
// with q = floor(x/phi)); otherwise x = b_{x-q}. One 64x128-bit product decides,
// except within two units of 2^-64 of the threshold or of a carry, where the exact
// test takes over.
func Classify(x uint64) (k uint64, upper bool) {
	h1, l1 := bits.Mul64(x, invPhiHi)
	h2, l2 := bits.Mul64(x, invPhiLo)
	frac, c := bits.Add64(l1, h2, 0)
	q := h1 + c
	if frac-(invPhi2-1) <= 1 || frac == ^uint64(0) && l2 > -x || x == 0 {
		return classifyExact(x)
	}
	if frac > invPhi2 {
		return q + 1, false
	}
	return x - q, true
}

// invPhi2 is floor(2^64 / phi^2).
const invPhi2 = 0x61c8864680b583ea

// classifyExact is Classify by the definition: x is lower iff x = a_{floor(x/phi)+1}.
func classifyExact(x uint64) (k uint64, upper bool) {
	if x == 0 {
		return 0, false
	}
	q := FloorDivPhi(x)
	if a, ok := Lower(q + 1); ok && a == x {
		return q + 1, false
	}
	// Otherwise x is upper; its index is x minus the count of lower numbers <= x.
	return x - q, true
}

// Partner returns the pile p such that (x, p) is a cold position in normal play; ok is
// false when p exceeds the uint64 range (x = a_k with b_k too large).
func Partner(x uint64) (p uint64, ok bool) {
	h1, l1 := bits.Mul64(x, invPhiHi)
	h2, l2 := bits.Mul64(x, invPhiLo)
	frac, c := bits.Add64(l1, h2, 0)
	q := h1 + c
	if frac-(invPhi2-1) <= 1 || frac == ^uint64(0) && l2 > -x {
		return partnerExact(x)
	}
	// x = a_{q+1} has partner b_{q+1} = x+q+1; x = b_{x-q} has partner a_{x-q} = q.
	// Selected without a branch: which one it is is a coin toss for random piles.
	b, carry := bits.Add64(x, q+1, 0)
	p, ok = q, true
	if frac > invPhi2 {
		p, ok = b, carry == 0
	}
	return p, ok
}

// partnerExact is Partner by the definition, for the rare values Partner cannot
// decide from one product.
func partnerExact(x uint64) (uint64, bool) {
	k, upper := classifyExact(x)
	if upper {
		return x - k, true
	}
	p, c := bits.Add64(x, k, 0)
	return p, c == 0
}

// misère play: the cold positions are those of normal play except that (0,0), (1,2)
// and (2,1) are replaced by (0,1), (1,0) and (2,2); the brute force in the tests
// derives this from the rules.

// partner is Partner under the given convention.
func partner(x uint64, misere bool) (uint64, bool) {
	if misere && x <= 2 {
		return [3]uint64{1, 0, 2}[x], true
	}
	return Partner(x)
}

// diagLow returns the smaller pile of the cold position whose piles differ by d.
func diagLow(d uint64, misere bool) (uint64, bool) {
	if misere && d <= 1 {
		return [2]uint64{2, 0}[d], true
	}
	return Lower(d)
}

// Cold reports whether (x, y) is a loss for the player to move (a P-position) in
// normal play, or in misère play (taking the last counter loses) when misere is set.
func Cold(x, y uint64, misere bool) bool {
	p, ok := partner(x, misere)
	return ok && p == y
}

// Moves returns every winning move from (x, y), as the positions after the move: at
// most one taking from X, one taking from Y and one taking from both, in that order.
// n is 0 for a cold position, and for misère's (0,0), which is not cold: the game is
// over and the player to move has won.
func Moves(x, y uint64, misere bool) (moves [3]Position, n int) {
	// Every candidate is written and kept by advancing n, so that the outcome of each
	// test (a coin toss for random positions) costs no mispredicted branch.
	p, ok := partner(y, misere)
	moves[0] = Position{p, y}
	if ok && p < x {
		n++
	}
	p, ok = partner(x, misere)
	moves[n] = Position{x, p}
	if ok && p < y {
		n++
	}
	lo, d := min(x, y), max(x, y)-min(x, y)
	a, ok := diagLow(d, misere)
	m := Position{a, a + d}
	if x > y {
		m = Position{a + d, a}
	}
	moves[n] = m
	if ok && a < lo {
		n++
	}
	if n < 3 {
		moves[n] = Position{}
	}
	return moves, n
}

// Move returns one winning move from (x, y) (the first of Moves), or ok false when
// there is none: (x, y) is cold, or it is misère's (0,0), won already.
func Move(x, y uint64, misere bool) (Position, bool) {
	m, n := Moves(x, y, misere)
	return m[0], n > 0
}
