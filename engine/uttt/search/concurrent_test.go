package search

import (
	"context"
	"sync"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/internal/utttest"
)

// TestEnginesConcurrent runs three differently configured engines at once in one
// process (the embedded network with the default options, another network and a
// linear evaluation with other weights, each with other options) and checks that each
// finds, on every position, the move, score and node count it finds alone: engines
// share no mutable state. Run it with -race.
func TestEnginesConcurrent(t *testing.T) {
	other := DefaultTuning()
	other.SEDepth, other.LMRGrow, other.RFPDepth = 0, 0, 2
	third := DefaultTuning()
	third.FrontierOrder, third.LMRMoves, third.RFPMargin = false, 3, 60
	nw := NewNetwork(testNet(11))
	v1 := NewLinear(V1Weights, nil)
	configs := []func() *Engine{
		func() *Engine { return newEngine(Options{TableBytes: 2 << 20}) },
		func() *Engine {
			return newEngine(Options{TableBytes: 2 << 20, Network: nw, Tuning: &other})
		},
		func() *Engine {
			e, err := NewEngine(Options{TableBytes: 2 << 20, Eval: EvalLinear, Linear: v1, Tuning: &third})
			if err != nil {
				t.Fatal(err)
			}
			return e
		},
	}
	ps := append(benchPositions(), utttest.RandomPositions(48, 5, 20)...)
	depth := 9
	if testing.Short() {
		depth = 7
	}
	run := func(e *Engine, p uttt.Position) Result {
		e.Clear()
		return e.Search(context.Background(), p, Limits{Depth: depth})
	}
	alone := make([][]Result, len(configs))
	for i, mk := range configs {
		e := mk()
		for _, p := range ps {
			alone[i] = append(alone[i], run(e, p))
		}
	}
	differ := 0
	for j := range ps {
		if alone[0][j].Nodes != alone[1][j].Nodes || alone[0][j].Nodes != alone[2][j].Nodes {
			differ++
		}
	}
	if differ == 0 {
		t.Fatal("the configurations search the same trees: the test shows nothing")
	}
	var wg sync.WaitGroup
	for i, mk := range configs {
		for rep := range 2 {
			wg.Go(func() {
				e := mk()
				for k := range ps {
					j := k
					if rep == 1 {
						j = len(ps) - 1 - k // the other order
					}
					r := run(e, ps[j])
					if w := alone[i][j]; r.Move != w.Move || r.Score != w.Score || r.Nodes != w.Nodes {
						t.Errorf("engine %d, %s: together %v %d %d nodes, alone %v %d %d nodes", i, &ps[j], r.Move, r.Score, r.Nodes, w.Move, w.Score, w.Nodes)
					}
				}
			})
		}
	}
	wg.Wait()
}
