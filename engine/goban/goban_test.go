package goban

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/internal/gobanref"
)

// plainScore is the plain reference scorer, gobanref.Score, as a Result.
func plainScore(b *Board) (Result, []byte) {
	black, white, owner := gobanref.Score(b, b.N, b.Cols)
	return Result{Size: b.N, Cols: b.Cols, Black: black, White: white}, owner
}

// scorers are every implementation, compared against plainScore.
var scorers = []struct {
	name  string
	score func(*Scorer, *Board) Result
}{
	{"fill", (*Scorer).ScoreFill},
	{"unionfind", (*Scorer).ScoreUnionFind},
	{"default", (*Scorer).Score},
}

func TestSpecCases(t *testing.T) {
	var s Scorer
	for _, c := range SpecCases {
		b, err := Parse([]byte(c.Input))
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		if got, _ := plainScore(b); got.String() != c.Want {
			t.Errorf("%s: reference %s, want %s", c.Name, got, c.Want)
		}
		for _, sc := range scorers {
			if got := sc.score(&s, b); got.String() != c.Want {
				t.Errorf("%s: %s %s, want %s", c.Name, sc.name, got, c.Want)
			}
		}
	}
}

func TestSpecMap(t *testing.T) {
	b, _ := Parse([]byte(SpecCases[0].Input))
	res, owner := plainScore(b)
	if res.Black != 23 || res.White != 29 {
		t.Errorf("reference: black %d white %d, want 23 29", res.Black, res.White)
	}
	if got := string(AppendMap(nil, owner, b.N)); got != SpecMap {
		t.Errorf("reference map:\n%s\nwant:\n%s", got, SpecMap)
	}
	var s Scorer
	for _, sc := range scorers {
		res := sc.score(&s, b)
		if res.Black != 23 || res.White != 29 {
			t.Errorf("%s: black %d white %d, want 23 29", sc.name, res.Black, res.White)
		}
		if got := string(AppendMap(nil, s.Owner(nil, b), b.N)); got != SpecMap {
			t.Errorf("%s map:\n%s\nwant:\n%s", sc.name, got, SpecMap)
		}
	}
}

func TestParse(t *testing.T) {
	cases := []struct {
		in    string
		n     int
		count int // for errors
		board string
	}{
		{"", 0, 0, ""},
		{"hello world", 0, 0, ""},
		{"-", 1, 0, "-\n"},
		{"XO-X", 2, 0, "X O\n- X\n"},
		{"X\x00O\xff-\n\tX", 2, 0, "X O\n- X\n"},
		{"XO", 0, 2, ""},
		{"XO-XO", 0, 5, ""},
		{strings.Repeat("x", 100) + "XO-", 0, 3, ""},
	}
	for _, c := range cases {
		b, err := Parse([]byte(c.in))
		if c.count > 0 {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Count != c.count {
				t.Errorf("Parse(%q) error %v, want count %d", c.in, err, c.count)
			} else if !strings.Contains(err.Error(), fmt.Sprint(c.count)) {
				t.Errorf("Parse(%q) error %q does not name the count", c.in, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		if b.N != c.n || b.String() != c.board {
			t.Errorf("Parse(%q) = n %d %q, want n %d %q", c.in, b.N, b.String(), c.n, c.board)
		}
	}
}

// TestParseRoundTrip parses rendered boards of every size near word boundaries, with
// noise between the symbols, and compares them point by point.
func TestParseRoundTrip(t *testing.T) {
	var b Board
	for _, n := range []int{1, 2, 7, 8, 9, 63, 64, 65, 127, 128, 129, 200} {
		want := RandomBoard(n, uint64(n))
		text := want.AppendText(nil)
		for _, in := range [][]byte{text, dense(text), noisy(text)} {
			if err := b.Parse(in); err != nil {
				t.Fatalf("n=%d: %v", n, err)
			}
			if b.N != n || !equalBoards(&b, want) {
				t.Fatalf("n=%d: round trip differs", n)
			}
		}
	}
}

func dense(text []byte) []byte {
	var out []byte
	for _, c := range text {
		if c == 'X' || c == 'O' || c == '-' {
			out = append(out, c)
		}
	}
	return out
}

func noisy(text []byte) []byte {
	var out []byte
	for i, c := range text {
		const junk = "ab\r\t,.Y+\x00\x80W"
		out = append(out, c, junk[i%len(junk)])
	}
	return out
}

func equalBoards(a, b *Board) bool {
	if a.N != b.N {
		return false
	}
	for r := 0; r < a.N; r++ {
		for c := 0; c < a.N; c++ {
			if a.At(r, c) != b.At(r, c) {
				return false
			}
		}
	}
	return true
}

// check compares every scorer and its ownership map with the reference on b.
func check(t testing.TB, s *Scorer, b *Board) {
	t.Helper()
	want, owner := plainScore(b)
	for _, sc := range scorers {
		got := sc.score(s, b)
		if got != want {
			t.Fatalf("%s: %+v, want %+v on\n%s", sc.name, got, want, b)
		}
		if string(s.Owner(nil, b)) != string(owner) {
			t.Fatalf("%s: ownership map differs on\n%s\ngot\n%s\nwant\n%s", sc.name, b,
				AppendMapRect(nil, s.Owner(nil, b), b.N, b.Cols), AppendMapRect(nil, owner, b.N, b.Cols))
		}
	}
}

func TestAgainstReference(t *testing.T) {
	var s Scorer
	sizes := []int{0, 1, 2, 3, 5, 19, 63, 64, 65, 100, 130, 255}
	for _, n := range sizes {
		for seed := uint64(0); seed < 5; seed++ {
			check(t, &s, RandomBoard(n, seed))
			check(t, &s, sparse(n, seed, 12))
		}
		check(t, &s, CorridorBoard(n))
		check(t, &s, SpiralBoard(n))
		check(t, &s, transpose(CorridorBoard(n)))
		check(t, &s, transpose(SpiralBoard(n)))
	}
}

// sparse returns a board with about one stone in every k points: few, large regions.
func sparse(n int, seed uint64, k int) *Board {
	b := RandomBoard(n, seed)
	r := RandomBoard(n, seed+1000)
	for i := 0; i < n; i++ {
		for c := 0; c < n; c++ {
			if (i*7+c*13+int(seed))%k != 0 || r.At(i, c) == '-' {
				b.Set(i, c, '-')
			}
		}
	}
	return b
}

func transpose(b *Board) *Board {
	t := NewBoard(b.N)
	for r := 0; r < b.N; r++ {
		for c := 0; c < b.N; c++ {
			t.Set(c, r, b.At(r, c))
		}
	}
	return t
}

func TestGenerators(t *testing.T) {
	if got := SpiralBoard(7).String(); got != `O - - - - - -
X X X X X X -
- - - - - X -
- X X X - X -
- X - - - X -
- X X X X X -
- - - - - - -
` {
		t.Errorf("spiral 7:\n%s", got)
	}
	if got := CorridorBoard(5).String(); got != `O - - - -
X X X X -
- - - - -
- X X X X
- - - - -
` {
		t.Errorf("corridor 5:\n%s", got)
	}
	if RandomBoard(50, 7).String() != RandomBoard(50, 7).String() {
		t.Error("RandomBoard not deterministic")
	}
}
