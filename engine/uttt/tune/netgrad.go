package tune

import (
	"math"

	"github.com/boardlab/boardlab/engine/uttt/search"
)

// The training maths of the network evaluation (search.FloatNet): the gradient of the
// log-loss of one sample and the parameters an optimiser steps. The network's inputs,
// forward pass and file format are the evaluation's, in package search.

// netGradient adds the gradient of the log-loss of n's prediction on in against label
// (the expected result, 0..1) to g, E rows included, and returns the loss.
func netGradient(n *search.FloatNet, in *search.NetInput, label float32, g *search.FloatNet) float64 {
	var h [search.NetHidden]float32
	score := n.ForwardHidden(in, &h)
	p := search.Expected(score, float64(n.K))
	y := float64(label)
	dz := float32(p - y)
	g.C += dz
	g.A += dz * float32(float64(in.Linear())/float64(n.K))
	var dh [search.NetHidden]float32
	for j, v := range h {
		a := min(max(v, 0), 1)
		g.W2[j] += dz * a
		if v > 0 && v < 1 {
			dh[j] = dz * n.W2[j]
		}
	}
	for j := range dh {
		g.B1[j] += dh[j]
	}
	embed := len(n.W1[0]) - search.NetEmbed // a row's first embedding value
	for b := 0; b < 9; b++ {
		st := in.Board(b)
		for d, v := range n.Features(st) {
			addScaled(&g.W1[b][d], &dh, v)
		}
		for e := 0; e < search.NetEmbed; e++ {
			w := &n.W1[b][embed+e]
			var sum float32
			for j := range dh {
				sum += w[j] * dh[j]
			}
			g.E[st][e] += sum
		}
	}
	for l, st := range in.Lines() {
		addScaled(&g.WL[l][st], &dh, 1)
	}
	if f := in.Forced(); f >= 0 {
		for d, v := range search.FixedFeatures(in.Board(f)) {
			addScaled(&g.WF[d], &dh, v)
		}
	}
	var buf [3]int
	for _, x := range in.Extras(&buf) {
		for j := range dh {
			g.WX[x][j] += dh[j]
		}
	}
	ev := float32(in.Empty()) / 81
	empties := &g.WX[len(g.WX)-1]
	for j := range dh {
		empties[j] += ev * dh[j]
	}
	p = min(max(p, 1e-7), 1-1e-7)
	return -(y*math.Log(p) + (1-y)*math.Log(1-p))
}

// addScaled adds v times src to dst.
func addScaled(dst, src *[search.NetHidden]float32, v float32) {
	for j := range dst {
		dst[j] += v * src[j]
	}
}

// netParams returns n's parameters other than E, C, A and K as slices of its arrays,
// in a fixed order: what an optimiser steps.
func netParams(n *search.FloatNet) [][]float32 {
	var out [][]float32
	for b := range n.W1 {
		for d := range n.W1[b] {
			out = append(out, n.W1[b][d][:])
		}
	}
	for x := range n.WX {
		out = append(out, n.WX[x][:])
	}
	for l := range n.WL {
		for st := range n.WL[l] {
			out = append(out, n.WL[l][st][:])
		}
	}
	for d := range n.WF {
		out = append(out, n.WF[d][:])
	}
	out = append(out, n.B1[:], n.W2[:])
	return out
}
