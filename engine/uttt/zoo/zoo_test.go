package zoo

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/search"
)

func TestParseRoundTrip(t *testing.T) {
	for _, spec := range []string{"random", "naive", "depth:4", "depth:1", "engine:100ms", "engine:1.5s", "engine:d6", "engine-v1:100ms", "engine-v1:d5", "engine-linear:100ms", "engine-net:d4", "engine:100ms,bank", "engine:100ms,contempt=30", "engine-linear:d6,contempt=-5", "engine:100ms,bank,contempt=10"} {
		b, err := Parse(spec)
		if err != nil {
			t.Fatalf("Parse(%q): %v", spec, err)
		}
		if b.String() != spec {
			t.Errorf("Parse(%q).String() = %q", spec, b.String())
		}
	}
	if b, _ := Parse("depth"); b.String() != "depth:4" {
		t.Errorf("depth default: %v", b)
	}
	if b, _ := Parse("engine"); b.String() != "engine:100ms" {
		t.Errorf("engine default: %v", b)
	}
	for _, bad := range []string{"", "rand", "random:3", "naive:1", "depth:0", "depth:x", "engine:", "engine:-1s", "engine:d0", "engine:dx", "engine:fast", "engine-v1:", "engine-v1:d0", "engine-v1:x", "engine-net:", "engine-linear:x", "engine-v1:100ms,bank", "engine-v1:100ms,contempt=3", "engine:d4,bank", "engine,bank", "engine:100ms,contempt=x", "engine:100ms,contempt=2000", "engine:100ms,fast", "engine:100ms,", "random,bank"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}

// randomPositions returns ongoing positions from random games.
func randomPositions(n int, seed uint64) []uttt.Position {
	rng := NewRNG(seed)
	var ps []uttt.Position
	for len(ps) < n {
		p := uttt.Start()
		for p.Status() == uttt.Ongoing && len(ps) < n {
			ps = append(ps, p)
			p = p.Play(RandomMove(&p, &rng))
		}
	}
	return ps
}

func TestBotsPlayLegalMoves(t *testing.T) {
	bots := []Bot{Random{}, Naive{}, Depth{N: 2}, NewEngine(0, 2), NewEngineV1(0, 2)}
	ps := randomPositions(300, 1)
	for _, b := range bots {
		rng := NewRNG(7)
		for _, p := range ps {
			if m := b.Move(context.Background(), &p, &rng); !p.IsLegal(m) {
				t.Fatalf("%v plays illegal %v in %v", b, m, p.String())
			}
		}
	}
}

// winningMove returns a move that wins the game at once, if any.
func winningMove(p *uttt.Position) (uttt.Move, bool) {
	var buf [81]uttt.Move
	n := p.Moves(&buf)
	for _, m := range buf[:n] {
		if q := p.Play(m); q.Status() == uttt.XWon+uttt.Status(p.Side()) {
			return m, true
		}
	}
	return uttt.NoMove, false
}

func TestNaiveAndDepthTakeWins(t *testing.T) {
	rng := NewRNG(3)
	found := 0
	for game := 0; game < 2000 && found < 50; game++ {
		p := uttt.Start()
		for p.Status() == uttt.Ongoing {
			if _, ok := winningMove(&p); ok {
				found++
				for _, b := range []Bot{Naive{}, Depth{N: 1}, Depth{N: 3}, NewEngine(0, 3), NewEngineV1(0, 3)} {
					m := b.Move(context.Background(), &p, &rng)
					if q := p.Play(m); q.Status() != uttt.XWon+uttt.Status(p.Side()) {
						t.Fatalf("%v misses the win in %v: plays %v", b, p.String(), m)
					}
				}
			}
			p = p.Play(RandomMove(&p, &rng))
		}
	}
	if found < 50 {
		t.Fatalf("only %d positions with a winning move", found)
	}
}

func TestRNG(t *testing.T) {
	r := NewRNG(0)
	var hist [7]int
	for i := 0; i < 70000; i++ {
		hist[r.Intn(7)]++
	}
	for k, c := range hist {
		if c < 9000 || c > 11000 {
			t.Fatalf("Intn(7) bucket %d has %d of 70000", k, c)
		}
	}
	if Mix(1, 2) == Mix(1, 3) || Mix(1, 2) == Mix(2, 2) {
		t.Fatal("Mix collides")
	}
}

// TestParseNetFile checks engine specs with a network file: they parse, print back,
// search with the file's network (here the linear evaluation's untrained network,
// which scores as the linear evaluation, against the embedded one), and bad uses are
// refused with the file named.
func TestParseNetFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "net.bin")
	data, _ := search.RandomFloatNet(460, 1).MarshalBinary()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, spec := range []string{"engine-net:d4,net=" + path, "engine:100ms,bank,net=" + path, "engine:n300,net=" + path} {
		b, err := Parse(spec)
		if err != nil {
			t.Fatalf("Parse(%q): %v", spec, err)
		}
		if b.String() != strings.Replace(spec, "engine:", "engine-net:", 1) {
			t.Errorf("Parse(%q).String() = %q", spec, b.String())
		}
	}
	b, _ := Parse("engine-net:n2000,net=" + path)
	ps := randomPositions(20, 3)
	diff := 0
	for i := range ps {
		m := b.Move(context.Background(), &ps[i], nil)
		if !ps[i].IsLegal(m) {
			t.Fatalf("%s: illegal move %v", &ps[i], m)
		}
		lin := smallEngine(t, search.Options{Eval: search.EvalLinear})
		if lin.Search(context.Background(), ps[i], search.Limits{Nodes: 2000}).Move != m {
			diff++
		}
	}
	if diff > 0 {
		t.Errorf("an untrained network from a file played %d of %d moves unlike the linear evaluation", diff, len(ps))
	}
	for _, bad := range []string{"engine-linear:d4,net=" + path, "engine-v1:d4,net=" + path, "engine:d4,net=", "engine:d4,net=" + path + ".missing", "engine:d0,net=" + path} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
	garbage := filepath.Join(t.TempDir(), "garbage.bin")
	os.WriteFile(garbage, []byte("not a network"), 0o644)
	if _, err := Parse("engine:d4,net=" + garbage); err == nil || !strings.Contains(err.Error(), garbage) {
		t.Errorf("a garbage network file: err %v", err)
	}
	// A file longer than a network (here one with a byte appended) is refused after
	// reading one byte past a network's size; so is a directory.
	long := filepath.Join(t.TempDir(), "long.bin")
	os.WriteFile(long, append(data, 0), 0o644)
	if _, err := Parse("engine:d4,net=" + long); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Errorf("a network file with a byte too many: err %v", err)
	}
	if _, err := Parse("engine:d4,net=" + t.TempDir()); err == nil {
		t.Error("a directory loaded as a network")
	}
}
