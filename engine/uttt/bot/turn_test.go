package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
)

// seedExample is the spec's example position: X to move after O played 38.
var seedExample = strings.Fields("O --------- --------- --------- --------X --------- --------- --------- --------- --------- --------- 38")

func TestTurnFallsBack(t *testing.T) {
	p, err := uttt.ParseProtocol(seedExample)
	if err != nil {
		t.Fatal(err)
	}
	var buf [81]uttt.Move
	first := buf[:p.Moves(&buf)][0]
	deadline := time.Now().Add(time.Minute)
	for name, c := range map[string]zoo.Bot{"broken": broken{}, "illegal": illegal{}} {
		var warned []string
		m, err := Turn(context.Background(), p, c, deadline, func(s string) { warned = append(warned, s) })
		if err != nil || m != first {
			t.Errorf("%s: %v, %v; want the first legal move %v", name, m, err, first)
		}
		if (name == "broken") != (len(warned) == 1 && strings.Contains(warned[0], "engine failed (boom)")) {
			t.Errorf("%s: warnings %q", name, warned)
		}
	}
}

// broken panics; illegal answers a move that is not legal in the example.
type (
	broken  struct{}
	illegal struct{}
)

func (broken) String() string  { return "broken" }
func (illegal) String() string { return "illegal" }

func (broken) Move(context.Context, *uttt.Position, *zoo.RNG) uttt.Move { panic("boom") }
func (illegal) Move(context.Context, *uttt.Position, *zoo.RNG) uttt.Move {
	return uttt.NewMove(0, 0)
}

func TestTurnChoosers(t *testing.T) {
	p, _ := uttt.ParseProtocol(seedExample)
	cs := map[string]zoo.Bot{"main": Main(1, 1), "naive": zoo.Naive{}, "depth:2": zoo.Depth{N: 2}, "random": zoo.Random{}}
	for _, name := range []string{"main", "naive", "depth:2"} {
		m, err := Turn(context.Background(), p, cs[name], time.Now().Add(100*time.Millisecond), nil)
		if err != nil || !p.IsLegal(m) {
			t.Errorf("%s: %v, %v", name, m, err)
		}
	}
	// The zoo's answers are a function of the position.
	a, _ := Turn(context.Background(), p, cs["random"], time.Now().Add(time.Minute), nil)
	b, _ := Turn(context.Background(), p, cs["random"], time.Now().Add(time.Minute), nil)
	if a != b {
		t.Errorf("random played %v then %v", a, b)
	}
	over := uttt.Start()
	var buf [81]uttt.Move
	for over.Moves(&buf) > 0 {
		over = over.Play(buf[0])
	}
	if _, err := Turn(context.Background(), over, cs["main"], time.Now(), nil); err == nil || !strings.Contains(err.Error(), "no legal move") {
		t.Errorf("a finished game: %v", err)
	}
}
