package tune

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/search"
)

// NamedCandidate is a candidate with the name it is reported under.
type NamedCandidate struct {
	Name string
	Candidate
}

// ParseCandidates reads candidate specs (ParseCandidate), each named by its spec; an
// error names the spec.
func ParseCandidates(specs []string) ([]NamedCandidate, error) {
	var cands []NamedCandidate
	for _, s := range specs {
		o, lin, err := ParseCandidate(s)
		if err != nil {
			return nil, fmt.Errorf("%q: %v", s, err)
		}
		cands = append(cands, NamedCandidate{s, Candidate{Tuning: o, Linear: lin}})
	}
	return cands, nil
}

// ParsePlies reads comma-separated ply counts, each 0..80.
func ParsePlies(s string) ([]int, error) {
	var ps []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 0 || n > 80 {
			return nil, fmt.Errorf("%q: want plies 0..80, comma-separated", s)
		}
		ps = append(ps, n)
	}
	return ps, nil
}

// MatchReport plays each candidate against the defaults (Match) and writes a line per
// candidate: its name, its points out of games and their percentage.
func MatchReport(ctx context.Context, w io.Writer, cands []NamedCandidate, eval string, games int, nodes, seed uint64, jobs int) error {
	for _, c := range cands {
		pts, err := Match(ctx, c.Candidate, eval, games, nodes, seed, jobs)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "%-30s %.1f / %d (%.1f%%)\n", c.Name, pts, games, 100*pts/float64(games))
	}
	return nil
}

// TreeReport searches positions to depth with the defaults and then with each
// candidate (TreeSize) and writes the nodes and the results proven of each, the
// candidates' nodes also as a change from the defaults'.
func TreeReport(ctx context.Context, w io.Writer, positions []uttt.Position, cands []NamedCandidate, depth, jobs int) error {
	cands = append([]NamedCandidate{{"default", Candidate{Tuning: search.DefaultTuning()}}}, cands...)
	var base uint64
	for i, c := range cands {
		n, proven, err := TreeSize(ctx, positions, c.Candidate, depth, jobs)
		if err != nil {
			return err
		}
		if i == 0 {
			base = n
			fmt.Fprintf(w, "%d positions to depth %d\n%-30s %d nodes, %d proven\n", len(positions), depth, c.Name, n, proven)
			continue
		}
		fmt.Fprintf(w, "%-30s %d nodes (%+.1f%%), %d proven\n", c.Name, n, 100*(float64(n)/float64(max(base, 1))-1), proven)
	}
	return nil
}
