package tournament

import (
	"fmt"
	"io"
	"time"

	"github.com/boardlab/boardlab/internal/plural"
)

// Pairings lists the games of a tournament of n bots in the spec's order: for each pair
// i < j, first i as X against j, then j as X against i.
func Pairings(n int) [][2]int {
	var ps [][2]int
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			ps = append(ps, [2]int{i, j}, [2]int{j, i})
		}
	}
	return ps
}

// Standing is one bot's line of the report.
type Standing struct {
	Name    string
	Wins    int
	Illegal int
	Points  int
	// Disqualified, when not empty, says where and why the bot was removed from the
	// tournament ("in game 9, turn 1: ...").
	Disqualified string
}

// Standings accumulates finished games into per-bot totals.
type Standings []Standing

// NewStandings returns empty standings for the named bots.
func NewStandings(names []string) Standings {
	s := make(Standings, len(names))
	for i, n := range names {
		s[i].Name = n
	}
	return s
}

// Add counts a finished game whose X and O are bot numbers (from 1).
func (s Standings) Add(r *Result) {
	for side, b := range [2]int{r.X - 1, r.O - 1} {
		s[b].Illegal += r.Invalid[side]
		s[b].Points += r.Points[side]
	}
	switch r.Result {
	case "X":
		s[r.X-1].Wins++
	case "O":
		s[r.O-1].Wins++
	}
}

// Report writes the spec's report: one line per bot in instructions order, a line per
// disqualified bot, then the timing line.
func (s Standings) Report(w io.Writer, elapsed time.Duration) {
	for i, b := range s {
		fmt.Fprintf(w, "Bot %d, %s, has %s and made %s, for a total of %s.\n",
			i+1, b.Name, plural.Of(b.Wins, "win"), plural.Of(b.Illegal, "illegal move"), plural.Of(b.Points, "point"))
	}
	for i, b := range s {
		if b.Disqualified != "" {
			fmt.Fprintf(w, "Bot %d, %s, was disqualified %s.\n", i+1, b.Name, b.Disqualified)
		}
	}
	fmt.Fprintf(w, "With %s, this program took %.3f seconds to finish.\n", plural.Of(len(s), "bot"), elapsed.Seconds())
}
