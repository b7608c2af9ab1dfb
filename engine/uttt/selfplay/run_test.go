package selfplay

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/selfplay/record"
	"github.com/boardlab/boardlab/engine/uttt/stats"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
	"github.com/boardlab/boardlab/shard"
)

func newMatch(seed uint64) *Match {
	return &Match{A: zoo.Naive{}, B: zoo.Random{}, Seed: seed, Openings: 4}
}

func TestGamesAreReplayable(t *testing.T) {
	m := newMatch(9)
	for i := 0; i < 20; i++ {
		g1, _ := m.Play(context.Background(), i)
		g2, _ := m.Play(context.Background(), i)
		if !reflect.DeepEqual(g1, g2) {
			t.Fatalf("game %d differs on replay", i)
		}
		// The record replays to its result, and pairs share their opening.
		p, err := uttt.ParseMoves(strings.Fields(g1.Moves))
		if err != nil || len(strings.Fields(g1.Moves)) != g1.Plies {
			t.Fatalf("game %d: moves %q: %v", i, g1.Moves, err)
		}
		want := map[string]uttt.Status{"X": uttt.XWon, "O": uttt.OWon, "draw": uttt.Draw}[g1.Result]
		if p.Status() != want {
			t.Fatalf("game %d: replay ends %v, record says %s", i, p.Status(), g1.Result)
		}
		if (g1.X == "a") != record.AFirst(i) {
			t.Fatalf("game %d: x=%s", i, g1.X)
		}
		_, o1 := m.Opening(i)
		_, o2 := m.Opening(i ^ 1)
		if len(o1) != 4 || !reflect.DeepEqual(o1, o2) {
			t.Fatalf("games %d and %d: openings %v %v", i, i^1, o1, o2)
		}
	}
}

func readOut(t *testing.T, path string) []record.Game {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var gs []record.Game
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var g record.Game
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			t.Fatalf("bad line %q: %v", sc.Text(), err)
		}
		gs = append(gs, g)
	}
	return gs
}

// runOut runs games [0, n) of m into path, cancelling after stopAfter new games (0: never).
func runOut(t *testing.T, m *Match, path string, n, workers, stopAfter int) (Summary, error) {
	t.Helper()
	out, done, err := record.OpenOut(context.Background(), path, m.ID(), nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	had := int64(done.Count(0, n))
	sum, rerr := Run(ctx, Config{Match: m, To: n, Workers: workers, Resume: done, Out: out, Progress: func(f int64) {
		if stopAfter > 0 && f-had >= int64(stopAfter) {
			cancel()
		}
	}})
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
	return sum, rerr
}

func TestResumeAfterInterruption(t *testing.T) {
	const n = 20000
	m := newMatch(5)
	ref, err := Run(context.Background(), Config{Match: m, To: n, Workers: 1})
	if err != nil || ref.Counted != n {
		t.Fatalf("reference run: %v, %d games", err, ref.Counted)
	}
	path := filepath.Join(t.TempDir(), "games.jsonl")
	sum, err := runOut(t, m, path, n, 2, 100)
	if err == nil || sum.Counted < 100 || sum.Counted >= n {
		t.Fatalf("interrupted run: err %v, %d games counted", err, sum.Counted)
	}
	first := len(readOut(t, path))
	if first != sum.Counted {
		t.Fatalf("file holds %d games, summary counts %d", first, sum.Counted)
	}
	// The report of the interrupted run's file counts what the run counted, across the
	// games cut off mid-way.
	mr, err := mergeFiles(t, []string{path}, nil)
	if err != nil || mr.Summary.Tally != sum.Tally || mr.Summary.Pairs != sum.Pairs || mr.Summary.Counted != sum.Counted {
		t.Fatalf("report of the interrupted file: %v %+v, run %+v", err, mr, sum)
	}
	t.Logf("interrupted after %d games; the report says: %q", sum.Counted, mr.Missing)
	// A torn last line, as from a crash mid-write, is cut off and rewritten.
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"game":59`)
	f.Close()
	sum, err = runOut(t, m, path, n, 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	gs := readOut(t, path)
	seen := map[int]bool{}
	for _, g := range gs {
		if seen[g.Index] {
			t.Fatalf("game %d written twice", g.Index)
		}
		seen[g.Index] = true
	}
	if len(gs) != n || sum.Counted != n {
		t.Fatalf("after resuming: %d lines, %d counted, want %d", len(gs), sum.Counted, n)
	}
	if sum.Tally != ref.Tally {
		t.Fatalf("resumed tally %+v, uninterrupted %+v", sum.Tally, ref.Tally)
	}
	// A file of another match is refused.
	if _, _, err := record.OpenOut(context.Background(), path, newMatch(6).ID(), nil); err == nil || !strings.Contains(err.Error(), "another match") {
		t.Fatalf("other match accepted: %v", err)
	}
}

func TestRunSPRTDeterministic(t *testing.T) {
	m := newMatch(3)
	s := &stats.SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	var sums []Summary
	for _, w := range []int{1, 2, 2} {
		sum, err := Run(context.Background(), Config{Match: m, To: 5000, Workers: w, SPRT: s})
		if err != nil {
			t.Fatal(err)
		}
		sums = append(sums, sum)
	}
	if sums[0].Decision != 1 || sums[0].Stop >= 5000 {
		t.Fatalf("naive vs random not accepted as 50 elo stronger: %+v", sums[0])
	}
	for _, s := range sums[1:] {
		if s.Stop != sums[0].Stop || s.Tally != sums[0].Tally {
			t.Fatalf("SPRT stop depends on workers: %+v vs %+v", s, sums[0])
		}
	}
}

// referenceSummary plays games [from, to) one by one with Play and counts them the
// obvious way.
func referenceSummary(t *testing.T, m *Match, from, to int) (Summary, map[int]string) {
	t.Helper()
	sum := Summary{Stop: to}
	lines := map[int]string{}
	var prev record.Game
	for i := from; i < to; i++ {
		g, err := m.Play(context.Background(), i)
		if err != nil {
			t.Fatal(err)
		}
		sum.Tally.Add(&g)
		sum.Counted++
		if i%2 == 1 && i > from {
			sum.Pairs[int(2*(prev.Score+g.Score))]++
		}
		prev = g
		b, _ := json.Marshal(g)
		lines[i] = string(b)
	}
	return sum, lines
}

// TestRunAgainstReference checks the streaming run (batches, workers, the in-order
// window, the fast bots and the hand-written JSON lines) against games played one by
// one through Play and encoding/json.
func TestRunAgainstReference(t *testing.T) {
	bots := []struct{ a, b zoo.Bot }{
		{zoo.Random{}, zoo.Random{}}, {zoo.Naive{}, zoo.Random{}}, {zoo.Naive{}, zoo.Naive{}}, {zoo.Depth{N: 1}, zoo.Random{}},
	}
	for k, bb := range bots {
		m := &Match{A: bb.a, B: bb.b, Seed: uint64(k + 3), Openings: k}
		for _, r := range [][2]int{{0, 301}, {17, 240}} {
			ref, lines := referenceSummary(t, m, r[0], r[1])
			for _, w := range []int{1, 3} {
				path := filepath.Join(t.TempDir(), "g.jsonl")
				out, _, err := record.OpenOut(context.Background(), path, m.ID(), nil)
				if err != nil {
					t.Fatal(err)
				}
				sum, err := Run(context.Background(), Config{Match: m, From: r[0], To: r[1], Workers: w, Out: out})
				if cerr := out.Close(); err != nil || cerr != nil {
					t.Fatal(err, cerr)
				}
				if sum.Tally != ref.Tally || sum.Pairs != ref.Pairs || sum.Counted != ref.Counted || sum.Stop != ref.Stop {
					t.Fatalf("%v vs %v games %v, %d workers: %+v, reference %+v", bb.a, bb.b, r, w, sum, ref)
				}
				data, _ := os.ReadFile(path)
				got := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
				if len(got) != len(lines) {
					t.Fatalf("%d lines, want %d", len(got), len(lines))
				}
				for _, l := range got {
					var g record.Game
					if err := json.Unmarshal([]byte(l), &g); err != nil || lines[g.Index] != l {
						t.Fatalf("line %q, want %q (%v)", l, lines[g.Index], err)
					}
				}
			}
		}
	}
}

// TestSequenceSeries checks the sampled course of a run: bounded, in order, ending at
// the last game, and its last point equal to the summary.
func TestSequenceSeries(t *testing.T) {
	s := NewSequence(0, 100000, &stats.SPRT{Elo0: -0.5, Elo1: 0.5, Alpha: 0.05, Beta: 0.05}, true)
	rng := zoo.NewRNG(1)
	for i := 0; i < 100000; i++ {
		s.Add(record.Result{Score2: uint8(rng.Intn(3)), Plies: 40})
	}
	sum := s.Summary()
	if len(sum.Series) > maxPoints || len(sum.Series) < maxPoints/4 {
		t.Fatalf("%d points", len(sum.Series))
	}
	last := sum.Series[len(sum.Series)-1]
	if last.Games != sum.Counted || last.WinsDrawsLosses != [3]int{sum.Tally.W, sum.Tally.D, sum.Tally.L} || last.LLR != sum.LLR {
		t.Fatalf("last point %+v, summary %+v", last, sum)
	}
	for k := 1; k < len(sum.Series); k++ {
		p := sum.Series[k]
		if p.Games <= sum.Series[k-1].Games || p.Lo > p.Score || p.Hi < p.Score {
			t.Fatalf("point %d: %+v after %+v", k, p, sum.Series[k-1])
		}
	}
}

// TestMergeUnshardedWithGap: an unsharded file with games missing in the middle (an
// interrupted run) is reported with the gap named, counting every game present as the
// interrupted run did: pairs only when both games are present, no SPRT past the gap.
func TestMergeUnshardedWithGap(t *testing.T) {
	m := newMatch(8)
	path := filepath.Join(t.TempDir(), "g.jsonl")
	var buf []byte
	var want Summary
	var prev record.Game
	for i := 15; i >= 0; i-- { // in reverse, as far out of order as a file can be
		if i == 10 || i == 11 {
			continue
		}
		g, _ := m.Play(context.Background(), i)
		b, _ := json.Marshal(g)
		buf = append(append(buf, b...), '\n')
	}
	for i := 0; i < 16; i++ {
		g, _ := m.Play(context.Background(), i)
		if i != 10 && i != 11 {
			want.Tally.Add(&g)
			want.Counted++
			if i%2 == 1 && i != 11 {
				want.Pairs[int(2*(prev.Score+g.Score))]++
			}
		}
		prev = g
	}
	os.WriteFile(path, buf, 0o644)
	mr, err := mergeFiles(t, []string{path}, &stats.SPRT{Elo0: -1, Elo1: 1, Alpha: 0.05, Beta: 0.05})
	if err != nil || mr.Missing != "games 10..11 are missing" || mr.Summary.Tally != want.Tally || mr.Summary.Pairs != want.Pairs || mr.Summary.Counted != 14 {
		t.Fatalf("%v: %+v, want %+v", err, mr, want)
	}
}

// TestOutSameForAnyWorkers checks that the --out file holds the games in index order,
// byte for byte the same whatever the number of workers.
func TestOutSameForAnyWorkers(t *testing.T) {
	m := newMatch(5)
	dir := t.TempDir()
	var want []byte
	for _, w := range []int{1, 2, 4} {
		path := filepath.Join(dir, fmt.Sprintf("w%d.jsonl", w))
		if _, err := runOut(t, m, path, 3000, w, 0); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if want == nil {
			want = got
			for i, g := range readOut(t, path) {
				if g.Index != i {
					t.Fatalf("line %d holds game %d", i+1, g.Index)
				}
			}
			continue
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%d workers wrote another file than 1 worker", w)
		}
	}
}

// mergeFiles is Merge of the --out files at paths.
func mergeFiles(t *testing.T, paths []string, sprt *stats.SPRT) (*Merged, error) {
	t.Helper()
	parts, closeAll, err := shard.OpenParts(context.Background(), paths)
	if err != nil {
		t.Fatal(err)
	}
	defer closeAll()
	return Merge(context.Background(), parts, sprt, false)
}
