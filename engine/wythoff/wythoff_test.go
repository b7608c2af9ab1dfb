package wythoff

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/boardlab/boardlab/internal/wythoffref"
)

func bigU(x uint64) *big.Int { return new(big.Int).SetUint64(x) }

func TestInvPhiConstant(t *testing.T) {
	one := new(big.Int).Lsh(big.NewInt(1), 128)
	want := FloorDivPhiBig(one)
	got := new(big.Int).Lsh(bigU(invPhiHi), 64)
	got.Or(got, bigU(invPhiLo))
	if got.Cmp(want) != 0 {
		t.Fatalf("invPhi = %#x, want %#x", got, want)
	}
}

// TestSeedCases checks the spec's examples: the move given must be one of ours and
// every move we give must be a winning one.
func TestSeedCases(t *testing.T) {
	cases := []struct {
		x, y uint64
		want []Position // nil: a loss
	}{
		{5, 0, []Position{{0, 0}}},
		{2, 2, []Position{{1, 2}, {2, 1}, {0, 0}}},
		{1, 2, nil},
		{13, 9, []Position{{13, 8}, {10, 6}}},
		{10, 6, nil},
		{5, 10, []Position{{5, 3}}},
		{25, 30, []Position{{8, 13}}},
	}
	for _, c := range cases {
		m, n := Moves(c.x, c.y, false)
		if !sameMoves(m[:n], c.want) {
			t.Errorf("Moves(%d,%d) = %v, want %v", c.x, c.y, m[:n], c.want)
		}
		if Cold(c.x, c.y, false) != (c.want == nil) {
			t.Errorf("Cold(%d,%d) = %v", c.x, c.y, !(c.want == nil))
		}
		one, ok := Move(c.x, c.y, false)
		if ok != (c.want != nil) || ok && !sameMoves([]Position{one}, []Position{one}) {
			t.Errorf("Move(%d,%d) = %v %v", c.x, c.y, one, ok)
		}
	}
}

func sameMoves(a, b []Position) bool {
	if len(a) != len(b) {
		return false
	}
	key := func(p []Position) []string {
		s := make([]string, len(p))
		for i, q := range p {
			s[i] = fmt.Sprint(q)
		}
		sort.Strings(s)
		return s
	}
	ka, kb := key(a), key(b)
	for i := range ka {
		if ka[i] != kb[i] {
			return false
		}
	}
	return true
}

// bruteMoves lists the moves from (x, y) into cold positions of the brute table.
func bruteMoves(cold []bool, n, x, y int) []Position {
	var m []Position
	for i := 0; i < x; i++ {
		if cold[i*n+y] {
			m = append(m, Position{uint64(i), uint64(y)})
		}
	}
	for j := 0; j < y; j++ {
		if cold[x*n+j] {
			m = append(m, Position{uint64(x), uint64(j)})
		}
	}
	for t := 1; t <= x && t <= y; t++ {
		if cold[(x-t)*n+y-t] {
			m = append(m, Position{uint64(x - t), uint64(y - t)})
		}
	}
	return m
}

// TestAgainstBruteForce compares every position up to 300x300 (normal and misère) with
// the brute force: the cold test, every winning move, and the big-integer path.
func TestAgainstBruteForce(t *testing.T) {
	const n = 300
	for _, misere := range []bool{false, true} {
		cold := wythoffref.Cold(n, misere)
		for x := 0; x < n; x++ {
			for y := 0; y < n; y++ {
				ux, uy := uint64(x), uint64(y)
				if got := Cold(ux, uy, misere); got != cold[x*n+y] {
					t.Fatalf("misere=%v Cold(%d,%d) = %v, brute force %v", misere, x, y, got, !got)
				}
				m, k := Moves(ux, uy, misere)
				want := bruteMoves(cold, n, x, y)
				if !sameMoves(m[:k], want) {
					t.Fatalf("misere=%v Moves(%d,%d) = %v, brute force %v", misere, x, y, m[:k], want)
				}
				if x < 60 && y < 60 {
					checkBig(t, ux, uy, misere)
				}
			}
		}
	}
}

// TestMisereColdSet pins the derived misère rule: only (0,1), (1,0), (2,2) differ.
func TestMisereColdSet(t *testing.T) {
	const n = 300
	normal, misere := wythoffref.Cold(n, false), wythoffref.Cold(n, true)
	var diff []Position
	for i := range normal {
		if normal[i] != misere[i] {
			diff = append(diff, Position{uint64(i / n), uint64(i % n)})
		}
	}
	want := []Position{{0, 0}, {0, 1}, {1, 0}, {1, 2}, {2, 1}, {2, 2}}
	if !sameMoves(diff, want) {
		t.Fatalf("normal and misère cold sets differ at %v, want %v", diff, want)
	}
}

func checkBig(t *testing.T, x, y uint64, misere bool) {
	t.Helper()
	m, n := Moves(x, y, misere)
	bm := MovesBig(bigU(x), bigU(y), misere)
	if len(bm) != n {
		t.Fatalf("misere=%v (%d,%d): Moves %v, MovesBig %v", misere, x, y, m[:n], bm)
	}
	for i := range bm {
		if !bm[i].X.IsUint64() || !bm[i].Y.IsUint64() || bm[i].X.Uint64() != m[i].X || bm[i].Y.Uint64() != m[i].Y {
			t.Fatalf("misere=%v (%d,%d): Moves %v, MovesBig %v", misere, x, y, m[:n], bm)
		}
	}
	if c := ColdBig(bigU(x), bigU(y), misere); c != Cold(x, y, misere) {
		t.Fatalf("misere=%v (%d,%d): Cold %v, ColdBig %v", misere, x, y, !c, c)
	}
}

func TestKnownSequences(t *testing.T) {
	lower := []uint64{1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24, 25, 27, 29, 30, 32}
	upper := []uint64{2, 5, 7, 10, 13, 15, 18, 20, 23, 26, 28, 31, 34, 36, 39, 41, 44, 47, 49, 52}
	for i := range lower {
		n := uint64(i + 1)
		if a, _ := Lower(n); a != lower[i] {
			t.Errorf("A000201(%d): Lower = %d, want %d", n, a, lower[i])
		}
		if b, _ := Upper(n); b != upper[i] {
			t.Errorf("A001950(%d): Upper = %d, want %d", n, b, upper[i])
		}
		if k, up := Classify(lower[i]); k != n || up {
			t.Errorf("Classify(%d) = %d %v", lower[i], k, up)
		}
		if k, up := Classify(upper[i]); k != n || !up {
			t.Errorf("Classify(%d) = %d %v", upper[i], k, up)
		}
	}
}

// edgeValues are uint64 values where the fast path is most likely to go wrong: small
// numbers, Fibonacci numbers and their neighbours (the best rational approximations of
// phi), the overflow limits of a_k and b_k, and the top of the range.
func edgeValues() []uint64 {
	var v []uint64
	for i := uint64(0); i < 50; i++ {
		v = append(v, i, math.MaxUint64-i, 1<<63+i, 1<<63-i, 1<<32+i, 1<<32-i)
	}
	f0, f1 := uint64(0), uint64(1)
	for f1 >= f0 {
		for d := uint64(0); d < 4; d++ {
			v = append(v, f1+d, f1-d, 2*f1+d, 2*f1-d, 3*f1+d)
		}
		f0, f1 = f1, f0+f1
	}
	// the largest k with a_k, b_k in range, found with big integers
	for _, lim := range []*big.Int{lowerLimit(), upperLimit()} {
		l := lim.Uint64()
		for d := uint64(0); d < 20; d++ {
			v = append(v, l+d, l-d)
		}
	}
	return v
}

// lowerLimit is the largest k with a_k <= MaxUint64; upperLimit the same for b_k.
func lowerLimit() *big.Int { return limit(LowerBig) }
func upperLimit() *big.Int { return limit(UpperBig) }

func limit(f func(*big.Int) *big.Int) *big.Int {
	max := bigU(math.MaxUint64)
	lo, hi := big.NewInt(0), bigU(math.MaxUint64)
	for lo.Cmp(hi) < 0 { // largest k with f(k) <= max
		mid := new(big.Int).Add(lo, hi)
		mid.Add(mid, big.NewInt(1)).Rsh(mid, 1)
		if f(mid).Cmp(max) <= 0 {
			lo = mid
		} else {
			hi = mid.Sub(mid, big.NewInt(1))
		}
	}
	return lo
}

func TestFloorDivPhiEdges(t *testing.T) {
	for _, x := range edgeValues() {
		checkFloor(t, x)
	}
	for x := uint64(0); x < 100000; x++ {
		if got, want := FloorDivPhi(x), FloorDivPhiBig(bigU(x)).Uint64(); got != want {
			t.Fatalf("FloorDivPhi(%d) = %d, want %d", x, got, want)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 100000; i++ {
		checkFloor(t, r.Uint64())
		checkFloor(t, r.Uint64()>>r.IntN(64))
	}
}

func checkFloor(t *testing.T, x uint64) {
	t.Helper()
	if got, want := FloorDivPhi(x), FloorDivPhiBig(bigU(x)); !want.IsUint64() || got != want.Uint64() {
		t.Fatalf("FloorDivPhi(%d) = %d, want %s", x, got, want)
	}
}

// TestMulPhiBelow checks the exact slow path, which the fast path rarely needs.
func TestMulPhiBelow(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	check := func(m, x uint64) {
		if m == 0 {
			return // 0*phi < 0 is false, but 0 <= floor(0/phi)
		}
		// m*phi < x  <=>  m < x/phi  <=>  m <= floor(x/phi)
		want := bigU(m).Cmp(FloorDivPhiBig(bigU(x))) <= 0
		if got := mulPhiBelow(m, x); got != want {
			t.Fatalf("mulPhiBelow(%d, %d) = %v, want %v", m, x, got, want)
		}
	}
	for _, x := range edgeValues() {
		q := FloorDivPhiBig(bigU(x)).Uint64()
		for _, m := range []uint64{q - 1, q, q + 1, q + 2} {
			if m <= x {
				check(m, x)
			}
		}
	}
	for i := 0; i < 100000; i++ {
		x := r.Uint64() >> r.IntN(64)
		q := FloorDivPhiBig(bigU(x)).Uint64()
		if q+1 <= x {
			check(q+1, x)
		}
		check(q, x)
		if x > 0 {
			check(1+r.Uint64N(x), x)
		}
	}
}

func TestEdgesAgainstBig(t *testing.T) {
	vals := edgeValues()
	for x := uint64(0); x < 100000; x++ {
		k, up := Classify(x)
		if ek, eup := classifyExact(x); k != ek || up != eup {
			t.Fatalf("Classify(%d) = %d %v, exact %d %v", x, k, up, ek, eup)
		}
	}
	for _, x := range vals {
		k, up := Classify(x)
		bk, bup := ClassifyBig(bigU(x))
		if up != bup || bk.Uint64() != k {
			t.Fatalf("Classify(%d) = %d %v, big %s %v", x, k, up, bk, bup)
		}
		a, okA := Lower(x)
		if ba := LowerBig(bigU(x)); okA != ba.IsUint64() || okA && a != ba.Uint64() {
			t.Fatalf("Lower(%d) = %d %v, big %s", x, a, okA, ba)
		}
		b, okB := Upper(x)
		if bb := UpperBig(bigU(x)); okB != bb.IsUint64() || okB && b != bb.Uint64() {
			t.Fatalf("Upper(%d) = %d %v, big %s", x, b, okB, bb)
		}
		p, okP := Partner(x)
		if bp := PartnerBig(bigU(x)); okP != bp.IsUint64() || okP && p != bp.Uint64() {
			t.Fatalf("Partner(%d) = %d %v, big %s", x, p, okP, bp)
		}
	}
	r := rand.New(rand.NewPCG(5, 6))
	for _, misere := range []bool{false, true} {
		for i := 0; i < 3000; i++ {
			x, y := vals[r.IntN(len(vals))], vals[r.IntN(len(vals))]
			checkBig(t, x, y, misere)
			// cold positions and their neighbours near the top of the range
			k := r.Uint64N(lowerLimit().Uint64())
			if a, ok := Lower(k); ok {
				if b, ok := Upper(k); ok {
					checkBig(t, a, b, misere)
					checkBig(t, b, a, misere)
					checkBig(t, a+1, b, misere)
					checkBig(t, a, b+1, misere)
					checkBig(t, a+1, b+1, misere)
					checkBig(t, b, b, misere)
				} else {
					checkBig(t, a, math.MaxUint64, misere)
				}
			}
		}
	}
	// the overflow limits: a_k fits, b_k does not
	lk := upperLimit().Uint64() + 1
	if _, ok := Upper(lk); ok {
		t.Fatalf("Upper(%d) should overflow", lk)
	}
	if a, ok := Lower(lk); !ok || Cold(a, math.MaxUint64, false) {
		t.Fatalf("a_%d = %d %v: its partner is beyond uint64", lk, a, ok)
	}
}

func FuzzMoves(f *testing.F) {
	f.Add(uint64(13), uint64(9), false)
	f.Add(uint64(math.MaxUint64), uint64(math.MaxUint64-1), true)
	f.Add(uint64(12200160415121876738), uint64(7540113804746346429), false)
	f.Fuzz(func(t *testing.T, x, y uint64, misere bool) {
		checkBig(t, x, y, misere)
		checkFloor(t, x)
		k, up := Classify(x)
		bk, bup := ClassifyBig(bigU(x))
		if up != bup || bk.Uint64() != k {
			t.Fatalf("Classify(%d) = %d %v, big %s %v", x, k, up, bk, bup)
		}
	})
}

// TestClassifyRandom compares the one-product Classify with the exact definition over
// random values of every magnitude.
func TestClassifyRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for i := 0; i < 300000; i++ {
		x := r.Uint64() >> r.IntN(64)
		k, up := Classify(x)
		if ek, eup := classifyExact(x); k != ek || up != eup {
			t.Fatalf("Classify(%d) = %d %v, exact %d %v", x, k, up, ek, eup)
		}
	}
}
