package stats

import (
	"math"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestEloKnownAnswers(t *testing.T) {
	if e := Elo(0.75); !near(e, 400*math.Log10(3), 1e-9) {
		t.Errorf("Elo(0.75) = %v", e)
	}
	if e := Elo(0.5); e != 0 {
		t.Errorf("Elo(0.5) = %v", e)
	}
	if !math.IsInf(Elo(1), 1) || !math.IsInf(Elo(0), -1) {
		t.Error("Elo at 0 and 1 should be infinite")
	}
	if s := ExpectedScore(Elo(0.3)); !near(s, 0.3, 1e-12) {
		t.Errorf("ExpectedScore(Elo(0.3)) = %v", s)
	}
	// W/D/L 60/20/20: score 0.7, per-game variance 0.16, standard error 0.04.
	e, lo, hi := EloInterval(60, 20, 20)
	for _, c := range []struct{ got, want float64 }{{e, 147.19071411783776}, {lo, 86.22501520030423}, {hi, 218.2517776410748}} {
		if !near(c.got, c.want, 1e-9) {
			t.Errorf("EloInterval(60,20,20) = %v %v %v", e, lo, hi)
		}
	}
	// All games won: the Wilson bound, 100/(100+z²) for 100 games.
	e, lo, hi = EloInterval(100, 0, 0)
	if !math.IsInf(e, 1) || !math.IsInf(hi, 1) || !near(lo, Elo(100/(100+Z95*Z95)), 1e-9) {
		t.Errorf("EloInterval(100,0,0) = %v %v %v", e, lo, hi)
	}
	// Pairs: 10 pairs scoring 2, 20 scoring 1, 10 scoring 0: mean 1/2, variance 1/8.
	e, lo, hi = PairEloInterval([5]int{10, 0, 20, 0, 10})
	se := math.Sqrt(0.125 / 40)
	if e != 0 || !near(lo, Elo(0.5-Z95*se), 1e-9) || !near(hi, Elo(0.5+Z95*se), 1e-9) {
		t.Errorf("PairEloInterval = %v %v %v", e, lo, hi)
	}
	if l := LOS(60, 20); !near(l, 0.9999961278917845, 1e-12) {
		t.Errorf("LOS(60,20) = %v", l)
	}
	if l := LOS(10, 10); l != 0.5 {
		t.Errorf("LOS(10,10) = %v", l)
	}
}

// llrBrute maximizes the trinomial likelihood under each hypothesis by a fine search
// over the draw probability (the win and loss probabilities follow from the score).
func llrBrute(w, d, l int, s0, s1 float64) float64 {
	best := func(s float64) float64 {
		m := math.Inf(-1)
		for k := 1; k < 2000000; k++ {
			pd := float64(k) / 2000000
			pw := s - pd/2
			pl := 1 - pw - pd
			if pw <= 0 || pl <= 0 {
				continue
			}
			ll := float64(w)*math.Log(pw) + float64(d)*math.Log(pd) + float64(l)*math.Log(pl)
			m = math.Max(m, ll)
		}
		return m
	}
	return best(s1) - best(s0)
}

func TestSPRT(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	lo, hi := s.Bounds()
	if !near(lo, -math.Log(19), 1e-12) || !near(hi, math.Log(19), 1e-12) {
		t.Fatalf("bounds %v %v", lo, hi)
	}
	for _, c := range [][3]int{{1000, 800, 900}, {30, 40, 20}, {5, 90, 5}, {120, 3, 80}} {
		got := s.LLR(c[0], c[1], c[2])
		want := llrBrute(c[0], c[1], c[2], ExpectedScore(0), ExpectedScore(5))
		if !near(got, want, 1e-6*math.Max(1, math.Abs(want))) {
			t.Errorf("LLR%v = %v, brute force %v", c, got, want)
		}
	}
	// The normal approximation used by older fishtest agrees closely on many games.
	if got := s.LLR(1000, 800, 900); !near(got, 1.6508755416224623, 0.01) {
		t.Errorf("LLR(1000,800,900) = %v, normal approximation 1.6509", got)
	}
	// Symmetric hypotheses on an even result give 0.
	if got := (SPRT{Elo0: -5, Elo1: 5, Alpha: 0.05, Beta: 0.05}).LLR(40, 20, 40); !near(got, 0, 1e-9) {
		t.Errorf("symmetric LLR = %v", got)
	}
	// All wins: about N*log(s1/s0) per game, decided only after ~200 games.
	if d := s.Decide(100, 0, 0); d != 0 {
		t.Errorf("100 straight wins already decided %d", d)
	}
	if d := s.Decide(300, 0, 0); d != 1 {
		t.Errorf("300 straight wins not accepted: LLR %v", s.LLR(300, 0, 0))
	}
	if d := s.Decide(0, 0, 300); d != -1 {
		t.Errorf("300 straight losses not rejected: LLR %v", s.LLR(0, 0, 300))
	}
}

// mleScore200 is mleScore with all 200 bisection steps, as it was first written.
func mleScore200(f [3]float64, s float64) [3]float64 {
	x := [3]float64{-s, 0.5 - s, 1 - s}
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
		if g(mid) > 0 {
			lo = mid
		} else {
			hi = mid
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

// TestMLEScoreEarlyStopExact: stopping the bisection at its fixed point gives the same
// bits as all 200 steps, so SPRT decisions do not change.
func TestMLEScoreEarlyStopExact(t *testing.T) {
	var seed uint64 = 3
	rnd := func() float64 {
		seed = seed*6364136223846793005 + 1442695040888963407
		return float64(seed>>11) / (1 << 53)
	}
	for k := 0; k < 20000; k++ {
		w, d, l := int(rnd()*1e4), int(rnd()*1e4), int(rnd()*1e4)
		c := [3]float64{reg(l), reg(d), reg(w)}
		n := c[0] + c[1] + c[2]
		f := [3]float64{c[0] / n, c[1] / n, c[2] / n}
		s := ExpectedScore((rnd() - 0.5) * 200)
		if k%3 == 0 {
			s = (c[2] + c[1]/2) / n // the root at θ = 0
		}
		if a, b := mleScore(f, s), mleScore200(f, s); a != b {
			t.Fatalf("%v %v: %v, 200 steps %v", f, s, a, b)
		}
	}
}
