// Package utttest holds helpers shared by the tests and benchmarks of the uttt packages.
package utttest

import (
	"math/rand/v2"

	"github.com/boardlab/boardlab/engine/uttt"
)

// RandomPositions returns n ongoing positions after random openings of minPlies to 59
// plies, the same ones for the same seed.
func RandomPositions(seed uint64, n, minPlies int) []uttt.Position {
	rng := rand.New(rand.NewPCG(seed, 7))
	var out []uttt.Position
	for len(out) < n {
		p := uttt.Start()
		plies := minPlies + rng.IntN(60-minPlies)
		for range plies {
			var buf [81]uttt.Move
			k := p.Moves(&buf)
			if k == 0 {
				break
			}
			p = p.Play(buf[rng.IntN(k)])
		}
		if p.Status() == uttt.Ongoing {
			out = append(out, p)
		}
	}
	return out
}
