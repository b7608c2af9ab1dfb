package tune

import (
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/internal/utttest"
	"github.com/boardlab/boardlab/engine/uttt/search"
)

// BenchmarkNetGradient measures the training's inner step, the gradient of one
// sample, over 256 positions of random games.
func BenchmarkNetGradient(b *testing.B) {
	var ins []search.NetInput
	for _, p := range utttest.RandomPositions(7, 256, 10) {
		if p.Status() == uttt.Ongoing {
			ins = append(ins, search.NetInputOf(&p))
		}
	}
	n := search.RandomFloatNet(460, 2)
	var g search.FloatNet
	b.ReportAllocs()
	samples := 0
	for b.Loop() {
		for i := range ins {
			netGradient(n, &ins[i], 0.5, &g)
		}
		samples += len(ins)
	}
	b.ReportMetric(float64(samples)/b.Elapsed().Seconds(), "samples/s")
}
