package bulk_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/goban/bulk"
)

// TestScoreRules: under Rules "record" each game of a collection is counted by its RU[],
// and the summary counts lists the games whose RE differs, in order.
func TestScoreRules(t *testing.T) {
	game := "(;GM[1]SZ[9]KM[0.5]RU[Japanese]RE[B+9.5]AB[ea:ei]AW[fa:fi][be];B[];W[])\n"
	coll := strings.Repeat(game, 3) + strings.Replace(game, "RE[B+9.5]", "RE[W+1.5]", 1) + strings.Replace(game, "Japanese", "Chinese", 1)
	var out bytes.Buffer
	st, err := bulk.WriteScores(context.Background(), paths("-"), strings.NewReader(coll), &out, bulk.Options{Rules: "record", Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	want := "-#1\tB+9.5\n-#2\tB+9.5\n-#3\tB+9.5\n-#4\tB+9.5\n-#5\tB+8.5\n"
	if out.String() != want {
		t.Errorf("results %q, want %q", out.String(), want)
	}
	if st.Agree != 3 || st.Rules != "record" || len(st.Differs) != 2 ||
		st.Differs[0] != "-#4: RE W+1.5, counted B+9.5 (japanese)" || st.Differs[1] != "-#5: RE B+9.5, counted B+8.5 (chinese)" {
		t.Errorf("stats %+v", st)
	}
}
