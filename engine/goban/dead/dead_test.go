package dead_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/engine/goban/dead"
	"github.com/boardlab/boardlab/internal/gobanref"
)

func parse(t testing.TB, rows ...string) *goban.Board {
	t.Helper()
	cols := len(strings.Fields(rows[0]))
	b := goban.NewRect(len(rows), cols)
	for r, row := range rows {
		f := strings.Fields(row)
		if len(f) != cols {
			t.Fatalf("row %d: %d points, want %d", r, len(f), cols)
		}
		for c, v := range f {
			b.Set(r, c, v[0])
		}
	}
	return b
}

// deadStone: a white stone alone in black's area, the walls alive.
var deadStone = []string{
	"- - - - X O - - -",
	"- - - - X O - - -",
	"- - - - X O - - -",
	"- - - - X O - - -",
	"- O - - X O - - -",
	"- - - - X O - - -",
	"- - - - X O - - -",
	"- - - - X O - - -",
	"- - - - X O - - -",
}

// seki: the inner black chain (c2, c3) and white chain (c4) share the liberties d1 and
// d2 and have no other; each is enclosed by the opponent's wall, alive by two eyes.
var seki = []string{
	"- O X - O X -",
	"O O X - O X X",
	"- O X X O X -",
	"O O O O X X X",
}

func TestDeadStone(t *testing.T) {
	b := parse(t, deadStone...)
	st := dead.Estimate(b, dead.Options{Seed: 1})
	for i, d := range st.Dead {
		if want := i == 4*9+1; d != want {
			t.Errorf("point %d (row %d, col %d): dead %v, want %v", i, i/9, i%9, d, want)
		}
	}
	area := dead.Count(b, &st, dead.RulesArea, dead.Game{})
	if area.Black != 45 || area.White != 36 || area.DeadWhite != 1 || area.Lead != 9 {
		t.Errorf("area: %+v, want black 45, white 36, one dead white stone", area)
	}
	terr := dead.Count(b, &st, dead.RulesTerritory, dead.Game{Captured: [2]int{3, 1}})
	// Black: 36 points of territory (the dead stone's included) + 3 captured + 1 dead.
	if terr.BlackTerritory != 36 || terr.BlackPrisoners != 4 || terr.WhitePrisoners != 1 || terr.Black != 40 || terr.White != 28 {
		t.Errorf("territory: %+v, want black 36+4, white 27+1", terr)
	}
	tt := dead.Count(b, nil, dead.RulesTrompTaylor, dead.Game{})
	if want := goban.Score(b); tt.Black != float64(want.Black) || tt.White != float64(want.White) {
		t.Errorf("tromp-taylor: %v-%v, want goban.Score's %v", tt.Black, tt.White, want)
	}
	if got := string(area.Owner[4*9 : 5*9]); got != "x@xxXOooo" {
		t.Errorf("owner row 4: %q", got)
	}
}

func TestSeki(t *testing.T) {
	b := parse(t, seki...)
	st := dead.Estimate(b, dead.Options{Seed: 7})
	if i := slices.Index(st.Dead, true); i >= 0 {
		t.Errorf("point %d judged dead in a seki", i)
	}
	for _, i := range []int{3, 7 + 3, 2, 7 + 2, 14 + 2, 14 + 3, 4, 7 + 4, 14 + 4} {
		if !st.Seki[i] {
			t.Errorf("point %d (row %d, col %d) not in seki", i, i/7, i%7)
		}
	}
	for _, i := range []int{0, 1, 5, 6, 21} {
		if st.Seki[i] {
			t.Errorf("point %d (row %d, col %d) in seki", i, i/7, i%7)
		}
	}
	for _, r := range []dead.Rules{dead.RulesArea, dead.RulesTerritory} {
		sc := dead.Count(b, &st, r, dead.Game{})
		if sc.Lead != 0 || sc.Owner[3] != '-' || sc.Owner[10] != '-' {
			t.Errorf("%s: lead %v, owner %q, want 0 with d1, d2 nobody's", r.Name, sc.Lead, sc.Owner)
		}
	}
	// The walls are alive by two eyes: Benson's algorithm proves it.
	for _, i := range []int{1, 7, 8, 15, 21, 5, 12, 13, 19, 27} {
		if !st.Alive[i] {
			t.Errorf("point %d (row %d, col %d) not proved alive", i, i/7, i%7)
		}
	}
	for _, i := range []int{2, 4} {
		if st.Alive[i] {
			t.Errorf("point %d (seki) proved unconditionally alive", i)
		}
	}
}

// TestSekiEyes: under territory rules the eye of a chain in seki is nobody's; under
// area rules it counts.
func TestSekiEyes(t *testing.T) {
	b := parse(t, seki...)
	st := dead.Estimate(b, dead.Options{Seed: 7})
	// Pretend the empty point a1 (an eye of the left wall) belongs to a seki chain.
	st.Seki[1] = true
	area := dead.Count(b, &st, dead.RulesArea, dead.Game{})
	terr := dead.Count(b, &st, dead.RulesTerritory, dead.Game{})
	if area.WhiteTerritory != 2 || terr.WhiteTerritory != 1 {
		t.Errorf("white territory: area %d, territory %d, want 2 and 1", area.WhiteTerritory, terr.WhiteTerritory)
	}
}

func TestHandicap(t *testing.T) {
	b := parse(t, "X -", "- O")
	for _, c := range []struct {
		r    dead.Rules
		ha   int
		want float64
	}{
		{dead.RulesChinese, 4, 4}, {dead.RulesAGA, 4, 3}, {dead.RulesJapanese, 4, 0},
		{dead.RulesChinese, 1, 0}, {dead.RulesAGA, 2, 1}, {dead.RulesTrompTaylor, 9, 0},
	} {
		if got := c.r.Compensation(c.ha); got != c.want {
			t.Errorf("%s, %d stones: compensation %v, want %v", c.r.Name, c.ha, got, c.want)
		}
		sc := dead.Count(b, nil, c.r, dead.Game{Komi: 0.5, Handicap: c.ha})
		if sc.Compensation != c.want || sc.Lead != -0.5-c.want {
			t.Errorf("%s, %d stones: %+v", c.r.Name, c.ha, sc)
		}
	}
}

func TestParseRU(t *testing.T) {
	for in, want := range map[string]string{
		"Chinese": "chinese", "CN": "chinese", "japanese": "japanese", "JP": "japanese",
		"Korean": "korean", "AGA": "aga", "NZ": "nz", "New Zealand": "nz",
		"Tromp-Taylor": "tromp-taylor", "TT": "tromp-taylor", "Ing": "ing", "GOE": "ing",
		"area": "area", "territory": "territory",
	} {
		r, ok := dead.ParseRU(in)
		if !ok || r.Name != want {
			t.Errorf("ParseRU(%q) = %q, %v; want %q", in, r.Name, ok, want)
		}
	}
	for _, in := range []string{"", "Go", "chess"} {
		if _, ok := dead.ParseRU(in); ok {
			t.Errorf("ParseRU(%q) accepted", in)
		}
	}
	if _, err := dead.Named("bogus"); err == nil {
		t.Error("Named(bogus): no error")
	}
}

func TestDeterministic(t *testing.T) {
	b := parse(t, deadStone...)
	var e dead.Estimator
	var a, c dead.Status
	e.Estimate(b, dead.Options{Seed: 3, Playouts: 50}, &a)
	first := slices.Clone(a.Own)
	e.Estimate(b, dead.Options{Seed: 3, Playouts: 50}, &c)
	if !slices.Equal(first, c.Own) {
		t.Error("same seed, different ownership")
	}
	e.Estimate(b, dead.Options{Seed: 4, Playouts: 50}, &c)
	if slices.Equal(first, c.Own) {
		t.Error("another seed, the same ownership to the last playout")
	}
}

// TestCountReference: the area count equals Tromp-Taylor (gobanref.Score) of the
// board with the dead stones removed.
func TestCountReference(t *testing.T) {
	for _, rows := range [][]string{deadStone, seki} {
		b := parse(t, rows...)
		st := dead.Estimate(b, dead.Options{Seed: 1})
		checkReference(t, b, &st)
	}
}

func checkReference(t *testing.T, b *goban.Board, st *dead.Status) {
	t.Helper()
	sc := dead.Count(b, st, dead.RulesArea, dead.Game{})
	clean := goban.NewRect(b.N, b.Cols)
	for r := 0; r < b.N; r++ {
		for c := 0; c < b.Cols; c++ {
			if !st.Dead[r*b.Cols+c] {
				clean.Set(r, c, b.At(r, c))
			}
		}
	}
	black, white, _ := gobanref.Score(clean, b.N, b.Cols)
	if sc.Black != float64(black) || sc.White != float64(white) {
		t.Errorf("area %v-%v, reference on the cleaned board %v-%v\n%s", sc.Black, sc.White, black, white, b)
	}
}
