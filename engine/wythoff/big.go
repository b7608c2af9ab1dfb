package wythoff

import "math/big"

// BigPosition is a pair of piles of any size.
type BigPosition struct{ X, Y *big.Int }

// FloorDivPhiBig returns floor(x/phi) for x >= 0 of any size: x/phi = (sqrt(5x^2)-x)/2
// and, sqrt(5x^2) being irrational for x > 0, the floor of the exact integer square
// root gives the same result.
func FloorDivPhiBig(x *big.Int) *big.Int {
	s := new(big.Int).Mul(x, x)
	s.Mul(s, big.NewInt(5))
	s.Sqrt(s)
	s.Sub(s, x)
	return s.Rsh(s, 1)
}

// LowerBig returns a_k = floor(k*phi) = k + floor(k/phi).
func LowerBig(k *big.Int) *big.Int {
	return new(big.Int).Add(k, FloorDivPhiBig(k))
}

// UpperBig returns b_k = a_k + k.
func UpperBig(k *big.Int) *big.Int {
	a := LowerBig(k)
	return a.Add(a, k)
}

// ClassifyBig is Classify for any size: x = a_k (upper false) or x = b_k (upper true).
func ClassifyBig(x *big.Int) (k *big.Int, upper bool) {
	if x.Sign() == 0 {
		return new(big.Int), false
	}
	q := FloorDivPhiBig(x)
	k = new(big.Int).Add(q, big.NewInt(1))
	if LowerBig(k).Cmp(x) == 0 {
		return k, false
	}
	return k.Sub(x, q), true
}

// PartnerBig returns the pile p such that (x, p) is cold in normal play.
func PartnerBig(x *big.Int) *big.Int {
	k, upper := ClassifyBig(x)
	if upper {
		return k.Sub(x, k)
	}
	return k.Add(x, k)
}

func partnerBig(x *big.Int, misere bool) *big.Int {
	if misere && x.Cmp(big.NewInt(2)) <= 0 {
		return big.NewInt([3]int64{1, 0, 2}[x.Int64()])
	}
	return PartnerBig(x)
}

func diagLowBig(d *big.Int, misere bool) *big.Int {
	if misere && d.Cmp(big.NewInt(1)) <= 0 {
		return big.NewInt([2]int64{2, 0}[d.Int64()])
	}
	return LowerBig(d)
}

// ColdBig is Cold for piles of any size (x, y >= 0).
func ColdBig(x, y *big.Int, misere bool) bool {
	return partnerBig(x, misere).Cmp(y) == 0
}

// MovesBig is Moves for piles of any size (x, y >= 0): every winning move, in the same
// order as Moves.
func MovesBig(x, y *big.Int, misere bool) []BigPosition {
	var moves []BigPosition
	if p := partnerBig(y, misere); p.Cmp(x) < 0 {
		moves = append(moves, BigPosition{p, new(big.Int).Set(y)})
	}
	if p := partnerBig(x, misere); p.Cmp(y) < 0 {
		moves = append(moves, BigPosition{new(big.Int).Set(x), p})
	}
	d := new(big.Int).Sub(y, x)
	if d.Sign() >= 0 {
		if a := diagLowBig(d, misere); a.Cmp(x) < 0 {
			moves = append(moves, BigPosition{a, d.Add(a, d)})
		}
	} else {
		d.Neg(d)
		if a := diagLowBig(d, misere); a.Cmp(y) < 0 {
			moves = append(moves, BigPosition{d.Add(a, d), a})
		}
	}
	return moves
}
