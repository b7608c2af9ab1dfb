package search

import (
	"context"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
)

func TestWeightsRoundTrip(t *testing.T) {
	w, err := ParseWeights(weightsText)
	if err != nil {
		t.Fatalf("embedded weights: %v", err)
	}
	if w != DefaultWeights() {
		t.Fatalf("embedded weights %+v are not the default ones %+v", w, DefaultWeights())
	}
	back, err := ParseWeights("# comment\n" + V1Weights.String())
	if err != nil || back != V1Weights {
		t.Fatalf("round trip: %+v %v", back, err)
	}
	for _, bad := range []string{"", "line 1\n", V1Weights.String() + "line 3\n", strings.Replace(V1Weights.String(), "line 1000", "line x", 1), V1Weights.String() + "nosuch 1\n"} {
		if _, err := ParseWeights(bad); err == nil {
			t.Errorf("ParseWeights accepted %q", bad)
		}
	}
}

// TestFitLowersLoss plays a few quick games and checks that fitting lowers the training
// error, and that the games replay legally.
func TestFitLowersLoss(t *testing.T) {
	e := NewEngine(1)
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
	v1 := NewLinear(V1Weights, nil)
	k := FitScale(s, v1)
	before := Loss(s, v1, k)
	w, err := Fit(context.Background(), s, V1Weights, nil, k, 5, nil)
	if err != nil {
		t.Fatal(err)
	}
	if after := Loss(s, NewLinear(w, nil), k); after >= before {
		t.Fatalf("loss %.5f -> %.5f", before, after)
	}
}

// TestLearnBoardChance checks the learned table: without games it is the line-counting
// estimate, and it is symmetric under the board's symmetries and the colour swap.
func TestLearnBoardChance(t *testing.T) {
	v1 := NewLinear(V1Weights, nil)
	empty := LearnBoardChance(nil, v1, 20)
	for x := uint16(0); x < 512; x += 7 {
		for o := uint16(0); o < 512; o += 5 {
			if x&o == 0 {
				i := t3[x] + 2*t3[o]
				if got := uint16(empty[2*i]) | uint16(empty[2*i+1])<<8; got != v1.chance[i] {
					t.Fatalf("x %03o o %03o: %04x, want %04x", x, o, got, v1.chance[i])
				}
			}
		}
	}
	e := NewEngine(1)
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
			i, j := t3[x]+2*t3[o], t3[o]+2*t3[x]
			r := permute(x, &boardSyms[3])
			k := t3[r] + 2*t3[permute(o, &boardSyms[3])]
			if tab[2*i] != tab[2*j+1] || tab[2*i] != tab[2*k] {
				t.Fatalf("x %03o o %03o: not symmetric", x, o)
			}
		}
	}
}
