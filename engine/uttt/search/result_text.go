package search

import (
	"fmt"
	"strings"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
)

// NPS is the search's speed in nodes per second (0 when it took no time).
func (r Result) NPS() uint64 {
	if r.Time <= 0 {
		return 0
	}
	return uint64(float64(r.Nodes) / r.Time.Seconds())
}

// ScoreText writes a score for people: a proven win or loss with its distance in
// plies, a proven draw, or the evaluation.
func ScoreText(score int, exact bool) string {
	switch {
	case score >= ScoreWinMin:
		return fmt.Sprintf("%d (win in %d plies)", score, ScoreWin-score)
	case score <= -ScoreWinMin:
		return fmt.Sprintf("%d (loss in %d plies)", score, ScoreWin+score)
	case exact:
		return fmt.Sprintf("%d (proven)", score)
	}
	return fmt.Sprint(score)
}

// MovesText writes moves separated by spaces.
func MovesText(ms []uttt.Move) string {
	var b strings.Builder
	for i, m := range ms {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(m.String())
	}
	return b.String()
}

// DepthText is one line for people about a completed depth: depth, score, nodes,
// nodes/s, time and principal variation.
func (r Result) DepthText() string {
	return fmt.Sprintf("depth %2d  score %-24s nodes %11d  nps %10d  time %8.1fms  pv %s\n",
		r.Depth, ScoreText(r.Score, r.Exact), r.Nodes, r.NPS(), float64(r.Time.Microseconds())/1000, MovesText(r.PV))
}

// Text is the final result for people, one "name value" line each: best move, score,
// depth, nodes, nodes/s, time and principal variation.
func (r Result) Text() string {
	return fmt.Sprintf("bestmove %s\nscore %s\ndepth %d\nnodes %d\nnodes/s %d\ntime %v\npv %s\n",
		r.Move, ScoreText(r.Score, r.Exact), r.Depth, r.Nodes, r.NPS(), r.Time.Round(time.Microsecond), MovesText(r.PV))
}

// ResultJSON is a Result as one JSON object: a completed depth or, with Final, the
// search's result (Stopped says why it stopped early, if it did).
type ResultJSON struct {
	Final   bool     `json:"final,omitempty"`
	Move    string   `json:"move"`
	Score   int      `json:"score"`
	Exact   bool     `json:"exact"`
	Depth   int      `json:"depth"`
	Nodes   uint64   `json:"nodes"`
	NPS     uint64   `json:"nps"`
	TimeMS  float64  `json:"time_ms"`
	PV      []string `json:"pv"`
	Stopped string   `json:"stopped,omitempty"`
}

// JSON returns r as a ResultJSON.
func (r Result) JSON(final bool) ResultJSON {
	l := ResultJSON{Final: final, Move: r.Move.String(), Score: r.Score, Exact: r.Exact, Depth: r.Depth,
		Nodes: r.Nodes, NPS: r.NPS(), TimeMS: float64(r.Time.Microseconds()) / 1000, PV: []string{}}
	for _, m := range r.PV {
		l.PV = append(l.PV, m.String())
	}
	return l
}
