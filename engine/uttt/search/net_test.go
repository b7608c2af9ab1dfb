package search

import (
	"context"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/internal/utttest"
)

// testNet returns a network with random weights everywhere (output layer included), so
// every part of the inference matters.
func testNet(seed uint64) *FloatNet {
	n := RandomFloatNet(460, seed)
	rng := rand.New(rand.NewPCG(seed, 99))
	for j := range n.W2 {
		n.W2[j] = float32(rng.NormFloat64())
		n.B1[j] = float32(rng.Float64())
	}
	for l := range n.WL {
		for st := range n.WL[l] {
			for j := range n.WL[l][st] {
				n.WL[l][st][j] = float32(rng.NormFloat64() * 0.2)
			}
		}
	}
	for d := range n.WF {
		for j := range n.WF[d] {
			n.WF[d][j] = float32(rng.NormFloat64() * 0.2)
		}
	}
	n.C, n.A = 0.1, 0.8
	return n
}

// TestNetChildEqualsEvaluate checks the incremental integer evaluation of children
// (the search's frontier) against the plain integer evaluation of the child.
func TestNetChildEqualsEvaluate(t *testing.T) {
	l, q := DefaultLinear(), testNet(1).quantize()
	for _, p := range utttest.RandomPositions(21, 200, 0) {
		e := evalState{lin: l}
		e.init(l, &p)
		var sums [NetHidden]int32
		q.accumulate(&p, p.Side()^1, &sums)
		e.initNet(&p, q, &sums)
		var buf [81]uttt.Move
		for _, m := range buf[:p.Moves(&buf)] {
			c := p.Play(m)
			if c.Status() != uttt.Ongoing {
				continue
			}
			if got, want := e.child(&c, m.Board()), q.evaluate(l, &c); got != want {
				t.Fatalf("%s after %v: child %d, evaluate %d", &p, m, got, want)
			}
		}
	}
}

// TestNetIntMatchesFloat checks the integer network against the float network on many
// positions: they differ by the quantisation error only.
func TestNetIntMatchesFloat(t *testing.T) {
	n := testNet(2)
	q := n.quantize()
	var worst float64
	for _, p := range utttest.RandomPositions(22, 500, 0) {
		f, i := n.Evaluate(&p), float64(q.evaluate(DefaultLinear(), &p))
		if d := math.Abs(f - i); d > worst {
			worst = d
		}
	}
	// Each hidden sum is off by up to 12 roundings of 1/2048, each output weight by
	// 1/2048, A by 1/8192: with |W2| about 1 and K = 460, a few eval units.
	if worst > 8 {
		t.Fatalf("integer and float networks differ by up to %.2f eval units", worst)
	}
	t.Logf("largest difference %.2f eval units", worst)
}

// TestNetUntrainedIsLinear checks that a fresh network (output weights zero, A = 1)
// scores every position as the linear evaluation does.
func TestNetUntrainedIsLinear(t *testing.T) {
	q := RandomFloatNet(460, 3).quantize()
	for _, p := range utttest.RandomPositions(23, 100, 0) {
		if got, want := q.evaluate(DefaultLinear(), &p), Evaluate(&p); got != want {
			t.Fatalf("%s: untrained network %d, linear %d", &p, got, want)
		}
	}
}

// TestNetRoundTrip checks that the binary form reads back to the same network.
func TestNetRoundTrip(t *testing.T) {
	n := testNet(5)
	data, _ := n.MarshalBinary()
	var m FloatNet
	if err := m.UnmarshalBinary(data); err != nil {
		t.Fatal(err)
	}
	if m != *n {
		t.Fatal("network changed through MarshalBinary/UnmarshalBinary")
	}
	if err := m.UnmarshalBinary(data[:len(data)-4]); err == nil {
		t.Fatal("a truncated network loaded")
	}
	if err := m.UnmarshalBinary([]byte("not a net")); err == nil {
		t.Fatal("garbage loaded as a network")
	}
}

// TestNetReadsFirstFormat checks that files of the older formats (UTTTNET3: no weights
// for the board to play in; UTTTNET2: no master lines either; UTTTNET1: 13 fixed
// features per board) load with the weights they lack at zero,
// and that a file of another feature or line count is refused.
func TestNetReadsFirstFormat(t *testing.T) {
	n := testNet(6)
	n.WF = [netFixed][NetHidden]float32{}
	three := []byte(netMagic3)
	three = binary.LittleEndian.AppendUint32(three, NetHidden)
	three = binary.LittleEndian.AppendUint32(three, NetEmbed)
	three = binary.LittleEndian.AppendUint32(three, netFixed)
	three = binary.LittleEndian.AppendUint32(three, netLines)
	n.eachFixed(netFixed, 3, func(p *float32) { three = binary.LittleEndian.AppendUint32(three, math.Float32bits(*p)) })
	m := testNet(7)
	if err := m.UnmarshalBinary(three); err != nil {
		t.Fatal(err)
	}
	if *m != *n {
		t.Fatal("a UTTTNET3 network did not read back as itself with the weights of the board to play in at zero")
	}
	n.WL = [netLines][netLineStates][NetHidden]float32{}
	two := []byte(netMagic2)
	two = binary.LittleEndian.AppendUint32(two, NetHidden)
	two = binary.LittleEndian.AppendUint32(two, NetEmbed)
	two = binary.LittleEndian.AppendUint32(two, netFixed)
	n.eachFixed(netFixed, 2, func(p *float32) { two = binary.LittleEndian.AppendUint32(two, math.Float32bits(*p)) })
	m = testNet(7)
	if err := m.UnmarshalBinary(two); err != nil {
		t.Fatal(err)
	}
	if *m != *n {
		t.Fatal("a UTTTNET2 network did not read back as itself with the master lines' weights at zero")
	}
	for b := range n.W1 {
		for d := netFixed1; d < netFixed; d++ {
			n.W1[b][d] = [NetHidden]float32{}
		}
	}
	old := []byte(netMagic1)
	old = binary.LittleEndian.AppendUint32(old, NetHidden)
	old = binary.LittleEndian.AppendUint32(old, NetEmbed)
	n.eachFixed(netFixed1, 1, func(p *float32) { old = binary.LittleEndian.AppendUint32(old, math.Float32bits(*p)) })
	m = testNet(7)
	if err := m.UnmarshalBinary(old); err != nil {
		t.Fatal(err)
	}
	if *m != *n {
		t.Fatal("a UTTTNET1 network did not read back as itself with the new features at zero")
	}
	cur, _ := n.MarshalBinary()
	binary.LittleEndian.PutUint32(cur[len(netMagic)+8:], netFixed+1)
	if err := m.UnmarshalBinary(cur); err == nil || !strings.Contains(err.Error(), "fixed features") {
		t.Fatalf("a network of another feature count: err %v", err)
	}
	cur, _ = n.MarshalBinary()
	binary.LittleEndian.PutUint32(cur[len(netMagic)+12:], netLines+1)
	if err := m.UnmarshalBinary(cur); err == nil || !strings.Contains(err.Error(), "master lines") {
		t.Fatalf("a network of another line count: err %v", err)
	}
}

// TestEmbeddedNetLoads checks that net.bin loads and that an engine can use it.
func TestEmbeddedNetLoads(t *testing.T) {
	if _, err := EmbeddedNetwork(); err != nil {
		t.Fatal(err)
	}
	e, err := NewEngine(Options{TableBytes: 1 << 20, Eval: EvalNet})
	if err != nil {
		t.Fatal(err)
	}
	if e.Eval() != EvalNet {
		t.Fatalf("Eval() = %s with Options.Eval net", e.Eval())
	}
	r := e.Search(context.Background(), uttt.Start(), Limits{Depth: 5})
	if r.Move == uttt.NoMove {
		t.Fatal("no move")
	}
	if _, err := NewEngine(Options{Eval: "cubic"}); err == nil {
		t.Fatal("NewEngine accepted an unknown evaluation")
	}
}

// TestNetSearchSumsEqualPlain checks that searching with the board sums kept along the
// line (netPlay) gives exactly the search that evaluates every leaf from scratch.
func TestNetSearchSumsEqualPlain(t *testing.T) {
	nw := NewNetwork(testNet(6))
	depth := 7
	if testing.Short() {
		depth = 5
	}
	for _, p := range utttest.RandomPositions(24, 12, 0) {
		var rs [2]Result
		for i := range rs {
			e := newEngine(Options{TableBytes: 1 << 20, Network: nw})
			e.netPlain = i == 1
			rs[i] = e.Search(context.Background(), p, Limits{Depth: depth})
		}
		if rs[0].Move != rs[1].Move || rs[0].Score != rs[1].Score || rs[0].Nodes != rs[1].Nodes {
			t.Fatalf("%s: with sums %v %d %d nodes, plain %v %d %d nodes", &p, rs[0].Move, rs[0].Score, rs[0].Nodes, rs[1].Move, rs[1].Score, rs[1].Nodes)
		}
	}
}

// TestNetQuantizeRows: the rows the quantizer builds on all cores are those of the plain
// loop over states, boards and features, bit for bit, for the embedded network and for
// random ones (whose learned embedding inputs are not zero).
func TestNetQuantizeRows(t *testing.T) {
	emb, err := loadNet().net, loadNet().err
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []*FloatNet{emb, testNet(5), testNet(6)} {
		q := n.quantize()
		for s := 0; s < netStates; s++ {
			f := n.features(uint16(s))
			for b := 0; b < 9; b++ {
				var acc [NetHidden]float32
				for d := 0; d < netFeat; d++ {
					if v := f[d]; v != 0 {
						for j := range acc {
							acc[j] += float32(v * n.W1[b][d][j])
						}
					}
				}
				for j, v := range acc {
					if want := q16(v, netQA); q.v[b][s][j] != want {
						t.Fatalf("board %d state %d unit %d: %d, the plain loop %d", b, s, j, q.v[b][s][j], want)
					}
				}
			}
		}
	}
}

// features returns the network's inputs for one own-perspective board state, zeros
// included: the plain reference the search's rows (boardRows, via FloatNet.active) are
// held to.
func (n *FloatNet) features(s uint16) (f [netFeat]float32) {
	copy(f[:netFixed], netFixedTab[s][:])
	copy(f[netFixed:], n.E[s][:])
	return f
}
