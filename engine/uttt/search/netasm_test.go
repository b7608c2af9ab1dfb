package search

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/internal/utttest"
	"github.com/boardlab/boardlab/internal/asmtest"
)

// TestMain runs the tests a second time with the network's assembly kernels turned
// off, so that the Go path (the only one on other CPUs and under -tags purego) is
// checked on this machine too. Benchmarks and fuzzing run once, with the path the CPU
// gets.
func TestMain(m *testing.M) {
	netAsmCPU = netAsmEnabled()
	os.Exit(asmtest.RunBoth(m, &useNetAsm))
}

// netAsmCPU says whether the CPU runs the AVX2 kernels: with it, a test that finds
// useNetAsm off is in the second, Go-loop pass.
var netAsmCPU bool

// netKernelCase is one input of the network's row kernels.
type netKernelCase struct {
	acc, x1, x2, w2, fromO [NetHidden]int32
	cur, old, curO, oldO   [NetHidden]int16
	fr                     [NetHidden]int16 // the row of the board to play in
}

// checkNetKernels compares the kernels this machine runs (netUpdate, netOut) with the
// Go reference on c; on a machine without them it compares the Go path with itself.
func checkNetKernels(t *testing.T, name string, c *netKernelCase) {
	t.Helper()
	from := [2][NetHidden]int32{c.acc, c.fromO}
	var got, want [2][NetHidden]int32
	netUpdate(&got, &from, &c.old, &c.cur, &c.oldO, &c.curO)
	netUpdateGo(&want, &from, &c.old, &c.cur, &c.oldO, &c.curO)
	if got != want {
		t.Fatalf("%s: netUpdate (asm %v) %v, Go %v", name, useNetAsm, got, want)
	}
	out := netOutGo(&c.acc, &c.x1, &c.x2, &c.cur, &c.old, &c.fr, &c.w2)
	if g := netOut(&c.acc, &c.x1, &c.x2, &c.cur, &c.old, &c.fr, &c.w2); g != out {
		t.Fatalf("%s: netOut (asm %v) %d, Go %d", name, useNetAsm, g, out)
	}

	// The int16 kernels: the same inputs cut to int16 (wrapping).
	var from16, got16, want16 [2][NetHidden]int16
	var acc, x1, x2, w2 [NetHidden]int16
	fits := true
	for j := range NetHidden {
		from16[uttt.X][j], from16[uttt.O][j] = int16(c.acc[j]), int16(c.fromO[j])
		acc[j], x1[j], x2[j], w2[j] = int16(c.acc[j]), int16(c.x1[j]), int16(c.x2[j]), int16(c.w2[j])
		h := int64(c.acc[j]) + int64(c.x1[j]) + int64(c.x2[j]) + int64(c.cur[j]) - int64(c.old[j]) + int64(c.fr[j])
		fits = fits && h >= math.MinInt16 && h <= math.MaxInt16 && int32(w2[j]) == c.w2[j]
	}
	netUpdate16(&got16, &from16, &c.old, &c.cur, &c.oldO, &c.curO)
	netUpdate16Go(&want16, &from16, &c.old, &c.cur, &c.oldO, &c.curO)
	if got16 != want16 {
		t.Fatalf("%s: netUpdate16 (asm %v) %v, Go %v", name, useNetAsm, got16, want16)
	}
	for s := range want16 {
		for j := range want16[s] {
			if want16[s][j] != int16(want[s][j]) {
				t.Fatalf("%s: netUpdate16Go %v, netUpdateGo %v (mod 2^16)", name, want16, want)
			}
		}
	}
	out16 := netOut16Go(&acc, &x1, &x2, &c.cur, &c.old, &c.fr, &w2)
	if g := netOut16(&acc, &x1, &x2, &c.cur, &c.old, &c.fr, &w2); g != out16 {
		t.Fatalf("%s: netOut16 (asm %v) %d, Go %d", name, useNetAsm, g, out16)
	}
	if fits && out16 != out {
		t.Fatalf("%s: sums in the int16 range, netOut16Go %d, netOutGo %d", name, out16, out)
	}
}

// TestNetKernelsEqualGo checks the kernels against the Go loops on edge cases (sums at
// and around the clamp's bounds, extreme rows and weights, int32 wrap-around) and on
// random inputs.
func TestNetKernelsEqualGo(t *testing.T) {
	var c netKernelCase
	for j := range NetHidden {
		// Hidden sums around 0 and netQA, one lane per value.
		c.acc[j] = int32(j-4) * 37
		c.w2[j] = int32(j*1000 - 16000)
	}
	c.acc[30], c.acc[31] = netQA, netQA+1
	checkNetKernels(t, "clamp edges", &c)
	for j := range NetHidden {
		c.acc[j] = math.MaxInt16 - int32(j)
		c.x1[j] = -int32(j) * 1000
		c.cur[j], c.old[j] = int16(j), -int16(j)
	}
	checkNetKernels(t, "int16 edges", &c)
	for j := range NetHidden {
		c.fr[j] = int16(j%3-1) * (math.MaxInt16 - int16(j)) // fr alone moves the sum past an edge
	}
	checkNetKernels(t, "int16 edges with fr", &c)
	for j := range NetHidden {
		c.cur[j], c.old[j] = math.MaxInt16, math.MinInt16
		c.curO[j], c.oldO[j] = math.MinInt16, math.MaxInt16
		c.fr[j] = math.MaxInt16
		c.w2[j] = math.MinInt16
		if j&1 == 1 {
			c.w2[j] = math.MaxInt16
		}
	}
	checkNetKernels(t, "extreme rows", &c)
	for j := range NetHidden {
		c.acc[j], c.fromO[j] = math.MaxInt32-int32(j), math.MinInt32+int32(j)
		c.x1[j], c.x2[j] = int32(j), -int32(j)
		c.w2[j] = math.MaxInt32 - int32(j)
	}
	checkNetKernels(t, "wrap-around", &c)
	rng := rand.New(rand.NewPCG(13, 1))
	for i := range 2000 {
		c = netKernelCase{}
		scale := int32(1) << rng.IntN(17) // small sums land in the clamp's and int16's range
		for j := range NetHidden {
			c.acc[j] = rng.Int32N(4*scale) - scale
			c.fromO[j] = rng.Int32N(4*scale) - scale
			c.x1[j] = rng.Int32N(2*scale) - scale
			c.x2[j] = rng.Int32N(2*scale) - scale
			c.w2[j] = rng.Int32N(1<<16) - 1<<15
			c.cur[j], c.old[j] = int16(rng.Int32N(2*scale)-scale), int16(rng.Int32N(2*scale)-scale)
			if i&1 == 0 {
				c.cur[j], c.old[j] = int16(rng.Uint32()), int16(rng.Uint32())
			}
			c.curO[j], c.oldO[j] = int16(rng.Uint32()), int16(rng.Uint32())
			c.fr[j] = int16(rng.Int32N(2*scale) - scale)
		}
		checkNetKernels(t, fmt.Sprintf("random case %d", i), &c)
	}
}

// FuzzNetKernels feeds arbitrary rows and sums to the kernels: they must equal the Go
// loops exactly. The bytes fill the inputs in order (little-endian), the rest is zero.
func FuzzNetKernels(f *testing.F) {
	f.Add([]byte{0, 4, 0, 0, 1, 4, 0, 0, 255, 3})
	f.Add(make([]byte, 1000))
	f.Fuzz(func(t *testing.T, data []byte) {
		var c netKernelCase
		i32 := func(v *[NetHidden]int32) {
			for j := range v {
				if len(data) >= 4 {
					v[j] = int32(binary.LittleEndian.Uint32(data))
					data = data[4:]
				}
			}
		}
		i16 := func(v *[NetHidden]int16) {
			for j := range v {
				if len(data) >= 2 {
					v[j] = int16(binary.LittleEndian.Uint16(data))
					data = data[2:]
				}
			}
		}
		i32(&c.acc)
		i16(&c.cur)
		i16(&c.old)
		i32(&c.w2)
		i32(&c.x1)
		i32(&c.x2)
		i32(&c.fromO)
		i16(&c.curO)
		i16(&c.oldO)
		i16(&c.fr)
		checkNetKernels(t, "fuzz", &c)
	})
}

// TestNetSearchAsmEqualsGo checks that fixed-depth searches give the same move, score
// and node count with the assembly kernels and without, with the embedded network and
// with one of random weights.
func TestNetSearchAsmEqualsGo(t *testing.T) {
	if !netAsmEnabled() {
		t.Skip("no assembly kernels on this machine")
	}
	defer func() { useNetAsm = true }()
	depth := 10
	if testing.Short() {
		depth = 7
	}
	var nodes uint64
	for k, q := range []*Network{loadNet().nw, testNet(7).quantize()} {
		for _, p := range append(benchPositions(), utttest.RandomPositions(25, 6, 0)...) {
			var rs [2]Result
			for i := range rs {
				useNetAsm = i == 0
				e := newEngine(Options{TableBytes: 1 << 20, Network: q})
				rs[i] = e.Search(t.Context(), p, Limits{Depth: depth})
			}
			if rs[0].Move != rs[1].Move || rs[0].Score != rs[1].Score || rs[0].Nodes != rs[1].Nodes {
				t.Fatalf("net %d, %s: asm %v %d %d nodes, Go %v %d %d nodes", k, &p, rs[0].Move, rs[0].Score, rs[0].Nodes, rs[1].Move, rs[1].Score, rs[1].Nodes)
			}
			nodes += rs[0].Nodes
		}
	}
	t.Logf("%d nodes, depth %d", nodes, depth)
}

// TestEmbeddedNetSums checks that fixed-depth searches with the embedded network give
// the same move, score and node count with the sums the search keeps (int16 when the
// network's bound allows it, Network.fill16), with int32 sums and with sums from scratch.
// A network trained later may leave the int16 bound; the search is then as fast with
// int32 sums (docs/uttt-net.md), and TestNetFits16Bound covers that path.
func TestEmbeddedNetSums(t *testing.T) {
	emb := loadNet()
	if emb.err != nil {
		t.Fatal(emb.err)
	}
	q := emb.nw
	t.Logf("the embedded network's sums fit int16: %v", q.fits16)
	depth := 9
	if testing.Short() {
		depth = 6
	}
	for _, p := range append(benchPositions(), utttest.RandomPositions(26, 8, 0)...) {
		var rs [3]Result
		for i := range rs {
			e := newEngine(Options{TableBytes: 1 << 20, Eval: EvalNet})
			e.net32, e.netPlain = i == 1, i == 2
			rs[i] = e.Search(t.Context(), p, Limits{Depth: depth})
		}
		for i := 1; i < len(rs); i++ {
			if rs[0].Move != rs[i].Move || rs[0].Score != rs[i].Score || rs[0].Nodes != rs[i].Nodes {
				t.Fatalf("%s: kept sums %v %d %d nodes, %s %v %d %d nodes", &p, rs[0].Move, rs[0].Score, rs[0].Nodes,
					[]string{"", "int32 sums", "plain"}[i], rs[i].Move, rs[i].Score, rs[i].Nodes)
			}
		}
	}
}

// TestNetFits16Bound checks fill16 on a network whose sums overflow int16: it must say
// so, and the search then keeps int32 sums with the plain evaluation's results.
func TestNetFits16Bound(t *testing.T) {
	n := testNet(8)
	// A bias of 30 (30720/1024) and 2 per open line of each board (2048/1024 for a
	// board with its 8 lines open): the sums of the early positions pass 2^15.
	for j := range n.B1 {
		n.B1[j] = 30
		for b := range n.W1 {
			n.W1[b][0][j] = 2
		}
	}
	q := n.quantize()
	if q.fits16 {
		t.Fatal("fits16 holds for sums past 2^15")
	}
	for _, p := range append(utttest.RandomPositions(27, 4, 0), benchPositions()[:2]...) {
		var rs [2]Result
		for i := range rs {
			e := newEngine(Options{TableBytes: 1 << 20, Network: q})
			e.netPlain = i == 1
			rs[i] = e.Search(t.Context(), p, Limits{Depth: 5})
		}
		if rs[0].Move != rs[1].Move || rs[0].Score != rs[1].Score || rs[0].Nodes != rs[1].Nodes {
			t.Fatalf("%s: kept sums %v %d %d nodes, plain %v %d %d nodes", &p, rs[0].Move, rs[0].Score, rs[0].Nodes, rs[1].Move, rs[1].Score, rs[1].Nodes)
		}
	}
}
