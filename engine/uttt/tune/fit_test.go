package tune

import (
	"context"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/search"
)

// TestFitLowersLoss plays a few quick games and checks that fitting lowers the training
// error, and that the games replay legally.
func TestFitLowersLoss(t *testing.T) {
	e, err := search.NewEngine(search.Options{TableBytes: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	var games []TrainingGame
	for i := uint64(0); i < 20; i++ {
		g, err := PlayTrainingGame(context.Background(), e, i, 8, 200)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	again, _ := PlayTrainingGame(context.Background(), e, 3, 8, 200)
	if len(again.Moves) != len(games[3].Moves) || again.Result != games[3].Result {
		t.Fatal("training games are not reproducible")
	}
	s := Samples(games, 8)
	if len(s) < 200 {
		t.Fatalf("%d samples", len(s))
	}
	v1 := search.NewLinear(search.V1Weights, nil)
	k := FitScale(s, v1)
	before := Loss(s, v1, k)
	w, err := Fit(context.Background(), s, search.V1Weights, nil, k, 5, nil)
	if err != nil {
		t.Fatal(err)
	}
	if after := Loss(s, search.NewLinear(w, nil), k); after >= before {
		t.Fatalf("loss %.5f -> %.5f", before, after)
	}
}

// TestLearnBoardChance checks the learned table: without games it is the line-counting
// estimate, and it is symmetric under the board's symmetries and the colour swap.
func TestLearnBoardChance(t *testing.T) {
	v1 := search.NewLinear(search.V1Weights, nil)
	empty := LearnBoardChance(nil, v1, 20)
	for x := uint16(0); x < 512; x += 7 {
		for o := uint16(0); o < 512; o += 5 {
			if x&o == 0 {
				i := ternary(x) + 2*ternary(o)
				if got, want := uint16(empty[2*i])|uint16(empty[2*i+1])<<8, v1.LineChance(x, o); got != want {
					t.Fatalf("x %03o o %03o: %04x, want %04x", x, o, got, want)
				}
			}
		}
	}
	e, err := search.NewEngine(search.Options{TableBytes: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	var games []TrainingGame
	for i := uint64(0); i < 5; i++ {
		g, _ := PlayTrainingGame(context.Background(), e, i, 8, 100)
		games = append(games, g)
	}
	tab := LearnBoardChance(games, v1, 20)
	for x := uint16(0); x < 512; x += 3 {
		for o := uint16(0); o < 512; o += 11 {
			if x&o != 0 || uttt.HasLine(x) && uttt.HasLine(o) {
				continue
			}
			quarter := boardSymmetries()[3]
			i, j := ternary(x)+2*ternary(o), ternary(o)+2*ternary(x)
			k := ternary(permute(x, &quarter)) + 2*ternary(permute(o, &quarter))
			if tab[2*i] != tab[2*j+1] || tab[2*i] != tab[2*k] {
				t.Fatalf("x %03o o %03o: not symmetric", x, o)
			}
		}
	}
}

// TestNetTrainingLowersLoss trains on a tiny set of short self-play games and checks
// that the training loss falls.
func TestNetTrainingLowersLoss(t *testing.T) {
	e, err := search.NewEngine(search.Options{TableBytes: 1 << 20, Eval: search.EvalLinear})
	if err != nil {
		t.Fatal(err)
	}
	var games []TrainingGame
	for i := range 12 {
		g, err := PlayTrainingGame(context.Background(), e, uint64(i), 8, 200)
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Scores) != len(g.Moves) {
			t.Fatalf("game %d: %d scores for %d moves", i, len(g.Scores), len(g.Moves))
		}
		games = append(games, g)
	}
	samples := NetSamples(games, 8, 460, 0.5)
	n := search.RandomFloatNet(460, 4)
	before := FloatMetrics(n, samples).LogLoss
	n, err = TrainNet(context.Background(), samples, samples, n, NetTrainConfig{Epochs: 20, Batch: 32, LR: 0.01, K: 460, Seed: 1, Jobs: 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	after := FloatMetrics(n, samples).LogLoss
	if !(after < before-0.01) {
		t.Fatalf("log-loss %.5f before training, %.5f after", before, after)
	}
	t.Logf("log-loss %.5f -> %.5f on %d samples", before, after, len(samples))
}

// TestNetSamplesLabels checks the labels: the result for the side to move blended with
// sigmoid(score/k) of the recorded search score; the result alone without a score.
func TestNetSamplesLabels(t *testing.T) {
	ms := []uttt.Move{uttt.NewMove(4, 4), uttt.NewMove(4, 0), uttt.NewMove(0, 4)}
	g := TrainingGame{Moves: ms, Result: uttt.XWon, Scores: []int32{NoScore, 100, -200}}
	s := NetSamples([]TrainingGame{g}, 0, 400, 0.25)
	if len(s) != 3 {
		t.Fatalf("%d samples, want 3", len(s))
	}
	want := []float64{1, 0.25*0 + 0.75*search.Expected(100, 400), 0.25*1 + 0.75*search.Expected(-200, 400)}
	for i := range s {
		if math.Abs(float64(s[i].Label)-want[i]) > 1e-6 {
			t.Errorf("sample %d: label %.6f, want %.6f", i, s[i].Label, want[i])
		}
	}
	if s[1].Result != 0 || s[2].Result != 1 {
		t.Errorf("results %v %v, want 0 (O to move, X won) and 1", s[1].Result, s[2].Result)
	}
}

// TestBoardSymmetries checks the 8 symmetries: permutations that keep the centre and
// map lines to lines, with a quarter turn and a mirror among them.
func TestBoardSymmetries(t *testing.T) {
	lines := uttt.Lines()
	syms := boardSymmetries()
	for s, perm := range syms {
		seen := 0
		for tile, to := range perm {
			seen |= 1 << to
			if tile == 4 && to != 4 {
				t.Fatalf("symmetry %d moves the centre", s)
			}
		}
		if seen != 0x1ff {
			t.Fatalf("symmetry %d = %v is not a permutation", s, perm)
		}
		for _, l := range lines {
			if !slices.Contains(lines[:], permute(l, &syms[s])) {
				t.Fatalf("symmetry %d maps line %#o off the lines", s, l)
			}
		}
	}
	if fmt.Sprint(syms[1]) != "[2 5 8 1 4 7 0 3 6]" || fmt.Sprint(syms[4]) != "[2 1 0 5 4 3 8 7 6]" {
		t.Fatalf("symmetries 1, 4 = %v, %v: want a quarter turn and a mirror", syms[1], syms[4])
	}
}
