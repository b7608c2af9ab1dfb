package selfplay

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/selfplay/record"
)

// TestLineFormatIsJSON: the hand-written line is json.Marshal's, byte for byte, and
// the file of those lines resumes as the same games.
func TestLineFormatIsJSON(t *testing.T) {
	for _, m := range []*Match{newMatch(1), {A: newMatch(1).B, B: newMatch(1).A, Seed: 1 << 63, Openings: 0}} {
		lf := record.NewFormat(m.ID())
		var lines []byte
		want := map[int]record.Result{}
		for i := 0; i < 50; i++ {
			g, _ := m.Play(context.Background(), i)
			js, _ := json.Marshal(g)
			var moves [81]uttt.Move
			r, _ := m.play(context.Background(), i, [2]mover{moverOf(m.A), moverOf(m.B)}, &moves)
			got := lf.AppendLine(nil, i, moves[:r.Plies], r)
			if string(got) != string(js)+"\n" {
				t.Fatalf("line %q, json.Marshal %q", got, js)
			}
			lines, want[i] = append(lines, got...), r
		}
		path := filepath.Join(t.TempDir(), "g.jsonl")
		if err := os.WriteFile(path, lines, 0o666); err != nil {
			t.Fatal(err)
		}
		out, res, err := record.OpenOut(context.Background(), path, m.ID(), nil)
		if err != nil {
			t.Fatal(err)
		}
		out.Close()
		n := 0
		err = res.Scan(func(i int, r record.Result) error {
			if n++; want[i] != r {
				t.Errorf("game %d read back as %+v, written %+v", i, r, want[i])
			}
			return nil
		})
		if err != nil || n != len(want) {
			t.Fatalf("read back %d games of %d: %v", n, len(want), err)
		}
	}
}
