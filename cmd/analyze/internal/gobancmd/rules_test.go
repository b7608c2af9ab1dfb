package gobancmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// deadStoneSGF: black's wall on column e, white's on f, and a dead white stone at b5 in
// black's area; both passed.
const deadStoneSGF = "(;GM[1]FF[4]SZ[9]KM[0.5]RU[Chinese]RE[B+8.5]AB[ea:ei]AW[fa:fi][be];B[];W[])"

func TestScoreRules(t *testing.T) {
	dir := t.TempDir()
	game := filepath.Join(dir, "dead.sgf")
	other := filepath.Join(dir, "other.sgf")
	if err := os.WriteFile(game, []byte(deadStoneSGF), 0o644); err != nil {
		t.Fatal(err)
	}
	// other's RE is a count under komi 0.5 (B+3 would not be: nocount) that differs.
	if err := os.WriteFile(other, []byte(strings.Replace(deadStoneSGF, "RE[B+8.5]", "RE[B+3.5]", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"score", game}, "W+28.5\n"}, // Tromp-Taylor: the white stone keeps black's area neutral
		{[]string{"score", "--rules", "record", game}, "B+8.5\n"},
		{[]string{"score", "--rules", "area", game}, "B+8.5\n"},
		{[]string{"score", "--rules", "territory", game}, "B+9.5\n"},
		{[]string{"score", "--rules", "japanese", "--komi", "6.5", game}, "B+3.5\n"},
	} {
		o, e, code := run(t, "", c.args...)
		if code != 0 || o != c.want {
			t.Errorf("%v: %q (exit %d, %s), want %q", c.args, o, code, e, c.want)
		}
	}
	o, _, _ := run(t, "", "score", "--rules", "record", "--json", game)
	for _, want := range []string{`"result":"B+8.5"`, `"rules":"chinese"`, `"dead_white":["be"]`, `"dead_black":[]`,
		`"prisoners_black":1`, `"territory_black":36`, `"score_white":36.5`, `"re_agrees":true`} {
		if !strings.Contains(o, want) {
			t.Errorf("--json lacks %s:\n%s", want, o)
		}
	}
	o, _, _ = run(t, "", "score", "--rules", "area", "--map", game)
	if lines := strings.Split(o, "\n"); len(lines) < 6 || lines[5] != "x @ x x X O o o o" {
		t.Errorf("--map row 5: want the dead stone as @:\n%s", o)
	}
	_, e, code := run(t, "", "score", "--rules", "record", "--summary", game, other)
	for _, want := range []string{"1 agree with the count under --rules record", "differs: " + other + ": RE B+3.5, counted B+8.5 (chinese)"} {
		if !strings.Contains(e, want) {
			t.Errorf("--summary lacks %q:\n%s", want, e)
		}
	}
	if code != 0 {
		t.Errorf("--summary: exit %d", code)
	}
	svg := filepath.Join(dir, "svg")
	if _, e, code := run(t, "", "score", "--rules", "area", "--svg", svg, game); code != 0 {
		t.Fatalf("--svg: exit %d: %s", code, e)
	}
	pics, _ := filepath.Glob(filepath.Join(svg, "*.svg"))
	if len(pics) != 1 {
		t.Fatalf("--svg: pictures %v, want one", pics)
	}
	if b, err := os.ReadFile(pics[0]); err != nil || !strings.Contains(string(b), "dead stones crossed") || !strings.Contains(string(b), "#d02020") {
		t.Errorf("--svg picture: %v, want the dead stone crossed", err)
	}
	for _, args := range [][]string{
		{"score", "--rules", "bogus", game},
		{"score", "--rules", "area", "--lines", game},
		{"score", "--playouts", "-1", game},
	} {
		if _, e, code := run(t, "", args...); code != 2 || !strings.Contains(e, "--") {
			t.Errorf("%v: exit %d, %q; want a usage error", args, code, e)
		}
	}
}

// TestScoreNoCount: an RE whose margin no count can end with under the komi (Fox's
// RE[B+0.0] at komi 7.5) is not compared, under Tromp-Taylor and under --rules alike;
// the summary counts it as no count and --json says why.
func TestScoreNoCount(t *testing.T) {
	dir := t.TempDir()
	game := filepath.Join(dir, "zero.sgf")
	if err := os.WriteFile(game, []byte(strings.Replace(deadStoneSGF, "RE[B+8.5]", "RE[B+0.0]", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, rules := range []string{"tromp-taylor", "record", "territory"} {
		_, e, code := run(t, "", "score", "--rules", rules, "--summary", game)
		if code != 0 || !strings.Contains(e, "RE comparable in 0 games: 0 agree") || !strings.Contains(e, "1 no count (a win by 0, or not by whole or half points), 0 other") {
			t.Errorf("--rules %s --summary: exit %d:\n%s", rules, code, e)
		}
		o, _, _ := run(t, "", "score", "--rules", rules, "--json", game)
		for _, want := range []string{`"re_kind":"nocount"`, `"re_agrees":null`, `"re_not_comparable":"no count: a win by 0, or not by whole or half points"`} {
			if !strings.Contains(o, want) {
				t.Errorf("--rules %s --json lacks %s:\n%s", rules, want, o)
			}
		}
	}
	_, e, _ := run(t, "", "score", "--summary", "--json", game)
	if !strings.Contains(e, `"re_no_count":1`) {
		t.Errorf("--summary --json lacks re_no_count: %s", e)
	}
}
