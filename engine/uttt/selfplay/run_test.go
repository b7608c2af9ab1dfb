package selfplay

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
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
		if (g1.X == "a") != AFirst(i) {
			t.Fatalf("game %d: x=%s", i, g1.X)
		}
		_, o1 := m.Opening(i)
		_, o2 := m.Opening(i ^ 1)
		if len(o1) != 4 || !reflect.DeepEqual(o1, o2) {
			t.Fatalf("games %d and %d: openings %v %v", i, i^1, o1, o2)
		}
	}
}

func readOut(t *testing.T, path string) []Game {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var gs []Game
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var g Game
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
	out, done, err := OpenOut(path, m)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	k := 0
	sum, rerr := Run(ctx, m, n, workers, done, nil, func(g Game) {
		if err := out.Write(g); err != nil {
			t.Error(err)
		}
		if k++; k == stopAfter {
			cancel()
		}
	})
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
	return sum, rerr
}

func TestResumeAfterInterruption(t *testing.T) {
	const n = 600
	m := newMatch(5)
	ref, err := Run(context.Background(), m, n, 1, nil, nil, func(Game) {})
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
	if _, _, err := OpenOut(path, newMatch(6)); err == nil || !strings.Contains(err.Error(), "another match") {
		t.Fatalf("other match accepted: %v", err)
	}
}

func TestRunSPRTDeterministic(t *testing.T) {
	m := newMatch(3)
	s := &SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	var sums []Summary
	for _, w := range []int{1, 2, 2} {
		sum, err := Run(context.Background(), m, 5000, w, nil, s, func(Game) {})
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
