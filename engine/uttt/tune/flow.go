package tune

import (
	"bytes"
	"context"
	"fmt"
	"runtime"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/search"
	"github.com/boardlab/boardlab/fileio"
)

// SaveGames writes training games to the file at path in WriteGames's format.
func SaveGames(path string, gs []TrainingGame) error {
	var b bytes.Buffer
	if err := WriteGames(&b, gs); err != nil {
		return err
	}
	return fileio.WriteFile(path, b.Bytes())
}

// LoadGames reads the training games of the file at path (SaveGames's format); it stops
// with an error wrapping ctx.Err() when ctx is cancelled, also while a FIFO or device
// blocks.
func LoadGames(ctx context.Context, path string) ([]TrainingGame, error) {
	f, err := fileio.Input{Path: path}.Open(ctx, nil)
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("%s: %w", path, ctx.Err())
		}
		return nil, err
	}
	defer f.Close()
	gs, err := ReadGames(f, path)
	if err != nil && ctx.Err() != nil {
		return nil, fmt.Errorf("%s: %w", path, ctx.Err())
	}
	return gs, err
}

// HoldOut splits games into training games and held-out games: every tenth game
// (indices 9, 19, ...) is held out.
func HoldOut(gs []TrainingGame) (train, test []TrainingGame) {
	for i, g := range gs {
		if i%10 == 9 {
			test = append(test, g)
		} else {
			train = append(train, g)
		}
	}
	return train, test
}

// WeightFit says how FitWeights fits the linear evaluation's weights.
type WeightFit struct {
	Start    search.Weights // the starting weights, those the games were played with
	Openings int            // random opening plies of the games, skipped
	Rounds   int            // most rounds of coordinate descent
	// Table, when not empty, is the file the small boards' chances learned from the
	// training games are written to (board_chance.bin); the fit then uses them, each
	// state's chances shrunk towards the line-counting estimate with weight Prior.
	Table string
	Prior float64
	// Log, when not nil, receives the fit's progress, one line each.
	Log func(string)
}

// WeightResult is what FitWeights found: the weights, the scale K of sigmoid(eval/K)
// and the held-out error with the starting weights (Before) and the fitted ones.
type WeightResult struct {
	Weights   search.Weights
	Positions int // training positions
	K         float64
	Before    float64
	After     float64
}

// FitWeights fits the linear evaluation's weights to the outcomes of gs (Texel's
// method) on the games HoldOut keeps for training, and measures the error on the
// others. It returns ctx's error when cancelled while fitting.
func FitWeights(ctx context.Context, gs []TrainingGame, f WeightFit) (WeightResult, error) {
	log := func(format string, args ...any) {
		if f.Log != nil {
			f.Log(fmt.Sprintf(format, args...))
		}
	}
	train, test := HoldOut(gs)
	start := f.Start
	var learned []byte
	if f.Table != "" {
		t := LearnBoardChance(train, search.NewLinear(start, nil), f.Prior)
		if err := fileio.WriteFile(f.Table, t); err != nil {
			return WeightResult{}, err
		}
		learned, start.Table = t, 1
		log("board table learned from %d games, written to %s", len(train), f.Table)
	}
	trainS, testS := Samples(train, f.Openings), Samples(test, f.Openings)
	x, o, d := 0, 0, 0
	for _, g := range gs {
		switch g.Result {
		case uttt.XWon:
			x++
		case uttt.OWon:
			o++
		default:
			d++
		}
	}
	log("%d games (X %d, O %d, draws %d): %d training positions, %d held out", len(gs), x, o, d, len(trainS), len(testS))
	fitStart := search.NewLinear(start, learned)
	r := WeightResult{Positions: len(trainS), K: FitScale(trainS, fitStart)}
	r.Before = Loss(testS, fitStart, r.K)
	log("scale k %.1f; held-out error %.6f with the starting weights", r.K, r.Before)
	w, err := Fit(ctx, trainS, start, learned, r.K, f.Rounds, f.Log)
	if err != nil {
		return r, err
	}
	r.Weights = w
	r.After = Loss(testS, search.NewLinear(w, learned), r.K)
	log("held-out error %.6f (was %.6f)", r.After, r.Before)
	return r, nil
}

// Unscored counts the games of gs without search scores (saved by an older version).
func Unscored(gs []TrainingGame) int {
	n := 0
	for _, g := range gs {
		if len(g.Scores) == 0 {
			n++
		}
	}
	return n
}

// NetFit says how TrainNetwork trains the network evaluation.
type NetFit struct {
	Openings int     // random opening plies of the games, skipped
	Blend    float64 // weight of the game result in a label, the rest the search score
	// Init, when not nil, is the network training starts from (its scale K is then the
	// labels' scale) instead of random weights.
	Init   *search.FloatNet
	Config NetTrainConfig // the training's settings (Jobs 0: one per core); TrainNetwork sets K
	// Log, when not nil, receives the training's progress, one line each.
	Log func(string)
}

// TrainNetwork trains the network evaluation on the games HoldOut keeps for training,
// each position labelled with Blend * result + (1-Blend) * sigmoid(score/k), k the
// linear evaluation's scale fitted to the outcomes, and returns the network of the
// epoch with the lowest held-out log-loss. It returns ctx's error when cancelled.
func TrainNetwork(ctx context.Context, gs []TrainingGame, f NetFit) (*search.FloatNet, error) {
	log := func(format string, args ...any) {
		if f.Log != nil {
			f.Log(fmt.Sprintf(format, args...))
		}
	}
	train, test := HoldOut(gs)
	k := FitScale(Samples(train, f.Openings), search.DefaultLinear())
	if f.Init != nil {
		// The recorded search scores are in the starting network's units.
		k = float64(f.Init.K)
	}
	trainS := NetSamples(train, f.Openings, k, f.Blend)
	testS := NetSamples(test, f.Openings, k, f.Blend)
	log("%d games: %d training positions, %d held out; scale k %.1f", len(gs), len(trainS), len(testS), k)
	log("held-out, linear evaluation: %s", LinearMetrics(testS, k))
	cfg := f.Config
	cfg.K = k
	if cfg.Jobs <= 0 {
		cfg.Jobs = runtime.GOMAXPROCS(0)
	}
	n, err := TrainNet(ctx, trainS, testS, f.Init, cfg, f.Log)
	if err != nil {
		return nil, err
	}
	log("weight of the linear evaluation A %.3f, output bias %.3f", n.A, n.C)
	log("held-out, network (float): %s", FloatMetrics(n, testS))
	log("held-out, network (int):   %s", QuantizedMetrics(n, testS))
	return n, nil
}
