package zoo

import (
	"context"
	"testing"

	"github.com/boardlab/boardlab/internal/machine"
)

func benchBot(b *testing.B, bot Bot) {
	machine.LogOnce(b.Logf)
	ps := randomPositions(200, 5)
	rng := NewRNG(1)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := ps[i%len(ps)]
		bot.Move(context.Background(), &p, &rng)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}

func BenchmarkRandom(b *testing.B)   { benchBot(b, Random{}) }
func BenchmarkNaive(b *testing.B)    { benchBot(b, Naive{}) }
func BenchmarkDepth4(b *testing.B)   { benchBot(b, Depth{N: 4}) }
func BenchmarkEngineD2(b *testing.B) { benchBot(b, NewEngine(0, 2)) }
