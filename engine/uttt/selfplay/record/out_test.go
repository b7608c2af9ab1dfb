package record

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
)

// testID is the match of testdata/games.jsonl with another seed.
func testID(seed uint64) ID { return ID{A: "naive", B: "random", Seed: seed, Openings: 4} }

// testGames returns the lines of testdata/games.jsonl: games 0..5 of naive against
// random, seed 9, 4 opening plies, as `analyze uttt selfplay --a naive --b random
// --count 6 --seed 9 --out F` wrote them (sorted by game).
func testGames(t testing.TB) [][]byte {
	b, err := os.ReadFile("testdata/games.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.SplitAfter(b, []byte("\n"))
	return lines[:len(lines)-1] // after the last newline
}

// FuzzParseFast pits the hand-written line reader against encoding/json: whatever the
// fast path accepts, encoding/json reads as the same game of the same match.
func FuzzParseFast(f *testing.F) {
	lf := NewFormat(testID(9))
	for _, line := range testGames(f) {
		f.Add(bytes.TrimSuffix(line, []byte("\n")))
	}
	f.Add([]byte(`{"game":3,"a":"naive","b":"random","seed":9,"openings":4,"x":"b","moves":"","result":"draw","score":0.5,"plies":0}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		i, r, ok := lf.parseFast(line)
		if !ok {
			return
		}
		var g Game
		if err := json.Unmarshal(line, &g); err != nil {
			t.Fatalf("fast path read %q (game %d), encoding/json: %v", line, i, err)
		}
		j, r2, err := gameFromJSON(&g, "f", 1)
		if err != nil || j != i || r2 != r || g.A != "naive" || g.B != "random" || g.Seed != 9 || g.Openings != 4 {
			t.Fatalf("%q: fast %d %+v, json %d %+v %v", line, i, r, j, r2, err)
		}
	})
}

// TestAppendParse: AppendLine writes the line as recorded, and parseFast reads it back.
func TestAppendParse(t *testing.T) {
	lf := NewFormat(testID(9))
	for _, line := range testGames(t) {
		var g Game
		if err := json.Unmarshal(line, &g); err != nil {
			t.Fatal(err)
		}
		var moves []uttt.Move
		for _, s := range strings.Fields(g.Moves) {
			moves = append(moves, uttt.NewMove(int(s[0]-'0'), int(s[1]-'0')))
		}
		i, r, err := gameFromJSON(&g, "f", 1)
		if err != nil {
			t.Fatal(err)
		}
		if got := lf.AppendLine(nil, i, moves, r); !bytes.Equal(got, line) {
			t.Fatalf("AppendLine %q, recorded %q", got, line)
		}
		if j, r2, ok := lf.parseFast(line); !ok || j != i || r2 != r {
			t.Fatalf("parseFast(%q) = %d %+v %v", line, j, r2, ok)
		}
	}
}

func TestIsOut(t *testing.T) {
	for head, want := range map[string]bool{
		"{\"selfplay\":\"shard\",\"k\":0": true,
		"\n {\"game\":3,":                 true,
		"{\"type\":\"review-shard\"":      false,
		"44 40 04":                        false,
	} {
		if IsOut([]byte(head)) != want {
			t.Errorf("IsOut(%q) = %v", head, !want)
		}
	}
}
