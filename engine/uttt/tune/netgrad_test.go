package tune

import (
	"math"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/internal/utttest"
	"github.com/boardlab/boardlab/engine/uttt/search"
)

// TestNetGradient compares netGradient with central differences of the log-loss on
// parameters of every kind (output bias and weights, linear weight, first-layer rows of
// a board's features and embedding, master lines, the board to play in, extras, hidden
// biases) over positions with forced and free moves.
func TestNetGradient(t *testing.T) {
	n := search.RandomFloatNet(460, 9)
	for j := range n.W2 {
		n.W2[j] = float32(j%5-2) * 0.3 // a non-zero output layer, so every weight matters
	}
	n.C = 0.1
	for s := range n.E {
		n.E[s][1] = 0.2
	}
	loss := func(in *search.NetInput, y float64) float64 {
		p := search.Expected(n.Forward(in), float64(n.K))
		return -(y*math.Log(p) + (1-y)*math.Log(1-p))
	}
	checked := 0
	for i, p := range utttest.RandomPositions(5, 12, 14) {
		if p.Status() != uttt.Ongoing {
			continue
		}
		in := search.NetInputOf(&p)
		y := float32(i%3) / 2
		var g search.FloatNet
		got := netGradient(n, &in, y, &g)
		if want := loss(&in, float64(y)); math.Abs(got-want) > 1e-9 {
			t.Fatalf("%s: loss %v, want %v", &p, got, want)
		}
		var d0 int
		for d := range n.Features(in.Board(0)) {
			d0 = d
			break
		}
		var x0 int
		var buf [3]int
		x0 = in.Extras(&buf)[0]
		ln := in.Lines()
		params := []struct {
			name string
			w, g *float32
		}{
			{"C", &n.C, &g.C},
			{"A", &n.A, &g.A},
			{"W2[3]", &n.W2[3], &g.W2[3]},
			{"B1[4]", &n.B1[4], &g.B1[4]},
			{"W1[0][first feature][4]", &n.W1[0][d0][4], &g.W1[0][d0][4]},
			{"E[board 2][1]", &n.E[in.Board(2)][1], &g.E[in.Board(2)][1]},
			{"WL[5][state][4]", &n.WL[5][ln[5]][4], &g.WL[5][ln[5]][4]},
			{"WX[extra][4]", &n.WX[x0][4], &g.WX[x0][4]},
			{"WX[empties][4]", &n.WX[len(n.WX)-1][4], &g.WX[len(g.WX)-1][4]},
		}
		if f := in.Forced(); f >= 0 {
			for d := range search.FixedFeatures(in.Board(f)) {
				params = append(params, struct {
					name string
					w, g *float32
				}{"WF[first feature][4]", &n.WF[d][4], &g.WF[d][4]})
				break
			}
		}
		for _, c := range params {
			w0 := *c.w
			const eps = 1e-2
			*c.w = w0 + eps
			lp := loss(&in, float64(y))
			*c.w = w0 - eps
			lm := loss(&in, float64(y))
			*c.w = w0
			num := (lp - lm) / (2 * eps)
			if math.Abs(num-float64(*c.g)) > 1e-3+0.02*math.Abs(num) {
				t.Errorf("%s: d loss/d %s = %v, central difference %v", &p, c.name, *c.g, num)
			}
			checked++
		}
	}
	if checked < 50 {
		t.Fatalf("only %d derivatives checked", checked)
	}
}
