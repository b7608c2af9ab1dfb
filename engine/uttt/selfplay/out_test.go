package selfplay

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
)

// FuzzParseFast pits the hand-written line reader against encoding/json: whatever the
// fast path accepts, encoding/json reads as the same game of the same match.
func FuzzParseFast(f *testing.F) {
	m := newMatch(9)
	lf := matchFormat(m)
	for i := 0; i < 6; i++ {
		g, _ := m.Play(context.Background(), i)
		b, _ := json.Marshal(g)
		f.Add(b)
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

// TestLineFormatIsJSON: the hand-written line is json.Marshal's, byte for byte.
func TestLineFormatIsJSON(t *testing.T) {
	for _, m := range []*Match{newMatch(1), {A: newMatch(1).B, B: newMatch(1).A, Seed: 1 << 63, Openings: 0}} {
		lf := matchFormat(m)
		for i := 0; i < 50; i++ {
			g, _ := m.Play(context.Background(), i)
			want, _ := json.Marshal(g)
			var moves [81]uttt.Move
			r, _ := m.play(context.Background(), i, [2]mover{moverOf(m.A), moverOf(m.B)}, &moves)
			got := lf.appendLine(nil, i, moves[:r.Plies], r)
			if string(got) != string(want)+"\n" {
				t.Fatalf("line %q, json.Marshal %q", got, want)
			}
			if j, r2, ok := lf.parseFast(got); !ok || j != i || r2 != r {
				t.Fatalf("parseFast(%q) = %d %+v %v", got, j, r2, ok)
			}
		}
	}
}
