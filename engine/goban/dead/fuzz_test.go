package dead_test

import (
	"testing"

	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/engine/goban/dead"
)

// FuzzEstimate: the estimate never panics, marks only stones dead or proved alive, never
// both, and the counts add up to the board.
func FuzzEstimate(f *testing.F) {
	f.Add(uint8(9), uint8(9), []byte("\x00\x01\x02\x01\x00\x02\x02\x01"), uint64(1))
	f.Add(uint8(1), uint8(1), []byte{1}, uint64(0))
	f.Add(uint8(5), uint8(3), []byte{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, uint64(2))
	f.Fuzz(func(t *testing.T, rows, cols uint8, cells []byte, seed uint64) {
		r, c := int(rows%20), int(cols%20)
		b := goban.NewRect(r, c)
		for i, v := range cells {
			if i >= r*c {
				break
			}
			b.Set(i/c, i%c, " XO"[v%3])
		}
		st := dead.Estimate(b, dead.Options{Seed: seed, Playouts: 8})
		n := b.N * b.Cols
		if len(st.Dead) != n || len(st.Seki) != n || len(st.Alive) != n || len(st.Own) != n {
			t.Fatalf("status sizes %d %d %d %d for %d points", len(st.Dead), len(st.Seki), len(st.Alive), len(st.Own), n)
		}
		for i := 0; i < n; i++ {
			stone := b.At(i/b.Cols, i%b.Cols) != '-'
			if (st.Dead[i] || st.Alive[i]) && !stone || st.Dead[i] && st.Alive[i] {
				t.Fatalf("point %d: dead %v, alive %v, stone %v", i, st.Dead[i], st.Alive[i], stone)
			}
			if st.Own[i] < -1 || st.Own[i] > 1 {
				t.Fatalf("point %d: ownership %v", i, st.Own[i])
			}
		}
		for _, rules := range []dead.Rules{dead.RulesArea, dead.RulesTerritory, dead.RulesTrompTaylor} {
			sc := dead.Count(b, &st, rules, dead.Game{})
			counted := sc.BlackStones + sc.WhiteStones + sc.BlackTerritory + sc.WhiteTerritory
			if counted > n || len(sc.Owner) != n {
				t.Fatalf("%s: %d points counted of %d", rules.Name, counted, n)
			}
		}
		if n > 0 {
			checkReference(t, b, &st)
		}
	})
}
