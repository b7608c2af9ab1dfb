package qttt_test

import (
	"context"
	"fmt"

	"github.com/boardlab/boardlab/engine/qttt"
)

// Score game records (half points: X O), then solve the position one reaches.
func Example() {
	for _, rec := range []string{"AB", "AI EG BE EH DG AI 1 BC CE 3", "AE BF EI DH AI 1"} {
		s, err := qttt.ScoreRecord([]byte(rec))
		fmt.Println(s, err)
	}
	p, err := qttt.Replay([]byte("AE BF EI DH"), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := qttt.NewSolver(16).Solve(context.Background(), p, false)
	fmt.Println(qttt.FormatHalves(r.Value), qttt.FormatPV(r.PV), err)
	// Output:
	// 0 0 <nil>
	// 0.5 1 <nil>
	// 1 0 <nil>
	// 1 AB AB 6 GH DH 8 CC 9 <nil>
}
