package utttcmd

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
)

// aiEncoding writes the field and macroboard of a position in one of the protocol's
// two encodings: old (0 empty, 1 and 2) or newer (. empty, 0 and 1).
type aiEncoding struct{ empty, first, second, undecided string }

var (
	aiOld   = aiEncoding{"0", "1", "2", "0"}
	aiNewer = aiEncoding{".", "0", "1", "."}
)

func (e aiEncoding) field(p *uttt.Position) string {
	cells := make([]string, 81)
	for y := 0; y < 9; y++ {
		for x := 0; x < 9; x++ {
			m := uttt.MoveAt(x, y)
			switch p.Cell(m.Board(), m.Tile()) {
			case 'X':
				cells[y*9+x] = e.first
			case 'O':
				cells[y*9+x] = e.second
			default:
				cells[y*9+x] = e.empty
			}
		}
	}
	return strings.Join(cells, ",")
}

func (e aiEncoding) macroboard(p *uttt.Position) string {
	cells := make([]string, 9)
	for b := range cells {
		switch st := p.BoardStatus(b); {
		case st == uttt.XWon:
			cells[b] = e.first
		case st == uttt.OWon:
			cells[b] = e.second
		case !p.Closed(b) && (p.Forced() < 0 || p.Forced() == b):
			cells[b] = "-1"
		default:
			cells[b] = e.undecided
		}
	}
	return strings.Join(cells, ",")
}

// aiProcess runs the engine command on pipes.
type aiProcess struct {
	in     *io.PipeWriter
	out    *bufio.Reader
	stderr strings.Builder
	done   chan int
}

func startAI(t *testing.T, args ...string) *aiProcess {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	a := &aiProcess{in: inW, out: bufio.NewReader(outR), done: make(chan int, 1)}
	go func() {
		code := runEngine(context.Background(), args, inR, outW, &lockedWriter{b: &a.stderr})
		outW.Close()
		a.done <- code
	}()
	return a
}

type lockedWriter struct{ b *strings.Builder }

func (w *lockedWriter) Write(p []byte) (int, error) { return w.b.Write(p) }

func (a *aiProcess) send(t *testing.T, lines ...string) {
	t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(a.in, l+"\n"); err != nil {
			t.Fatal(err)
		}
	}
}

func (a *aiProcess) reply(t *testing.T) string {
	t.Helper()
	l, err := a.out.ReadString('\n')
	if err != nil {
		t.Fatalf("no reply: %v", err)
	}
	return strings.TrimSpace(l)
}

func (a *aiProcess) close(t *testing.T) int {
	a.in.Close()
	select {
	case c := <-a.done:
		return c
	case <-time.After(10 * time.Second):
		t.Fatal("engine did not stop at the end of input")
	}
	return -1
}

func parsePlaceMove(t *testing.T, l string) uttt.Move {
	t.Helper()
	var x, y int
	if n, err := fmt.Sscanf(l, "place_move %d %d", &x, &y); n != 2 || err != nil || x < 0 || x > 8 || y < 0 || y > 8 {
		t.Fatalf("reply %q: want place_move X Y", l)
	}
	return uttt.MoveAt(x, y)
}

// TestAIGamesFullGames plays whole games against a random scripted opponent, with the
// engine as either player, in both field encodings; every answer must be legal.
func TestAIGamesFullGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, enc := range []aiEncoding{aiOld, aiNewer} {
		for _, engineSide := range []uttt.Side{uttt.X, uttt.O} {
			a := startAI(t, "--max-time", "15ms", "--hash", "4")
			id := enc.first
			if engineSide == uttt.O {
				id = enc.second
			}
			a.send(t, "settings timebank 10000", "settings time_per_move 500",
				"settings player_names player1,player2", "settings your_bot player1", "settings your_botid "+id)
			p := uttt.Start()
			round := 1
			for p.Status() == uttt.Ongoing {
				var m uttt.Move
				if p.Side() == engineSide {
					a.send(t, fmt.Sprintf("update game round %d", round), fmt.Sprintf("update game move %d", 81-p.Empty()+1),
						"update game field "+enc.field(&p), "update game macroboard "+enc.macroboard(&p), "action move 10000")
					m = parsePlaceMove(t, a.reply(t))
					if !p.IsLegal(m) {
						t.Fatalf("encoding %v: illegal answer %v in\n%s", enc, m, uttt.Display(&p, false))
					}
					round++
				} else {
					var buf [81]uttt.Move
					n := p.Moves(&buf)
					m = buf[rng.IntN(n)]
				}
				p = p.Play(m)
			}
			if code := a.close(t); code != 0 || a.stderr.Len() != 0 {
				t.Fatalf("exit %d, stderr %q", code, a.stderr.String())
			}
			if p.Status() != uttt.XWon+uttt.Status(engineSide) {
				t.Errorf("engine as %v lost or drew against random moves (%v)", engineSide, p.Status())
			}
		}
	}
}

// TestAIGamesScripted checks a fixed session: the spec example's position in both
// encodings, a forced win found, and bad lines reported without stopping the session.
func TestAIGamesScripted(t *testing.T) {
	p, _ := uttt.ParseMoves(strings.Fields("40 04 48 84 44 31 13 30 03 34 12 23 35 53 36 63 32 28 83 38"))
	for _, enc := range []aiEncoding{aiOld, aiNewer} {
		a := startAI(t, "--max-time", "50ms")
		a.send(t, "settings your_botid "+enc.first, "update game field "+enc.field(&p),
			"update game macroboard "+enc.macroboard(&p), "action move 5000")
		m := parsePlaceMove(t, a.reply(t))
		if m.Board() != 8 {
			t.Errorf("move %v is not in board 8", m)
		}
		a.send(t,
			"settings timebank abc",        // bad time
			"update game field 0,0",        // short field
			"update game macroboard -1,-1", // short macroboard
			"hello",                        // unknown line
			"settings your_botid 7",        // bad id
			"update game field "+strings.Repeat("3,", 80)+"3", // bad cells
			"action move 100") // fails: bad field kept
		a.send(t, "update game field "+enc.field(&p), "action move 100")
		m = parsePlaceMove(t, a.reply(t))
		if !p.IsLegal(m) {
			t.Errorf("illegal %v after bad lines", m)
		}
		if code := a.close(t); code != 1 {
			t.Errorf("exit %d after bad lines, want 1", code)
		}
		errs := a.stderr.String()
		for _, want := range []string{"line 5: settings timebank", "line 6: field: want 81", "line 7: macroboard: want 9",
			"line 8: cannot read \"hello\"", "line 9: settings your_botid", "line 11: action move: field cell 0 (x 0, y 0)"} {
			if !strings.Contains(errs, want) {
				t.Errorf("stderr lacks %q:\n%s", want, errs)
			}
		}
	}
}

func TestAIGamesFirstMoveAndWin(t *testing.T) {
	// The empty board in the newer encoding, engine to move as player 0.
	s := uttt.Start()
	a := startAI(t, "--max-time", "30ms")
	a.send(t, "settings your_botid 0", "update game field "+aiNewer.field(&s), "update game macroboard "+aiNewer.macroboard(&s), "action move 10000")
	if m := parsePlaceMove(t, a.reply(t)); !s.IsLegal(m) {
		t.Fatalf("illegal first move %v", m)
	}
	a.close(t)
	// A position where the mover wins at once must be answered with the win.
	rng := rand.New(rand.NewPCG(9, 9))
	for found := 0; found < 5; {
		p := uttt.Start()
		for p.Status() == uttt.Ongoing {
			var buf [81]uttt.Move
			n := p.Moves(&buf)
			win := uttt.NoMove
			for _, m := range buf[:n] {
				if q := p.Play(m); q.Status() == uttt.XWon+uttt.Status(p.Side()) {
					win = m
				}
			}
			if win != uttt.NoMove {
				found++
				id := aiOld.first
				if p.Side() == uttt.O {
					id = aiOld.second
				}
				a := startAI(t, "--max-time", "30ms")
				a.send(t, "settings your_botid "+id, "update game field "+aiOld.field(&p), "update game macroboard "+aiOld.macroboard(&p), "action move 10000")
				m := parsePlaceMove(t, a.reply(t))
				if q := p.Play(m); q.Status() != uttt.XWon+uttt.Status(p.Side()) {
					t.Fatalf("missed the win %v, played %v", win, m)
				}
				a.close(t)
				break
			}
			p = p.Play(buf[rng.IntN(n)])
		}
	}
}
