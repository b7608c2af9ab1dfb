package v1

import (
	"context"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/search"
)

// v1Golden are depth-7 searches (1 MB table) of the engine's first version, recorded
// when this copy was made: the frozen engine must keep finding the same move, score
// and node count.
var v1Golden = []struct {
	moves string
	move  Move
	score int
	nodes uint64
}{
	{"[50 07 78 82 21 15 54 40 06 67 73 34 44 43 31 14 41 16 68 80 01 10 04]", 42, 230, 4066},
	{"[75 52 22 20 04 41 17 70 05]", 48, 13, 7425},
	{"[72 25 54 43 34 45 51 16 63 30 03 32 21 11 10 05 55 56 60 07 71 18 87]", 63, 85, 3990},
	{"[30 04 44 42 22 25 52 20 02 27 76 67 74 45 50 00]", 8, 102, 5321},
	{"[20 02 21 12 27 71 15 54 47 75 52 25 53]", 34, 43, 10070},
	{"[60 07 77 70 02 24 45 50 01 11 13 37 76 61 18 81 17 74 48 85]", 48, 177, 6987},
	{"[75 53 31 16 63 32 20 05 52 28 81 15 55 58 84 47 73 35 54 41 11 18]", 79, 261, 3013},
	{"[50 01 14 47 76 67 75 58 86 68 83 31 12]", 19, 102, 9012},
	{"[74 48 85 52 21 10 00]", 6, 72, 17766},
	{"[62 28 84 40 00 07 75 57 78]", 74, 19, 4929},
	{"[38 85 58 84 42 23 31 13]", 30, 134, 6609},
	{"[83 34 48 86 68 82 25 53 37 73 31 13 36 62 20 06 61 12 23 33 30 05 57 72 22 27 76]", 58, 214, 4243},
}

func TestFrozenAsAt82f0469(t *testing.T) {
	for _, g := range v1Golden {
		p, err := uttt.ParseMoves(strings.Fields(strings.Trim(g.moves, "[]")))
		if err != nil {
			t.Fatal(err)
		}
		r := NewEngine(1).Search(context.Background(), p, Limits{Depth: 7})
		if r.Move != g.move || r.Score != g.score || r.Nodes != g.nodes {
			t.Errorf("%s: move %v score %d nodes %d, want %v %d %d", g.moves, r.Move, r.Score, r.Nodes, g.move, g.score, g.nodes)
		}
	}
}

// TestV1WeightsEvaluateAsV1 checks that the current evaluation with uttt.V1Weights (and
// the new terms at zero) equals the frozen one.
func TestV1WeightsEvaluateAsV1(t *testing.T) {
	lin := search.NewLinear(search.V1Weights, nil)
	n := 0
	for game := uint64(0); n < 3000; game++ {
		p := uttt.Start()
		r := game*0x9E3779B97F4A7C15 + 1
		for p.Status() == Ongoing {
			if got, want := lin.Evaluate(&p), Evaluate(&p); got != want {
				t.Fatalf("%s: Evaluate %d, v1 %d", p.String(), got, want)
			}
			n++
			var buf [81]Move
			k := p.Moves(&buf)
			r ^= r << 13
			r ^= r >> 7
			r ^= r << 17
			p = p.Play(buf[r%uint64(k)])
		}
	}
}

// TestLinesThrough checks the literal table against lines.
func TestLinesThrough(t *testing.T) {
	for b := range 9 {
		k := 0
		for i, l := range lines {
			if l>>b&1 != 0 {
				if linesThrough[b][k] != int8(i) {
					t.Fatalf("linesThrough[%d][%d] = %d, want %d", b, k, linesThrough[b][k], i)
				}
				k++
			}
		}
		for ; k < 5; k++ {
			if linesThrough[b][k] != -1 {
				t.Fatalf("linesThrough[%d][%d] = %d, want -1", b, k, linesThrough[b][k])
			}
		}
	}
}
