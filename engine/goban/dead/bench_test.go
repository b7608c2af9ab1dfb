package dead_test

import (
	"path/filepath"
	"sort"
	"testing"

	"github.com/boardlab/boardlab/engine/goban/dead"
	"github.com/boardlab/boardlab/engine/goban/sgf"
)

// replayed is a record parsed and replayed, ready to count.
type replayed struct {
	name string
	g    sgf.Game
	rp   sgf.Replay
}

func replayAll(tb testing.TB, recs map[string][]byte) []*replayed {
	var out []*replayed
	for n, data := range recs {
		r := &replayed{name: n}
		var p sgf.Parser
		p.Reset(data)
		if err := p.Next(&r.g); err != nil {
			tb.Fatal(n, err)
		}
		if err := r.rp.Play(&r.g); err != nil {
			tb.Fatal(n, err)
		}
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// countAll counts every record by its RU[] (area rules without one), the dead stones
// estimated with the default options.
func countAll(s *dead.Scorer, games []*replayed, leads []float64) {
	for i, r := range games {
		rules, _ := dead.RecordRules(&r.g, dead.RulesArea)
		leads[i] = s.ScoreGame(&r.g, &r.rp, rules, dead.RecordKomi(&r.g), dead.Options{Seed: 1}).Lead
	}
}

// BenchmarkCountSample: the dead-stone estimate and count of the records of
// testdata/counted, replayed beforehand, in games per second.
func BenchmarkCountSample(b *testing.B) {
	games := replayAll(b, counted(b, filepath.Join("testdata", "counted")))
	leads := make([]float64, len(games))
	var s dead.Scorer
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		countAll(&s, games, leads)
	}
	b.ReportMetric(float64(b.N*len(games))/b.Elapsed().Seconds(), "games/s")
}
