package tune

import (
	"bytes"
	"context"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/search"
)

func TestParsePliesAndCandidates(t *testing.T) {
	if ps, err := ParsePlies("12, 24,0"); err != nil || !reflect.DeepEqual(ps, []int{12, 24, 0}) {
		t.Errorf("ParsePlies: %v, %v", ps, err)
	}
	for _, bad := range []string{"", "81", "1,x", "-1"} {
		if _, err := ParsePlies(bad); err == nil || !strings.Contains(err.Error(), "want plies 0..80") {
			t.Errorf("ParsePlies(%q): %v", bad, err)
		}
	}
	cands, err := ParseCandidates([]string{"reductions=false", "weights=v1"})
	if err != nil || len(cands) != 2 || cands[0].Name != "reductions=false" || cands[1].Linear == nil {
		t.Fatalf("ParseCandidates: %+v, %v", cands, err)
	}
	if _, err := ParseCandidates([]string{"nosuch=1"}); err == nil || !strings.HasPrefix(err.Error(), `"nosuch=1": `) {
		t.Errorf("a bad spec: %v", err)
	}
}

func TestReports(t *testing.T) {
	cands, _ := ParseCandidates([]string{"reductions=false"})
	var b bytes.Buffer
	if err := MatchReport(context.Background(), &b, cands, search.EvalLinear, 2, 50, 5, 2); err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^reductions=false +[012]\.[05] / 2 \(\d+\.\d%\)\n$`).MatchString(b.String()) {
		t.Errorf("MatchReport: %q", b.String())
	}
	positions := []uttt.Position{uttt.Start()}
	b.Reset()
	if err := TreeReport(context.Background(), &b, positions, cands, 3, 1); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 3 || lines[0] != "1 positions to depth 3" || !strings.HasPrefix(lines[1], "default ") || !strings.Contains(lines[2], "%), 0 proven") {
		t.Errorf("TreeReport:\n%s", b.String())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := MatchReport(ctx, &b, cands, search.EvalLinear, 2, 50, 5, 1); err == nil {
		t.Error("a cancelled match returned no error")
	}
}
