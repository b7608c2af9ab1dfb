package utttcmd

import (
	"context"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/selfplay"
	"github.com/boardlab/boardlab/engine/uttt/selfplay/record"
	"github.com/boardlab/boardlab/engine/uttt/stats"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
)

func TestParseSPRT(t *testing.T) {
	s, err := parseSPRT(" -1.5, 5")
	if err != nil || *s != (stats.SPRT{Elo0: -1.5, Elo1: 5, Alpha: 0.05, Beta: 0.05}) {
		t.Fatalf("parseSPRT: %+v, %v", s, err)
	}
	for in, want := range map[string]string{
		"5":       "want ELO0,ELO1",
		"5,0":     "want two numbers ELO0 < ELO1",
		"a,1":     "want two numbers",
		"0,Inf":   "want two finite numbers",
		"NaN,100": "want two finite numbers",
		"0,1e300": "want two numbers ELO0 < ELO1 in -1000..1000",
		"-1001,0": "want two numbers ELO0 < ELO1 in -1000..1000",
	} {
		if _, err := parseSPRT(in); err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), in) {
			t.Errorf("parseSPRT(%q): %v, want %q", in, err, want)
		}
	}
}

func TestDescribeGame(t *testing.T) {
	m := &selfplay.Match{A: zoo.Naive{}, B: zoo.Random{}, Seed: 1, Openings: 2}
	for i := 0; i < 2; i++ {
		g, err := m.Play(context.Background(), i)
		if err != nil {
			t.Fatal(err)
		}
		var ms []uttt.Move
		p := uttt.Start()
		for _, f := range strings.Fields(g.Moves) {
			mv, _ := uttt.ParseMove(f)
			ms = append(ms, mv)
			p = p.Play(mv)
		}
		score := map[string]uint8{"X": 2, "O": 0, "draw": 1}[g.Result]
		if !record.AFirst(i) && score != 1 {
			score = 2 - score
		}
		text := describeGame(m, i, ms, record.Result{Score2: score}, false)
		x, o := "a naive", "b random"
		if i == 1 {
			x, o = o, x
		}
		head := "game " + string(rune('0'+i)) + ": X " + x + ", O " + o + ": "
		if !strings.HasPrefix(text, head) || !strings.Contains(text, "\nmoves: "+g.Moves+"\n") || !strings.HasSuffix(text, uttt.Display(&p, false)+"\n") {
			t.Errorf("game %d:\n%s", i, text)
		}
	}
	// A game ended by an invalid answer names the side that forfeited.
	text := describeGame(m, 0, []uttt.Move{uttt.NewMove(4, 4)}, record.Result{Score2: 2}, false)
	if !strings.Contains(text, "O forfeited (an invalid answer) in 1 ply (a won)") {
		t.Errorf("forfeit:\n%s", text)
	}
}
