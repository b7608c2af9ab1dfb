package sgf

import (
	"bufio"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/internal/shareddata"
)

// sampleDir holds 33 of the 1,000 real games, shipped with the repository so that the
// tests run in any clone (its README.md says where they come from and why these).
const sampleDir = "testdata/sgf-ai"

// realGames reads the 1,000 real games of the shared folder's data/sgf-ai
// ($BOARDLAB_SHARED, or shared/ above the working directory), or skips saying why.
func realGames(tb testing.TB) (names []string, files [][]byte) {
	tb.Helper()
	dir, err := shareddata.Path("data", "sgf-ai")
	if err != nil {
		tb.Skipf("real SGF games not available: %v", err)
	}
	return readGames(tb, dir)
}

// readGames reads every *.sgf file of dir, or skips when it holds none.
func readGames(tb testing.TB, dir string) (names []string, files [][]byte) {
	tb.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.sgf"))
	if err != nil || len(paths) == 0 {
		tb.Skipf("no *.sgf in %s", dir)
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		names = append(names, filepath.Base(p))
		files = append(files, data)
	}
	return names, files
}

// eachGameSet runs check on the sample of testdata, then, where the shared folder is
// found, on all 1,000 games (it says so when it is not).
func eachGameSet(t *testing.T, check func(t *testing.T, names []string, files [][]byte)) {
	t.Run("sample", func(t *testing.T) {
		names, files := readGames(t, sampleDir)
		if len(files) < 30 {
			t.Fatalf("%d files in %s, want the 33 of its README", len(files), sampleDir)
		}
		check(t, names, files)
	})
	t.Run("shared", func(t *testing.T) {
		names, files := realGames(t)
		check(t, names, files)
	})
}

// leelaScores reads testdata/leela-final-score.tsv: Leela Zero 0.17's final_score for
// each file after loadsgf (made by bench's TestLeelaScores, which checks it live).
func leelaScores(tb testing.TB) map[string]float64 {
	f, err := os.Open("testdata/leela-final-score.tsv")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	m := map[string]float64{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		name, score, _ := strings.Cut(sc.Text(), "\t")
		v, err := ParseScore(score)
		if err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		m[name] = v
	}
	return m
}

// TestRealGames replays the main line of every real game with the fast replay and the
// reference, which must agree point for point and on the captures, and checks that the
// area difference at komi 0 is Leela Zero's final_score with the record's komi and
// handicap added back (Leela counts KM + HA for white).
func TestRealGames(t *testing.T) {
	leela := leelaScores(t)
	eachGameSet(t, func(t *testing.T, names []string, files [][]byte) { checkRealGames(t, leela, names, files) })
}

func checkRealGames(t *testing.T, leela map[string]float64, names []string, files [][]byte) {
	var p Parser
	var g Game
	var r Replay
	var b goban.Board
	var s goban.Scorer
	games, agree, comparable := 0, 0, 0
	kinds := map[string]int{}
	for i, data := range files {
		p.Reset(data)
		k := 0
		for {
			err := p.Next(&g)
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", names[i], err)
			}
			k++
			games++
			if err := r.Play(&g); err != nil {
				t.Fatalf("%s: %v", names[i], err)
			}
			grid, capt, err := plainReplay(&g)
			if err != nil {
				t.Fatalf("%s: reference: %v", names[i], err)
			}
			for y := 0; y < g.Rows; y++ {
				for x := 0; x < g.Cols; x++ {
					if a, b := r.At(x, y), grid[y*g.Cols+x]; a != b {
						t.Fatalf("%s game %d: (%d,%d) is %c, reference %c", names[i], k, x, y, a, b)
					}
				}
			}
			if capt != r.Captured {
				t.Fatalf("%s game %d: captures %v, reference %v", names[i], k, r.Captured, capt)
			}
			if k > 1 {
				continue // Leela Zero loads the first game of a file
			}
			r.Board(&b)
			res := s.Score(&b)
			diff := float64(res.Black - res.White)
			want, ok := leela[names[i]]
			if !ok {
				t.Fatalf("%s: no Leela Zero score recorded", names[i])
			}
			leelaKomi := 7.5 // Leela Zero's komi when the record has no KM
			if g.HasKomi {
				leelaKomi = g.Komi
			}
			if got := diff - leelaKomi - float64(g.Handicap); math.Abs(got-want) > 1e-9 {
				t.Errorf("%s: area %d-%d = %v, komi %v, HA %d: %v, Leela Zero %v", names[i],
					res.Black, res.White, diff, g.Komi, g.Handicap, got, want)
			}
			c := CheckResult(g.RE, diff-g.PlayKomi(), g.PlayKomi())
			kinds[c.Kind]++
			if c.Comparable() {
				comparable++
				if c.Agrees {
					agree++
				}
			}
		}
	}
	t.Logf("%d files, %d games; %d results comparable with RE, %d agree; RE kinds %v", len(files), games, comparable, agree, kinds)
}

// TestRealGamesDetect checks that no real file is detected as anything but SGF.
func TestRealGamesDetect(t *testing.T) {
	eachGameSet(t, func(t *testing.T, names []string, files [][]byte) {
		for i, data := range files {
			if !IsSGF(data) {
				t.Errorf("%s: not detected as SGF: %q", names[i], data[:min(len(data), 20)])
			}
		}
	})
	if IsSGF([]byte("X O -\n")) || IsSGF(nil) || !IsSGF([]byte("\xef\xbb\xbf \n( ;")) {
		t.Error("IsSGF on text boards")
	}
}
