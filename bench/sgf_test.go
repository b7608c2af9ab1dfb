package bench

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/engine/goban/sgf"
	"github.com/boardlab/boardlab/internal/machine"
	"github.com/boardlab/boardlab/internal/shareddata"
)

// sgfFiles returns the 1,000 real games of shared/data/sgf-ai, or skips saying why.
func sgfFiles(tb testing.TB) []string {
	tb.Helper()
	dir, err := shareddata.Path("data", "sgf-ai")
	if err != nil {
		tb.Skipf("real SGF games not available: %v", err)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.sgf"))
	if err != nil || len(files) == 0 {
		tb.Skipf("no *.sgf in %s", dir)
	}
	return files
}

// sgfDir links the files into a fresh directory of tb, so that "goban score DIR" sees
// the games and nothing else (the data folder also holds MANIFEST.tsv).
func sgfDir(tb testing.TB, files []string) string {
	dir := filepath.Join(tb.TempDir(), "sgf")
	if err := os.Mkdir(dir, 0o755); err != nil {
		tb.Fatal(err)
	}
	for _, f := range files {
		if err := os.Symlink(f, filepath.Join(dir, filepath.Base(f))); err != nil {
			tb.Fatal(err)
		}
	}
	return dir
}

// buildAnalyze builds the analyze command into a temporary directory of tb.
func buildAnalyze(tb testing.TB) string {
	bin := filepath.Join(tb.TempDir(), "analyze")
	cmd := exec.Command("go", "build", "-o", bin, "github.com/boardlab/boardlab/cmd/analyze")
	if out, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// leelaSetup finds leelaz and writes its zero network into a temporary directory.
func leelaSetup(tb testing.TB) (leelaz, weights string) {
	leelaz, err := leelazPath()
	if err != nil {
		tb.Skip(err)
	}
	weights, err = writeZeroWeights(tb.TempDir())
	if err != nil {
		tb.Fatal(err)
	}
	return leelaz, weights
}

// ourLeelaScore scores the first game of an SGF file as Leela Zero's final_score does:
// the Tromp-Taylor area difference minus the komi (7.5 when the record has no KM) and
// minus the handicap count HA, which Leela adds to white's komi.
func ourLeelaScore(data []byte) (areaDiff, leelaStyle float64, err error) {
	var p sgf.Parser
	var g sgf.Game
	var r sgf.Replay
	p.Reset(data)
	if err := p.Next(&g); err != nil {
		return 0, 0, err
	}
	if err := r.Play(&g); err != nil {
		return 0, 0, err
	}
	var b goban.Board
	r.Board(&b)
	res := goban.Score(&b)
	komi := 7.5
	if g.HasKomi {
		komi = g.Komi
	}
	d := float64(res.Black - res.White)
	return d, d - komi - float64(g.Handicap), nil
}

// TestLeelaZeroScores runs Leela Zero over the 1,000 real games and checks that its
// final_score is, on every game, the Tromp-Taylor area difference at komi 0 minus the
// record's komi and handicap; it also checks the copy of Leela's answers kept in
// engine/goban/sgf/testdata (which the engine's tests use when leelaz is missing).
func TestLeelaZeroScores(t *testing.T) {
	if testing.Short() {
		t.Skip("runs Leela Zero over 1,000 games")
	}
	files := sgfFiles(t)
	leelaz, weights := leelaSetup(t)
	run, err := leelaScores(leelaz, weights, files)
	if err != nil {
		t.Fatal(err)
	}
	kept := map[string]string{}
	if f, err := os.Open("../engine/goban/sgf/testdata/leela-final-score.tsv"); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			name, score, _ := strings.Cut(sc.Text(), "\t")
			kept[name] = score
		}
		f.Close()
	}
	mismatches := 0
	for i, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		_, ours, err := ourLeelaScore(data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		theirs, err := sgf.ParseScore(run.scores[i])
		if err != nil {
			t.Fatalf("%s: Leela Zero answered %q", f, run.scores[i])
		}
		if math.Abs(ours-theirs) > 1e-9 {
			mismatches++
			t.Errorf("%s: ours %v, Leela Zero %v", f, ours, theirs)
		}
		if k, ok := kept[filepath.Base(f)]; !ok || k != run.scores[i] {
			t.Errorf("%s: testdata keeps %q, Leela Zero says %q", filepath.Base(f), k, run.scores[i])
		}
	}
	t.Logf("%d games, %d mismatches; Leela Zero session %v (startup excluded), process %v, CPU %v",
		len(files), mismatches, run.session.Round(time.Millisecond), run.total.Round(time.Millisecond), run.cpu.Round(time.Millisecond))
}

// BenchmarkSGFvsLeelaZero scores the 1,000 real games end to end with
// "analyze goban score DIR" (a new process each time, all cores) and with Leela Zero
// (one GTP process: loadsgf + final_score per file), interleaved in the same run. It
// reports each side's games/s (Leela's over its GTP session, startup excluded), our
// games per CPU-second of the child process, and the ratios x-wall (games/s over
// games/s) and x-cpu (CPU-seconds per game, Leela's including its few-millisecond
// startup). Without leelaz only our side runs.
func BenchmarkSGFvsLeelaZero(b *testing.B) {
	machine.LogOnce(b.Logf)
	files := sgfFiles(b)
	dir := sgfDir(b, files)
	bin := buildAnalyze(b)
	leelaz, weights := "", ""
	if p, err := leelazPath(); err != nil {
		b.Logf("Leela Zero side skipped: %v", err)
	} else {
		leelaz = p
		if weights, err = writeZeroWeights(b.TempDir()); err != nil {
			b.Fatal(err)
		}
	}
	var oursWall, oursCPU, leelaWall, leelaCPU time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		cmd := exec.Command(bin, "goban", "score", dir)
		var out, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &stderr
		t0 := time.Now()
		if err := cmd.Run(); err != nil {
			b.Fatalf("analyze: %v\n%s", err, stderr.String())
		}
		oursWall += time.Since(t0)
		oursCPU += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		if n := bytes.Count(out.Bytes(), []byte{'\n'}); n != len(files) {
			b.Fatalf("analyze printed %d lines for %d files", n, len(files))
		}
		if leelaz != "" {
			run, err := leelaScores(leelaz, weights, files)
			if err != nil {
				b.Fatal(err)
			}
			leelaWall += run.session
			leelaCPU += run.cpu
		}
	}
	b.StopTimer()
	games := float64(len(files) * b.N)
	b.ReportMetric(games/oursWall.Seconds(), "games/s")
	b.ReportMetric(games/oursCPU.Seconds(), "games/cpu-s")
	if leelaz != "" {
		b.ReportMetric(games/leelaWall.Seconds(), "leelaz-games/s")
		b.ReportMetric(games/leelaCPU.Seconds(), "leelaz-games/cpu-s")
		b.ReportMetric(leelaWall.Seconds()/oursWall.Seconds(), "x-wall")
		b.ReportMetric(leelaCPU.Seconds()/oursCPU.Seconds(), "x-cpu")
	}
}

// BenchmarkSGFInProcess is the same work in-process for comparison: read, parse,
// replay and score the 1,000 files on one goroutine.
func BenchmarkSGFInProcess(b *testing.B) {
	files := sgfFiles(b)
	b.ReportAllocs()
	var p sgf.Parser
	var g sgf.Game
	var r sgf.Replay
	var board goban.Board
	var s goban.Scorer
	for i := 0; i < b.N; i++ {
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				b.Fatal(err)
			}
			p.Reset(data)
			for {
				if err := p.Next(&g); err == io.EOF {
					break
				} else if err != nil {
					b.Fatal(fmt.Errorf("%s: %v", f, err))
				}
				if err := r.Play(&g); err != nil {
					b.Fatal(err)
				}
				r.Board(&board)
				s.Score(&board)
			}
		}
	}
	b.ReportMetric(float64(len(files)*b.N)/b.Elapsed().Seconds(), "games/s")
}
