package qttt

import (
	"math/rand/v2"
	"testing"

	"github.com/boardlab/boardlab/internal/qtttref"
)

// TestFastMatchesReference scores random legal games, and mutated copies of them, both
// ways: a million games in a full run, fewer with -short.
func TestFastMatchesReference(t *testing.T) {
	n := 1_000_000
	if testing.Short() {
		n = 20_000
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var buf []byte
	for i := 0; i < n; i++ {
		var end Position
		buf, end = RandomGame(rng, buf[:0])
		if !end.Over() {
			t.Fatalf("random game %q did not end", buf)
		}
		checkBothWays(t, buf)
		if i%16 == 0 {
			// A prefix, and a copy with one byte changed: valid or not, both must agree.
			checkBothWays(t, buf[:rng.IntN(len(buf)+1)])
			mut := append([]byte(nil), buf...)
			mut[rng.IntN(len(mut))] = "ABCDEFGHIJ 0123456789ab"[rng.IntN(23)]
			checkBothWays(t, mut)
		}
	}
}

func checkBothWays(t *testing.T, rec []byte) {
	t.Helper()
	fs, ferr := ScoreRecord(rec)
	rs, rerr := qtttref.ScoreRecord(string(rec))
	if (ferr == nil) != (rerr == nil) || fs != Score(rs) {
		t.Fatalf("%q: fast %v (%v), reference %v (%v)", rec, fs, ferr, rs, rerr)
	}
}

func TestPerftReferenceDepth4(t *testing.T) {
	if testing.Short() {
		t.Skip("slow reference perft")
	}
	var p Position
	n, _ := Perft(t.Context(), &p, 4)
	if r := qtttref.Perft(4); r != n {
		t.Fatalf("perft(4): fast %d, reference %d", n, r)
	}
}

// FuzzScoreRecord checks that any byte string is scored without panicking and that the
// fast and reference scorers agree on it.
func FuzzScoreRecord(f *testing.F) {
	for _, c := range seedCases {
		f.Add([]byte(c.rec))
	}
	f.Add([]byte("ab be de ae 4"))
	f.Add([]byte("AA"))
	f.Fuzz(func(t *testing.T, rec []byte) {
		checkBothWays(t, rec)
	})
}

// FuzzRandomGames plays random legal games from a fuzzed seed and scores them both ways.
func FuzzRandomGames(f *testing.F) {
	f.Add(uint64(1), uint64(2))
	f.Fuzz(func(t *testing.T, s1, s2 uint64) {
		rng := rand.New(rand.NewPCG(s1, s2))
		rec, _ := RandomGame(rng, nil)
		checkBothWays(t, rec)
	})
}
