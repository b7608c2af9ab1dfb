package qtttcmd

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
)

func TestRandomShardsConcatenate(t *testing.T) {
	whole, _, code := run(t, "", "random", "-q", "--seed", "9", "--count", "1000")
	if code != 0 || strings.Count(whole, "\n") != 1000 {
		t.Fatalf("whole: code %d", code)
	}
	for _, n := range []int{1, 3, 7} {
		var cat strings.Builder
		for k := 0; k < n; k++ {
			o, e, code := run(t, "", "random", "--seed", "9", "--shard", fmt.Sprintf("%d/%d", k, n), "--count", "1000")
			if code != 0 {
				t.Fatalf("shard %d/%d: code %d", k, n, code)
			}
			if n > 1 && !strings.Contains(e, fmt.Sprintf("shard %d/%d: games", k, n)) {
				t.Errorf("shard %d/%d statistics do not name the shard: %q", k, n, e)
			}
			cat.WriteString(o)
		}
		if cat.String() != whole {
			t.Errorf("%d shards concatenated differ from the whole run", n)
		}
	}
	// Game i is the same in a shorter run: games depend on the seed and their index only.
	short, _, _ := run(t, "", "random", "-q", "--seed", "9", "--count", "10")
	if !strings.HasPrefix(whole, short) {
		t.Errorf("the first 10 games of 1000 differ from a run of 10")
	}
	other, _, _ := run(t, "", "random", "-q", "--seed", "10", "--count", "10")
	if other == short {
		t.Errorf("seeds 9 and 10 give the same games")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "g.txt")
	var cat strings.Builder
	for k := 0; k < 3; k++ {
		if _, _, code := run(t, "", "random", "-q", "--seed", "9", "--shard", fmt.Sprintf("%d/3", k), "--out", out, "--count", "1000"); code != 0 {
			t.Fatalf("--out shard %d: code %d", k, code)
		}
		b, err := os.ReadFile(fmt.Sprintf("%s.%d-of-3", out, k))
		if err != nil {
			t.Fatal(err)
		}
		cat.Write(b)
	}
	if cat.String() != whole {
		t.Errorf("shard files concatenated differ from the whole run")
	}
	t.Setenv("JOB_COMPLETION_INDEX", "1")
	t.Setenv("BOARDLAB_SHARDS", "3")
	o, e, code := run(t, "", "random", "-q", "--seed", "9", "--count", "1000")
	if code != 0 || !strings.Contains(e, "shard 1/3 from $JOB_COMPLETION_INDEX") || !strings.Contains(whole, o) || strings.Count(o, "\n") != 333 {
		t.Errorf("Kubernetes index: code %d, stderr %q, %d games", code, e, strings.Count(o, "\n"))
	}
	t.Setenv("BOARDLAB_SHARDS", "")
	if _, _, code := run(t, "", "random", "--count", "10"); code != cli.ExitUsage {
		t.Errorf("JOB_COMPLETION_INDEX without a count: code %d, want 2", code)
	}
}

func TestRandomJobsSameOutput(t *testing.T) {
	o1, e1, c1 := run(t, "", "random", "--seed", "4", "--jobs", "1", "--count", "20000")
	if c1 != 0 || strings.Count(o1, "\n") != 20000 || !strings.Contains(e1, "games 20000 (seed 4)") {
		t.Fatalf("code %d, stderr %q", c1, e1)
	}
	for _, j := range []string{"2", "5", "0"} {
		o, e, c := run(t, "", "random", "--seed", "4", "--jobs", j, "--count", "20000")
		if c != 0 || o != o1 || e != e1 {
			t.Errorf("--jobs %s: code %d, output equal %v, statistics equal %v", j, c, o == o1, e == e1)
		}
	}
}

// TestRandomCount: the number of games is --count N, 1 or more; the old positional N
// is refused with a message naming the new spelling.
func TestRandomCount(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"random", "5"}, "analyze qttt random: N 5: renamed; write --count 5\n"},
		{[]string{"random", "--count", "0"}, "analyze qttt random: --count 0: want 1 or more\n"},
		{[]string{"random"}, "analyze qttt random: missing --count N, the number of games\n"},
	} {
		out, errOut, code := run(t, "", c.args...)
		if code != cli.ExitUsage || out != "" || !strings.HasPrefix(errOut, c.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
}
