package tournament

import (
	"context"
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/uttt"
)

// script is a player answering from a list and recording the arguments it was given.
type script struct {
	answers []string
	seen    []string
}

func (s *script) Answer(_ context.Context, args []string) (string, error) {
	s.seen = append(s.seen, strings.Join(args, " "))
	if len(s.answers) == 0 {
		return "", errors.New("out of answers")
	}
	a := s.answers[0]
	s.answers = s.answers[1:]
	return a, nil
}

func TestSeedExample(t *testing.T) {
	// The seed: X opens 38, O answers 84, X plays 30 (must play in board 4: invalid);
	// O is then called with the unchanged board and a free move.
	x := &script{answers: []string{"38\n", "30\n"}}
	o := &script{answers: []string{"84"}}
	r, _ := Play(context.Background(), x, o)
	want := []string{
		"O --------- --------- --------- --------X --------- --------- --------- --------- --------- --------- 38",
		"O --------- --------- --------- --------X --------- --------- --------- --------- ----O---- --------- xx",
	}
	if len(o.seen) < 2 || o.seen[0] != want[0] || o.seen[1] != want[1] {
		t.Fatalf("O was called with\n%q\nwant\n%q", o.seen, want)
	}
	if x.seen[1] != "X --------- --------- --------- --------X --------- --------- --------- --------- ----O---- --------- 84" {
		t.Fatalf("X's second call: %q", x.seen[1])
	}
	if r.Turns[2].Invalid != "illegal move 30: must play in board 4" {
		t.Fatalf("turn 3: %+v", r.Turns[2])
	}
	// Both run out of answers: every later turn is invalid until the 250-turn cap.
	if r.Result != "cap" || len(r.Turns) != MaxTurns || r.Invalid != [2]int{124, 124} || r.Points != [2]int{-134, -134} {
		t.Fatalf("result %s, %d turns, invalid %v, points %v", r.Result, len(r.Turns), r.Invalid, r.Points)
	}
}

// xWinningGame returns the moves of a random game that X wins.
func xWinningGame() []string {
	rng := rand.New(rand.NewPCG(1, 2))
	for {
		p := uttt.Start()
		var moves []string
		for p.Status() == uttt.Ongoing {
			var buf [81]uttt.Move
			n := p.Moves(&buf)
			m := buf[rng.IntN(n)]
			moves = append(moves, m.String())
			p = p.Play(m)
		}
		if p.Status() == uttt.XWon {
			return moves
		}
	}
}

func TestScoring(t *testing.T) {
	moves := xWinningGame()
	var xs, os []string
	for i, m := range moves {
		if i%2 == 0 {
			xs = append(xs, m)
		} else {
			os = append(os, m)
		}
	}
	// The winner scores 100 plus the empty tiles left on the whole board.
	r, _ := Play(context.Background(), &script{answers: xs}, &script{answers: os})
	if r.Result != "X" || r.Points != [2]int{100 + 81 - len(moves), 0} || r.Empty != 81-len(moves) || len(r.Turns) != len(moves) {
		t.Fatalf("result %s points %v empty %d turns %d", r.Result, r.Points, r.Empty, len(r.Turns))
	}
	// O wastes its first turn with garbage: it is recorded as invalid and X is called
	// next, with a free move.
	x := &script{answers: xs}
	r, _ = Play(context.Background(), x, &script{answers: append([]string{"zz"}, os...)})
	if r.Turns[1].Invalid == "" || r.Turns[1].Answer != "zz" || r.Invalid[1] < 1 || !strings.HasSuffix(x.seen[1], " xx") {
		t.Fatalf("garbage not counted: %+v, X called with %q", r.Turns[:3], x.seen[1])
	}
}

func TestParseInstructions(t *testing.T) {
	ok := "2\nrandBot\npython3 randBot/bot.py\n\ndepthBot\ncg: ./depthBot/depthbot\n"
	for _, in := range []string{ok, "\ufeff" + ok} { // a byte order mark at the start is skipped
		bots, err := ParseInstructions(strings.NewReader(in), "instructions.txt")
		if err != nil || len(bots) != 2 || bots[0].Name != "randBot" || bots[1].Name != "depthBot" || bots[1].Command != "./depthBot/depthbot" || !bots[1].CodinGame || bots[1].Line != 6 {
			t.Fatalf("%q: %+v %v", in[:5], bots, err)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"", "instructions.txt: empty file"},
		{"two\na\nb\n", "instructions.txt:1: want the number of bots"},
		{"0\n", "instructions.txt:1: want the number of bots"},
		{"2\na\nx\nb\n", "instructions.txt:4: file ends before the command of bot 2 (b)"},
		{"2\na\nx\n", "instructions.txt:3: file ends after 1 of 2 bots"},
		{"1\na\nx\nextra\n", `instructions.txt:4: unexpected line "extra" after the 1 bot`},
		{"1\na\ncg: \n", "instructions.txt:3: command of bot 1 (a) is empty"},
		{"\x00\x00", "instructions.txt: binary data, not instructions: NUL byte at offset 0"},
		{"1\na\nx\n\x00", "instructions.txt:3: binary data, not instructions: NUL byte at offset 6"},
	} {
		_, err := ParseInstructions(strings.NewReader(c.in), "instructions.txt")
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q...", c.in, err, c.want)
		}
	}
}

// FuzzParseInstructions checks that any file parses or fails with an error naming the
// file, never panics, and that a parse yields the announced number of named bots.
func FuzzParseInstructions(f *testing.F) {
	f.Add("2\nrandBot\npython3 randBot/bot.py\ndepthBot\n./depthBot/depthbot\n")
	f.Add("1\na\n'x y' z\n")
	f.Add("3\n\n\na\nb\n")
	f.Fuzz(func(t *testing.T, s string) {
		bots, err := ParseInstructions(strings.NewReader(s), "instructions.txt")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "instructions.txt") {
				t.Fatalf("error without the file name: %v", err)
			}
			return
		}
		n, _ := strconv.Atoi(strings.TrimSpace(strings.SplitN(strings.TrimLeft(s, " \t\r\n"), "\n", 2)[0]))
		if len(bots) != n {
			t.Fatalf("%d bots, file announces %d", len(bots), n)
		}
		for _, b := range bots {
			if b.Name == "" || b.Command == "" {
				t.Fatalf("empty bot %+v", b)
			}
		}
	})
}
