package uttt

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// evalParams is one setting of the evaluation weights and search options, for
// self-play tuning.
type evalParams struct {
	w Weights
	o Options
}

func currentParams() evalParams {
	return evalParams{DefaultWeights(), DefaultOptions()}
}

// tuneMatch plays games between two settings at a fixed node budget per move from
// random two-ply openings, each opening with both colours, and returns a's points
// (win 1, draw 1/2).
func tuneMatch(a, b evalParams, games int, nodes uint64, seed uint64) float64 {
	la, lb := NewLinear(a.w, nil), NewLinear(b.w, nil)
	rng := rand.New(rand.NewPCG(seed, 1))
	var pts float64
	for g := 0; g < games; g += 2 {
		open := Start()
		for range 2 {
			var buf [81]Move
			n := open.Moves(&buf)
			open = open.Play(buf[rng.IntN(n)])
		}
		for colour := 0; colour < 2; colour++ {
			ea, eb := NewEngine(4), NewEngine(4)
			ea.SetOptions(a.o)
			eb.SetOptions(b.o)
			ea.SetLinear(la)
			eb.SetLinear(lb)
			p := open
			for p.Status() == Ongoing {
				aToMove := (p.Side() == X) == (colour == 0)
				e := eb
				if aToMove {
					e = ea
				}
				p = p.Play(e.Search(context.Background(), p, Limits{Nodes: nodes}).Move)
			}
			aSide := X
			if colour == 1 {
				aSide = O
			}
			switch p.Status() {
			case Draw:
				pts += 0.5
			case XWon + Status(aSide):
				pts++
			}
		}
	}
	return pts
}

// TestTune runs a self-play match when UTTT_TUNE is set: UTTT_TUNE=games.
func TestTune(t *testing.T) {
	games, _ := strconv.Atoi(os.Getenv("UTTT_TUNE"))
	if games == 0 {
		t.Skip("set UTTT_TUNE=GAMES to run the tuning match")
	}
	if netAsmCPU && !useNetAsm {
		t.Skip("played once, with the AVX2 kernels: the Go loops give the same games")
	}
	base := currentParams()
	nodes := uint64(20000)
	if n, err := strconv.Atoi(os.Getenv("UTTT_TUNE_NODES")); err == nil && n > 0 {
		nodes = uint64(n)
	}
	for _, c := range tuneCandidates(base) {
		if only := os.Getenv("UTTT_TUNE_ONLY"); only != "" && !slices.Contains(strings.Split(only, "|"), c.name) {
			continue
		}
		seed := uint64(5)
		if v, err := strconv.ParseUint(os.Getenv("UTTT_TUNE_SEED"), 10, 64); err == nil {
			seed = v
		}
		pts := tuneMatch(c.p, base, games, nodes, seed)
		t.Logf("%-24s %.1f / %d (%.1f%%)", c.name, pts, games, 100*pts/float64(games))
	}
}

type tuneCandidate struct {
	name string
	p    evalParams
}

func tuneCandidates(base evalParams) []tuneCandidate {
	var out []tuneCandidate
	add := func(name string, f func(p *evalParams)) {
		p := base
		f(&p)
		out = append(out, tuneCandidate{name, p})
	}
	if os.Getenv("UTTT_TUNE_LMR") != "" {
		add("lmr off", func(p *evalParams) { p.o.Reductions = false })
		add("lmr moves 2", func(p *evalParams) { p.o.LMRMoves = 2 })
		add("lmr moves 5", func(p *evalParams) { p.o.LMRMoves = 5 })
		add("lmr depth 3", func(p *evalParams) { p.o.LMRDepth = 3 })
		add("lmr depth 6", func(p *evalParams) { p.o.LMRDepth = 6 })
		add("lmr moves 3 depth 4 (v1)", func(p *evalParams) { p.o.LMRMoves, p.o.LMRDepth = 3, 4 })
		return out
	}
	if os.Getenv("UTTT_TUNE_COMBO") != "" {
		// Sets of the switches that scored best alone with the network (see
		// docs/uttt-engine.md).
		add("fo", func(p *evalParams) { p.o.FrontierOrder = true })
		add("fo rfp 3/150", func(p *evalParams) { p.o.FrontierOrder, p.o.RFPDepth, p.o.RFPMargin = true, 3, 150 })
		add("fo rfp 4/150", func(p *evalParams) { p.o.FrontierOrder, p.o.RFPDepth, p.o.RFPMargin = true, 4, 150 })
		return out
	}
	if os.Getenv("UTTT_TUNE_SEARCH") != "" {
		// The set tried at aeedb16; the single switches below are measured against
		// the defaults (at aeedb16 the set was the default).
		add("rfp 2/150", func(p *evalParams) { p.o.RFPDepth, p.o.RFPMargin = 2, 150 })
		add("rfp 3/100", func(p *evalParams) { p.o.RFPDepth, p.o.RFPMargin = 3, 100 })
		add("rfp 3/200", func(p *evalParams) { p.o.RFPDepth, p.o.RFPMargin = 3, 200 })
		add("rfp 3/50", func(p *evalParams) { p.o.RFPDepth, p.o.RFPMargin = 3, 50 })
		for _, d := range []int{4, 5, 6} {
			add(fmt.Sprintf("rfp %d/150", d), func(p *evalParams) { p.o.RFPDepth, p.o.RFPMargin = d, 150 })
		}
		add("frontier order off", func(p *evalParams) { p.o.FrontierOrder = false })
		add("outlook off", func(p *evalParams) { p.o.Outlook = false })
		add("lmr moves 1", func(p *evalParams) { p.o.LMRMoves = 1 })
		add("lmr moves 3", func(p *evalParams) { p.o.LMRMoves = 3 })
		add("lmr depth 4", func(p *evalParams) { p.o.LMRDepth = 4 })
		for _, g := range []int{0, 7, 8, 10, 15, 20, 25, 30} {
			add(fmt.Sprintf("lmr grow %d", g), func(p *evalParams) { p.o.LMRGrow = g })
		}
		for _, d := range []int{6, 8, 10} {
			for _, m := range []int{1, 3, 10, 30} {
				add(fmt.Sprintf("se %d/%d", d, m), func(p *evalParams) { p.o.SEDepth, p.o.SEMargin = d, m })
			}
		}
		return out
	}
	add("board/2", func(p *evalParams) { p.w.Board /= 2 })
	add("v1 weights", func(p *evalParams) { p.w = V1Weights })
	return out
}
