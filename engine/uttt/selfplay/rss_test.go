package selfplay

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt/selfplay/record"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
)

// TestRSSIndependentOfGames runs this test binary again to play a million random games
// (a run that held every game record needed 500 MB more than a short one), then
// 200,000 into an --out file and a resumed run extending it, and compares the child's
// peak resident size with that of a child playing a twentieth of the games: they must
// be within 50 MB of each other. Both children run on two threads, whatever the machine.
func TestRSSIndependentOfGames(t *testing.T) {
	if dir := os.Getenv("SELFPLAY_RSS_CHILD"); dir != "" {
		scale, _ := strconv.Atoi(os.Getenv("SELFPLAY_RSS_SCALE"))
		rssChild(t, dir, max(scale, 1))
		return
	}
	if testing.Short() {
		t.Skip("plays 1.3 million games; skipped with -short")
	}
	peak := func(scale int) int64 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestRSSIndependentOfGames$")
		cmd.Env = append(os.Environ(), "SELFPLAY_RSS_CHILD="+t.TempDir(), "SELFPLAY_RSS_SCALE="+strconv.Itoa(scale), "GOMAXPROCS=2")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("child: %v\n%s", err, out)
		}
		ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
		if !ok {
			t.Skip("no rusage here")
		}
		return ru.Maxrss << 10 // kilobytes on Linux
	}
	short, long := peak(20), peak(1)
	t.Logf("peak RSS %.1f MB for 62,500 games, %.1f MB for 1,250,000", float64(short)/1e6, float64(long)/1e6)
	if long > short+50e6 {
		t.Fatalf("peak RSS %.1f MB for 1,250,000 games, %.1f MB for 62,500: it grows with the games", float64(long)/1e6, float64(short)/1e6)
	}
}

// rssChild plays the games of TestRSSIndependentOfGames divided by scale.
func rssChild(t *testing.T, dir string, scale int) {
	m := &Match{A: zoo.Random{}, B: zoo.Random{}, Seed: 1, Openings: 4}
	sum, err := Run(context.Background(), Config{Match: m, To: 1_000_000 / scale, Sample: true})
	if err != nil || sum.Counted != 1_000_000/scale {
		t.Fatalf("%v, %d games", err, sum.Counted)
	}
	path := filepath.Join(dir, "g.jsonl")
	for _, n := range []int{200_000 / scale, 250_000 / scale} {
		out, res, err := record.OpenOut(context.Background(), path, m.ID(), nil)
		if err != nil {
			t.Fatal(err)
		}
		sum, err := Run(context.Background(), Config{Match: m, To: n, Resume: res, Out: out})
		if cerr := out.Close(); err != nil || cerr != nil || sum.Counted != n {
			t.Fatalf("%v %v, %d games of %d", err, cerr, sum.Counted, n)
		}
		if n == 250_000/scale && res.Count(0, n) != 200_000/scale {
			t.Fatalf("resumed from %d games", res.Count(0, n))
		}
	}
	st, _ := os.Stat(path)
	t.Log("out file " + strconv.FormatInt(st.Size(), 10) + " bytes")
}
