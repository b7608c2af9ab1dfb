package tournament_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt/tournament"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
	"github.com/boardlab/boardlab/sandbox"
)

// violator answers like a zoo bot until its turn number reaches at, then reports an
// access outside its folder.
type violator struct {
	zoo.Player
	at int
}

func (v violator) Answer(ctx context.Context, args []string) (string, error) {
	if v.at >= 0 && strings.Count(strings.Join(args[1:10], ""), "-") <= 81-v.at {
		return "", fmt.Errorf("%w; stderr: %q", sandbox.ErrViolation, "touch: /etc/x: denied")
	}
	return v.Player.Answer(ctx, args)
}

// TestPlayAllMatchesSerial checks that PlayAll on four workers gives the standings and
// log of a serial run of PlayWith in pairing order.
func TestPlayAllMatchesSerial(t *testing.T) {
	names := []string{"naive", "random", "depth:1", "depth:2"}
	players := make([]tournament.Player, len(names))
	for i, n := range names {
		b, err := zoo.Parse(n)
		if err != nil {
			t.Fatal(err)
		}
		players[i] = zoo.Player{Bot: b, Seed: uint64(i)}
	}
	want := tournament.NewStandings(names)
	for g, pair := range tournament.Pairings(len(players)) {
		r, err := tournament.PlayWith(context.Background(), players[pair[0]], players[pair[1]], tournament.Options{})
		if err != nil {
			t.Fatal(err)
		}
		r.Game, r.X, r.O = g+1, pair[0]+1, pair[1]+1
		want.Add(&r)
	}
	var log bytes.Buffer
	calls := 0
	got, played, err := tournament.PlayAll(context.Background(), players, names, 4, tournament.Options{}, &log,
		func(done, total int) {
			calls++
			if done != calls || total != 12 {
				t.Errorf("progress %d/%d at call %d", done, total, calls)
			}
		})
	if err != nil || played != 12 || calls != 12 {
		t.Fatalf("played %d, progress %d, %v", played, calls, err)
	}
	var a, b bytes.Buffer
	want.Report(&a, 0)
	got.Report(&b, 0)
	if got.AnyDisqualified() {
		t.Error("a bot was disqualified without Options.Disqualify")
	}
	if a.String() != b.String() {
		t.Fatalf("parallel:\n%s\nserial:\n%s", b.String(), a.String())
	}
	if n := strings.Count(log.String(), "\n"); n != played {
		t.Fatalf("%d log lines for %d games", n, played)
	}
}

// TestPlayAllDisqualify checks that a bot disqualified in a game plays none of its
// later games, whatever the number of workers.
func TestPlayAllDisqualify(t *testing.T) {
	names := []string{"naive", "cheat", "random"}
	players := []tournament.Player{
		violator{zoo.Player{Bot: zoo.Naive{}, Seed: 1}, -1},
		violator{zoo.Player{Bot: zoo.Random{}, Seed: 2}, 3},
		violator{zoo.Player{Bot: zoo.Random{}, Seed: 3}, -1},
	}
	var reports []string
	for _, jobs := range []int{1, 3} {
		var log bytes.Buffer
		st, played, err := tournament.PlayAll(context.Background(), players, names, jobs, tournament.Options{Disqualify: true}, &log, nil)
		if err != nil || played != 6 {
			t.Fatalf("jobs %d: played %d, %v", jobs, played, err)
		}
		if !st.AnyDisqualified() || st[1].Disqualified == "" || st[0].Disqualified != "" || st[2].Disqualified != "" {
			t.Fatalf("jobs %d: disqualified %q", jobs, []string{st[0].Disqualified, st[1].Disqualified, st[2].Disqualified})
		}
		if n := strings.Count(log.String(), `"result":"skipped"`); n != 3 {
			t.Errorf("jobs %d: %d games skipped, want the cheat's 3 later ones:\n%s", jobs, n, log.String())
		}
		var b bytes.Buffer
		st.Report(&b, 0)
		reports = append(reports, b.String())
	}
	if reports[0] != reports[1] {
		t.Fatalf("-j 1:\n%s\n-j 3:\n%s", reports[0], reports[1])
	}
}

func TestResolveDir(t *testing.T) {
	dir := t.TempDir()
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(dir, link); err != nil {
		t.Skip(err)
	}
	real, _ := filepath.EvalSymlinks(dir)
	if got, err := tournament.ResolveDir(link); err != nil || got != real {
		t.Fatalf("ResolveDir(%s) = %q, %v; want %q", link, got, err, real)
	}
	file := filepath.Join(dir, "f")
	os.WriteFile(file, nil, 0o644)
	if _, err := tournament.ResolveDir(file); err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Fatalf("a file: %v", err)
	}
}
