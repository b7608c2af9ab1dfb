package bot

import (
	"testing"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
)

// TestAIGamesBankPolicy plays the time-bank policy (Allot) on a fake clock: a judge
// takes each move's time from the bank and adds time_per_move back. Spending what it
// allots, the bot uses most of the bank over a 50-ply game instead of hoarding it, and
// at least time_per_move a move when the bank allows; spending the most it allows
// plus a reply 30 ms late every move, it never runs out in 40 moves.
func TestAIGamesBankPolicy(t *testing.T) {
	const late = 30 * time.Millisecond
	for _, c := range []struct{ timebank, perMove time.Duration }{
		{10 * time.Second, 500 * time.Millisecond},
		{2 * time.Second, 100 * time.Millisecond},
		{500 * time.Millisecond, 100 * time.Millisecond},
		{100 * time.Millisecond, 100 * time.Millisecond},
	} {
		bank, worst := c.timebank, c.timebank
		var allotted time.Duration
		for move := range 40 {
			plies := 2 * move
			target, most := Allot(bank, c.perMove, plies, 0)
			if target <= 0 || most < target {
				t.Fatalf("%+v, bank %v: target %v, most %v", c, bank, target, most)
			}
			allotted += target
			bank = min(bank-target+c.perMove, c.timebank)
			if move == 24 && bank > max(c.timebank/4, 3*c.perMove) {
				t.Errorf("%+v: %v of the bank left after 25 moves: it is hoarded", c, bank)
			}
			_, wmost := Allot(worst, c.perMove, plies, 0)
			if worst -= wmost + late; worst <= 0 {
				t.Fatalf("%+v: move %d spending the most allowed (%v) plus %v runs out of the bank", c, move, wmost, late)
			}
			worst = min(worst+c.perMove, c.timebank)
		}
		if mean := allotted / 40; c.timebank >= 4*c.perMove && mean < c.perMove-aiMargin {
			t.Errorf("%+v: %v a move allotted, less than time_per_move", c, mean)
		}
	}
}

func TestAIGamesBudget(t *testing.T) {
	s := &aiSession{perMove: 500 * time.Millisecond}
	p := uttt.Start()
	if b := s.budget(&p, 10*time.Second); b < 500*time.Millisecond || b > 2*time.Second {
		t.Errorf("budget with a full bank: %v", b)
	}
	if b := s.budget(&p, 100*time.Millisecond); b > 50*time.Millisecond || b <= 0 {
		t.Errorf("budget with a low bank: %v", b)
	}
	s.maxTime = 20 * time.Millisecond
	if b := s.budget(&p, 10*time.Second); b != 20*time.Millisecond {
		t.Errorf("--max-time: %v", b)
	}
}
