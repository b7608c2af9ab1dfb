package selfplay

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt/zoo"
)

// TestRSSIndependentOfGames runs this test binary again to play a million random games
// (a run that held every game record needed 500 MB), then 200,000 into an --out file
// and a resumed run extending it, and checks the child's peak resident size.
func TestRSSIndependentOfGames(t *testing.T) {
	if dir := os.Getenv("SELFPLAY_RSS_CHILD"); dir != "" {
		rssChild(t, dir)
		return
	}
	if testing.Short() {
		t.Skip("plays 1.25 million games; skipped with -short")
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestRSSIndependentOfGames$")
	cmd.Env = append(os.Environ(), "SELFPLAY_RSS_CHILD="+dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		t.Skip("no rusage here")
	}
	peak := ru.Maxrss << 10 // kilobytes on Linux
	t.Logf("peak RSS %.1f MB for 1,250,000 games", float64(peak)/1e6)
	if peak > 100e6 {
		t.Fatalf("peak RSS %.1f MB, want under 100 MB", float64(peak)/1e6)
	}
}

func rssChild(t *testing.T, dir string) {
	m := &Match{A: zoo.Random{}, B: zoo.Random{}, Seed: 1, Openings: 4}
	sum, err := Run(context.Background(), Config{Match: m, To: 1_000_000, Sample: true})
	if err != nil || sum.Counted != 1_000_000 {
		t.Fatalf("%v, %d games", err, sum.Counted)
	}
	path := filepath.Join(dir, "g.jsonl")
	for _, n := range []int{200_000, 250_000} {
		out, res, err := OpenOut(context.Background(), path, m, nil)
		if err != nil {
			t.Fatal(err)
		}
		sum, err := Run(context.Background(), Config{Match: m, To: n, Resume: res, Out: out})
		if cerr := out.Close(); err != nil || cerr != nil || sum.Counted != n {
			t.Fatalf("%v %v, %d games of %d", err, cerr, sum.Counted, n)
		}
		if n == 250_000 && res.Count(0, n) != 200_000 {
			t.Fatalf("resumed from %d games", res.Count(0, n))
		}
	}
	st, _ := os.Stat(path)
	t.Log("out file " + strconv.FormatInt(st.Size(), 10) + " bytes")
}
