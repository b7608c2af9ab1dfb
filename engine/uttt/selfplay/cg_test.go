package selfplay

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/selfplay/record"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
)

func TestTieBreakBoards(t *testing.T) {
	plain := &Match{A: zoo.Random{}, B: zoo.Naive{}, Seed: 3, Openings: 2}
	tb := &Match{A: zoo.Random{}, B: zoo.Naive{}, Seed: 3, Openings: 2, TieBreak: true}
	changed := 0
	for i := 0; i < 200; i++ {
		g0, err := plain.Play(context.Background(), i)
		if err != nil {
			t.Fatal(err)
		}
		g1, _ := tb.Play(context.Background(), i)
		if g0.Moves != g1.Moves {
			t.Fatalf("game %d: the tie-break changed the moves", i)
		}
		if g0.Result != "draw" && g1.Result != g0.Result {
			t.Fatalf("game %d: a decided game changed: %s -> %s", i, g0.Result, g1.Result)
		}
		if g1.Result != g0.Result {
			changed++
			p, _ := uttt.ParseMoves(strings.Fields(g1.Moves))
			x := len(setBits(p.WonBoards(uttt.X)))
			o := len(setBits(p.WonBoards(uttt.O)))
			if (g1.Result == "X") != (x > o) || x == o {
				t.Errorf("game %d: %s with boards %d-%d", i, g1.Result, x, o)
			}
		}
		if g1.TieBreak != "boards" || g0.TieBreak != "" {
			t.Fatalf("tiebreak fields %q %q", g0.TieBreak, g1.TieBreak)
		}
	}
	if changed == 0 {
		t.Error("no drawn game was decided on boards")
	}
}

func setBits(m uint16) []int {
	var r []int
	for b := 0; b < 9; b++ {
		if m>>b&1 != 0 {
			r = append(r, b)
		}
	}
	return r
}

// failing is a zoo.GameBot whose games answer NoMove at their k-th turn and count
// sessions opened and closed.
type failing struct {
	k              int
	opened, closed atomic.Int32
}

func (f *failing) String() string                                           { return "cg:failing" }
func (f *failing) Move(context.Context, *uttt.Position, *zoo.RNG) uttt.Move { return uttt.NoMove }
func (f *failing) StartGame(int) zoo.Bot {
	f.opened.Add(1)
	return &failingGame{f: f}
}

type failingGame struct {
	f    *failing
	turn int
}

func (g *failingGame) String() string { return "cg:failing" }
func (g *failingGame) Move(_ context.Context, p *uttt.Position, rng *zoo.RNG) uttt.Move {
	g.turn++
	if g.turn == g.f.k {
		return uttt.NoMove
	}
	return zoo.RandomMove(p, rng)
}
func (g *failingGame) Close() error { g.f.closed.Add(1); return nil }

func TestGameBotForfeits(t *testing.T) {
	f := &failing{k: 3}
	m := &Match{A: f, B: zoo.Random{}, Seed: 1, Openings: 0}
	path := filepath.Join(t.TempDir(), "games.jsonl")
	out, _, err := record.OpenOut(context.Background(), path, m.ID(), nil)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := Run(context.Background(), Config{Match: m, From: 0, To: 20, Workers: 2, Out: out})
	if err != nil {
		t.Fatal(err)
	}
	out.Close()
	if sum.Tally.W != 0 || sum.Tally.L+sum.Tally.D != 20 || f.opened.Load() != 20 || f.closed.Load() != 20 {
		t.Errorf("W/D/L %d/%d/%d, sessions %d opened %d closed", sum.Tally.W, sum.Tally.D, sum.Tally.L, f.opened.Load(), f.closed.Load())
	}
	// The file says which games were forfeited and resumes.
	b, _ := os.ReadFile(path)
	forfeits := 0
	for _, l := range bytes.Split(bytes.TrimSpace(b), []byte("\n")) {
		var g record.Game
		if err := json.Unmarshal(l, &g); err != nil {
			t.Fatal(err)
		}
		if g.Forfeit {
			forfeits++
			if g.Score != 0 {
				t.Errorf("game %d: a's forfeit scored %v", g.Index, g.Score)
			}
		}
	}
	if forfeits != sum.Tally.L {
		t.Errorf("%d forfeits in the file, %d losses", forfeits, sum.Tally.L)
	}
	_, res, err := record.OpenOut(context.Background(), path, m.ID(), nil)
	if err != nil || res.Count(0, 20) != 20 {
		t.Errorf("resume: %v, %d games", err, res.Count(0, 20))
	}
}
