// Package stats is the statistics of a match between two players, pure maths: the
// logistic Elo difference and its confidence intervals, the likelihood of superiority and
// the sequential probability ratio test.
package stats

import (
	"math"
)

// Score returns the mean score of W/D/L (win 1, draw 1/2; 1/2 when there are no games).
func Score(w, d, l int) float64 {
	n := w + d + l
	if n == 0 {
		return 0.5
	}
	return (float64(w) + float64(d)/2) / float64(n)
}

// Elo converts a mean score to a logistic Elo difference (±Inf at 1 and 0).
func Elo(s float64) float64 {
	switch {
	case s <= 0:
		return math.Inf(-1)
	case s >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/s-1)
}

// ExpectedScore is the inverse of Elo.
func ExpectedScore(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// Z95 is the two-sided 95% normal quantile.
const Z95 = 1.959963984540054

// EloInterval returns the Elo difference for W/D/L and its 95% confidence interval,
// from the trinomial variance of the per-game score mapped through the logistic curve.
// When every game had the same result that variance is 0; the interval is then the
// Wilson score interval of a binomial with that many games (all won: [Elo(n/(n+z²)),
// +inf]), not a single point.
func EloInterval(w, d, l int) (elo, lo, hi float64) {
	n := float64(w + d + l)
	if n == 0 {
		return 0, math.Inf(-1), math.Inf(1)
	}
	s := Score(w, d, l)
	v := (float64(w)*(1-s)*(1-s) + float64(d)*(0.5-s)*(0.5-s) + float64(l)*s*s) / n
	if v == 0 {
		lo, hi := wilson(s, n)
		return Elo(s), Elo(lo), Elo(hi)
	}
	se := math.Sqrt(v / n)
	return Elo(s), Elo(s - Z95*se), Elo(s + Z95*se)
}

// wilson returns the 95% Wilson score interval of a proportion s over n trials.
func wilson(s, n float64) (lo, hi float64) {
	z2 := Z95 * Z95
	c := (s + z2/(2*n)) / (1 + z2/n)
	h := Z95 * math.Sqrt(s*(1-s)/n+z2/(4*n*n)) / (1 + z2/n)
	return c - h, c + h
}

// LOS is the likelihood of superiority: the probability that A is stronger, from wins
// and losses (draws carry no information).
func LOS(w, l int) float64 {
	if w+l == 0 {
		return 0.5
	}
	return 0.5 * (1 + math.Erf(float64(w-l)/math.Sqrt(2*float64(w+l))))
}

// SPRT is a sequential probability ratio test of H0: elo = Elo0 against H1: elo = Elo1
// (logistic Elo) with error rates Alpha and Beta. Its log-likelihood ratio is the
// generalized (GSPRT) one on the trinomial W/D/L model: the maximum likelihood of the
// result frequencies constrained to each hypothesis' expected score.
type SPRT struct {
	Elo0  float64 `json:"elo0"`
	Elo1  float64 `json:"elo1"`
	Alpha float64 `json:"alpha"`
	Beta  float64 `json:"beta"`
}

// Bounds returns the lower and upper LLR bounds: H0 is accepted below the lower, H1
// above the upper.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR returns the log-likelihood ratio of H1 against H0 for W/D/L.
func (t SPRT) LLR(w, d, l int) float64 {
	if w+d+l == 0 {
		return 0
	}
	// Zero counts are regularized, as fishtest does, so the constrained maximum stays
	// inside the simplex.
	c := [3]float64{reg(l), reg(d), reg(w)}
	n := c[0] + c[1] + c[2]
	f := [3]float64{c[0] / n, c[1] / n, c[2] / n}
	p0 := mleScore(f, ExpectedScore(t.Elo0))
	p1 := mleScore(f, ExpectedScore(t.Elo1))
	llr := 0.0
	for i := range c {
		llr += c[i] * math.Log(p1[i]/p0[i])
	}
	return llr
}

func reg(n int) float64 {
	if n == 0 {
		return 1e-3
	}
	return float64(n)
}

// Decide returns +1 when H1 is accepted, -1 when H0 is, 0 while undecided.
func (t SPRT) Decide(w, d, l int) int {
	lo, hi := t.Bounds()
	switch llr := t.LLR(w, d, l); {
	case llr >= hi:
		return 1
	case llr <= lo:
		return -1
	}
	return 0
}

// mleScore returns the distribution over loss/draw/win (scores 0, 1/2, 1) of maximum
// likelihood for frequencies f whose mean score is s: p_i = f_i / (1 + θ(a_i - s)) with
// θ the root of Σ f_i (a_i - s) / (1 + θ(a_i - s)) = 0, found by bisection.
func mleScore(f [3]float64, s float64) [3]float64 {
	x := [3]float64{-s, 0.5 - s, 1 - s}
	// 1 + θx_i > 0 for all i: θ in (-1/x[2], -1/x[0]) = (-1/(1-s), 1/s).
	lo, hi := -1/(1-s), 1/s
	g := func(th float64) float64 {
		v := 0.0
		for i := range f {
			v += f[i] * x[i] / (1 + th*x[i])
		}
		return v
	}
	for it := 0; it < 200; it++ {
		mid := (lo + hi) / 2
		plo, phi := lo, hi
		if g(mid) > 0 { // g decreases in θ
			lo = mid
		} else {
			hi = mid
		}
		if lo == plo && hi == phi {
			break // a fixed point: the remaining steps would change nothing
		}
	}
	th := (lo + hi) / 2
	var p [3]float64
	sum := 0.0
	for i := range f {
		p[i] = f[i] / (1 + th*x[i])
		sum += p[i]
	}
	for i := range p {
		p[i] /= sum
	}
	return p
}

// PairEloInterval returns the Elo difference and its 95% interval from game pairs
// (pentanomial model): counts[k] pairs in which A scored k/2 points of 2. Pairs share
// their opening, so their variance is the honest one when openings favour a side.
func PairEloInterval(counts [5]int) (elo, lo, hi float64) {
	n := 0.0
	sum := 0.0
	for k, c := range counts {
		n += float64(c)
		sum += float64(c) * float64(k) / 4
	}
	if n == 0 {
		return 0, math.Inf(-1), math.Inf(1)
	}
	s := sum / n
	v := 0.0
	for k, c := range counts {
		d := float64(k)/4 - s
		v += float64(c) * d * d
	}
	v /= n
	if v == 0 {
		lo, hi := wilson(s, n)
		return Elo(s), Elo(lo), Elo(hi)
	}
	se := math.Sqrt(v / n)
	return Elo(s), Elo(s - Z95*se), Elo(s + Z95*se)
}

// ScoreInterval returns A's mean score for W/D/L and its 95% interval, from the
// trinomial variance (the Wilson interval when every game had the same result).
func ScoreInterval(w, d, l int) (s, lo, hi float64) {
	n := float64(w + d + l)
	if n == 0 {
		return 0.5, 0, 1
	}
	s = Score(w, d, l)
	v := (float64(w)*(1-s)*(1-s) + float64(d)*(0.5-s)*(0.5-s) + float64(l)*s*s) / n
	if v == 0 {
		lo, hi = wilson(s, n)
		return s, lo, hi
	}
	se := math.Sqrt(v / n)
	return s, math.Max(0, s-Z95*se), math.Min(1, s+Z95*se)
}
