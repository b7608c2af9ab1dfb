package tune

import (
	"context"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt/search"
)

// fitGames plays n short training games with the linear evaluation.
func fitGames(t *testing.T, n int) []TrainingGame {
	t.Helper()
	gs, err := PlayGames(context.Background(), n, GameConfig{Nodes: 200, Openings: 8, Seed: 1, Eval: search.EvalLinear}, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	return gs
}

func TestSaveLoadHoldOut(t *testing.T) {
	gs := fitGames(t, 20)
	path := filepath.Join(t.TempDir(), "games.txt")
	if err := SaveGames(path, gs); err != nil {
		t.Fatal(err)
	}
	back, err := LoadGames(context.Background(), path)
	if err != nil || !reflect.DeepEqual(back, gs) {
		t.Fatalf("LoadGames: %v; the games differ: %v", err, !reflect.DeepEqual(back, gs))
	}
	if _, err := LoadGames(context.Background(), path+".missing"); err == nil {
		t.Error("a missing file loaded")
	}
	train, test := HoldOut(gs)
	if len(train) != 18 || len(test) != 2 || !reflect.DeepEqual(test[0], gs[9]) || !reflect.DeepEqual(test[1], gs[19]) {
		t.Fatalf("HoldOut: %d training, %d held out", len(train), len(test))
	}
	if u := Unscored(gs); u != 0 {
		t.Errorf("%d games without scores", u)
	}
	gs[3].Scores = nil
	if u := Unscored(gs); u != 1 {
		t.Errorf("Unscored = %d, want 1", u)
	}
}

func TestFitWeightsAndTrainNetwork(t *testing.T) {
	gs := fitGames(t, 20)
	var log []string
	table := filepath.Join(t.TempDir(), "board_chance.bin")
	r, err := FitWeights(context.Background(), gs, WeightFit{Start: search.DefaultWeights(), Openings: 8, Rounds: 1, Table: table, Prior: 20,
		Log: func(s string) { log = append(log, s) }})
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(log, "\n")
	for _, want := range []string{"board table learned from 18 games", "20 games (X ", "scale k ", "held-out error "} {
		if !strings.Contains(text, want) {
			t.Errorf("log lacks %q:\n%s", want, text)
		}
	}
	if r.K <= 0 || r.Positions == 0 || r.After > r.Before+1e-12 || r.Weights.Table != 1 {
		t.Errorf("result %+v", r)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := FitWeights(ctx, gs, WeightFit{Start: search.DefaultWeights(), Openings: 8, Rounds: 5}); err == nil {
		t.Error("a cancelled fit returned no error")
	}
	log = nil
	n, err := TrainNetwork(context.Background(), gs, NetFit{Openings: 8, Blend: 0.5, Log: func(s string) { log = append(log, s) },
		Config: NetTrainConfig{Epochs: 1, Batch: 64, LR: 0.002, Seed: 1, Jobs: 2}})
	if err != nil || n == nil {
		t.Fatal(err)
	}
	text = strings.Join(log, "\n")
	for _, want := range []string{"20 games: ", "held-out, linear evaluation: ", "held-out, network (float): ", "held-out, network (int):   "} {
		if !strings.Contains(text, want) {
			t.Errorf("log lacks %q:\n%s", want, text)
		}
	}
}
