package search

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
)

func TestResultText(t *testing.T) {
	for _, c := range []struct {
		score int
		exact bool
		want  string
	}{
		{ScoreWin - 7, true, "29993 (win in 7 plies)"},
		{-ScoreWin + 4, true, "-29996 (loss in 4 plies)"},
		{0, true, "0 (proven)"},
		{-35, false, "-35"},
	} {
		if got := ScoreText(c.score, c.exact); got != c.want {
			t.Errorf("ScoreText(%d, %v) = %q, want %q", c.score, c.exact, got, c.want)
		}
	}
	r := Result{Move: uttt.NewMove(4, 4), Score: 12, Depth: 3, Nodes: 3000, Time: 1500 * time.Microsecond,
		PV: []uttt.Move{uttt.NewMove(4, 4), uttt.NewMove(4, 0)}}
	if r.NPS() != 2000000 || (Result{Nodes: 5}).NPS() != 0 {
		t.Errorf("NPS %d", r.NPS())
	}
	if got, want := r.DepthText(), "depth  3  score 12                       nodes        3000  nps    2000000  time      1.5ms  pv 44 40\n"; got != want {
		t.Errorf("DepthText:\n%q\nwant\n%q", got, want)
	}
	if got, want := r.Text(), "bestmove 44\nscore 12\ndepth 3\nnodes 3000\nnodes/s 2000000\ntime 1.5ms\npv 44 40\n"; got != want {
		t.Errorf("Text:\n%q\nwant\n%q", got, want)
	}
	b, _ := json.Marshal(r.JSON(true))
	if want := `{"final":true,"move":"44","score":12,"exact":false,"depth":3,"nodes":3000,"nps":2000000,"time_ms":1.5,"pv":["44","40"]}`; string(b) != want {
		t.Errorf("JSON:\n%s\nwant\n%s", b, want)
	}
	if b, _ := json.Marshal((Result{Move: uttt.NoMove}).JSON(false)); string(b) != `{"move":"`+uttt.NoMove.String()+`","score":0,"exact":false,"depth":0,"nodes":0,"nps":0,"time_ms":0,"pv":[]}` {
		t.Errorf("empty JSON: %s", b)
	}
}
