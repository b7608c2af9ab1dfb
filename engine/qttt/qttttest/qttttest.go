// Package qttttest generates quantum tic-tac-toe inputs for the tests and benchmarks of
// the qttt packages and the CLI.
package qttttest

import (
	"math/rand/v2"
	"strings"

	"github.com/boardlab/boardlab/engine/qttt"
)

// Records returns n lines of random quantum tic-tac-toe games ("RECORD<TAB>X O",
// some without the score) with blank and bad lines mixed in, the same for the same seed.
func Records(n int, seed uint64) string {
	rng := rand.New(rand.NewPCG(seed, 1))
	var b strings.Builder
	var buf []byte
	for i := 0; i < n; i++ {
		switch rng.IntN(20) {
		case 0:
			b.WriteString("\n")
			continue
		case 1:
			b.WriteString("AB ZZ\n")
			continue
		case 2:
			b.WriteString("AB BE DE AE\t0 0\n")
			continue
		case 3:
			b.WriteString("AB\t1 0\n")
			continue
		}
		var p qttt.Position
		buf, p = qttt.RandomGame(rng, buf[:0])
		b.Write(buf)
		if rng.IntN(2) == 0 {
			b.WriteString("\t")
			b.WriteString(p.Score().String())
		}
		b.WriteString("\n")
	}
	return b.String()
}
