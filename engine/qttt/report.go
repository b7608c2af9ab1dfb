package qttt

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"
)

// Solution is a solved position as it is reported: the record that reaches it, the
// Result of solving it, the optimal moves and the principal variation in record
// notation, and the score where that line ends.
type Solution struct {
	Record string
	Result
	BestText []string // Best in record notation: moves, or measurement numbers
	PVText   string   // PV in record notation, "" when the game is over
	Score    Score    // the score at the end of PV
}

// NewSolution describes r, the result of solving p, the position record reaches.
func NewSolution(record string, p Position, r Result) Solution {
	s := Solution{Record: strings.TrimSpace(record), Result: r, BestText: []string{}, PVText: FormatPV(r.PV)}
	for _, ch := range r.Best {
		if p.Pending() != 0 {
			s.BestText = append(s.BestText, fmt.Sprint(ch.Mark))
		} else {
			s.BestText = append(s.BestText, ch.Move.String())
		}
	}
	end, _ := ReplayOpen([]byte(record+" "+s.PVText), nil)
	s.Score = end.Score()
	return s
}

// WriteText writes s as "key value" lines (value, best, pv, score, nodes, time), then
// the total work with cpu, the process's CPU time for it.
func (s Solution) WriteText(w io.Writer, cpu time.Duration) error {
	_, err := fmt.Fprintf(w, "value %s\nbest %s\npv %s\nscore %s\nnodes %d\ntime %v\n"+
		"total %d nodes, %v with the line and best moves (%.3g nodes/s), cpu %v\n",
		FormatHalves(s.Value), orDash(strings.Join(s.BestText, " ")), orDash(s.PVText), s.Score, s.Nodes,
		s.Elapsed.Round(time.Microsecond), s.TotalNodes, s.TotalTime.Round(time.Microsecond),
		float64(s.TotalNodes)/s.TotalTime.Seconds(), cpu.Round(time.Millisecond))
	return err
}

// MarshalJSON writes s as one object: record, value (in points), best, pv, score, nodes,
// seconds, total_nodes and total_seconds.
func (s Solution) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Record     string   `json:"record"`
		Value      float64  `json:"value"`
		Best       []string `json:"best"`
		PV         string   `json:"pv"`
		Score      string   `json:"score"`
		Nodes      uint64   `json:"nodes"`
		Seconds    float64  `json:"seconds"`
		TotalNodes uint64   `json:"total_nodes"`
		TotalSecs  float64  `json:"total_seconds"`
	}{s.Record, float64(s.Value) / 2, s.BestText, s.PVText, s.Score.String(), s.Nodes, s.Elapsed.Seconds(), s.TotalNodes, s.TotalTime.Seconds()})
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// WritePerft writes the perft counts of p to w: "i COUNT" for each depth i from 1 to d
// ("0 1" for d = 0), or with divide the count of depth d below each first move ("MOVE
// COUNT", or "MOVE MARK COUNT" for each measurement choice) and then "d COUNT". count is
// Perft or a PerftHasher's Perft; progress, when not nil, is told the depth being
// counted and how many of its first moves are done. It returns the sequences counted.
func WritePerft(ctx context.Context, w io.Writer, count func(context.Context, *Position, int) (uint64, error), p *Position, d int,
	divide bool, progress func(depth, done, total int)) (uint64, error) {
	at := func(depth int) func(done, total int) {
		if progress == nil {
			return nil
		}
		return func(done, total int) { progress(depth, done, total) }
	}
	if divide {
		each := func(m Move, mark int, n uint64) {
			if mark == 0 {
				fmt.Fprintf(w, "%s %d\n", m, n)
			} else {
				fmt.Fprintf(w, "%s %d %d\n", m, mark, n)
			}
		}
		total, err := Divide(ctx, count, p, d, each, at(d))
		if err == nil {
			fmt.Fprintf(w, "%d %d\n", d, total)
		}
		return total, err
	}
	var total uint64
	for i := 1; i <= d; i++ {
		n, err := Divide(ctx, count, p, i, nil, at(i))
		if err != nil {
			return total, err
		}
		total += n
		fmt.Fprintf(w, "%d %d\n", i, n)
	}
	if d == 0 {
		fmt.Fprintln(w, "0 1")
	}
	return total, nil
}
