package main

import (
	"os"
	"strings"
	"testing"
)

// TestUtttBadInputs: inputs the uttt commands cannot use are refused with a message
// naming what is wrong (exit 2 for a bad command line), and a protocol session goes on
// past a bad line, answering what follows it.
func TestUtttBadInputs(t *testing.T) {
	empty := strings.Fields("X --------- --------- --------- --------- --------- --------- --------- --------- --------- ---------")
	lastEmpty := `argument 12 (LAST) "44": tile 4 of board 4 is empty`
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"uttt", "selfplay", "--a", "random", "--b", "random", "--sprt", "nan,inf"}, `analyze uttt selfplay: --sprt: want two finite numbers ELO0 < ELO1 (e.g. 0,5), got "nan,inf"`},
		{[]string{"uttt", "selfplay", "--a", "random", "--b", "random", "--sprt", "-inf,5"}, `analyze uttt selfplay: --sprt: want two finite numbers`},
		{[]string{"uttt", "selfplay", "--a", "random", "--b", "random", "--sprt", "5,0"}, `analyze uttt selfplay: --sprt: want two numbers ELO0 < ELO1`},
		{[]string{"uttt", "report", "--sprt", "0,NaN", "x.jsonl"}, `analyze uttt report: --sprt: want two finite numbers`},
		{append(append([]string{"uttt", "show"}, empty...), "44"), "analyze uttt show: position: " + lastEmpty},
		{append(append([]string{"uttt", "show", "--svg"}, empty...), "44"), "analyze uttt show: position: " + lastEmpty},
		{append(append([]string{"uttt", "search", "--depth", "2"}, empty...), "44"), "analyze uttt search: position: " + lastEmpty},
		{append(append([]string{"uttt", "bot"}, empty...), "44"), "analyze uttt bot: " + lastEmpty},
	} {
		out, errOut, code := analyze(t, "", c.args...)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, c.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
	// A LAST on a played tile is a position.
	if out, errOut, code := analyze(t, "", append(append([]string{"uttt", "show"}, strings.Fields("O --------- --------- --------- --------X --------- --------- --------- --------- --------- ---------")...), "38")...); code != 0 || out == "" {
		t.Errorf("show of the seed's example: exit %d, stderr %q", code, errOut)
	}

	// uttt engine: a line over 64 KiB (also one of many megabytes) is reported by its
	// number and skipped; the lines after it are still read and answered.
	start := "settings your_botid 0\nupdate game field " + strings.Repeat(".,", 80) + ".\nupdate game macroboard -1,-1,-1,-1,-1,-1,-1,-1,-1\n"
	for _, size := range []int{1<<16 + 1, 5 << 20} {
		in := start + strings.Repeat("x", size) + "\naction move 1000\n" + strings.Repeat("settings timebank ", size/18+1) + "\naction move 1000\n"
		out, errOut, code := analyze(t, in, "uttt", "engine", "--max-time", "50ms")
		if code != 1 || strings.Count(out, "place_move ") != 2 ||
			!strings.Contains(errOut, "analyze uttt engine: line 4: a line of ") || !strings.Contains(errOut, "analyze uttt engine: line 6: a line of ") ||
			!strings.Contains(errOut, `is longer than 65536: "xxxxxxxx`) || strings.Count(errOut, "\n") != 2 {
			t.Errorf("line of %d bytes: exit %d, stdout %q, stderr %q", size, code, out, errOut)
		}
	}
}

// TestDocumentedEngineSession runs the uttt engine session shown in docs/uttt.md: the
// lines of its block are the input, and the answers the engine gives (place_move on
// stdout, messages on stderr) are the lines the block shows after them.
func TestDocumentedEngineSession(t *testing.T) {
	doc, err := os.ReadFile("../../docs/uttt.md")
	if err != nil {
		t.Fatal(err)
	}
	const head = "```\n$ analyze uttt engine\n"
	_, block, ok := strings.Cut(string(doc), head)
	block, _, ok2 := strings.Cut(block, "```")
	if !ok || !ok2 {
		t.Fatalf("docs/uttt.md has no block starting %q", head)
	}
	var in, wantOut, wantErr strings.Builder
	for _, line := range strings.SplitAfter(block, "\n") {
		switch {
		case strings.HasPrefix(line, "place_move "):
			wantOut.WriteString(line)
		case strings.HasPrefix(line, "analyze uttt engine: "):
			wantErr.WriteString(line)
		default:
			in.WriteString(line)
		}
	}
	if wantOut.Len() == 0 {
		t.Fatal("the documented session has no answer")
	}
	wantCode := 0
	if wantErr.Len() > 0 {
		wantCode = 1
	}
	out, errOut, code := analyze(t, in.String(), "uttt", "engine")
	if out != wantOut.String() || errOut != wantErr.String() || code != wantCode {
		t.Errorf("the engine answers (exit %d)\n%s%s\nwhere docs/uttt.md shows (exit %d)\n%s%s", code, out, errOut, wantCode, wantOut.String(), wantErr.String())
	}
}
