package bot

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/search"
)

// fakeClock is a clock the test sets; it counts the times it is read.
type fakeClock struct {
	mu    sync.Mutex
	t     time.Time
	calls int
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls++
	return c.t
}

func (c *fakeClock) set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

func (c *fakeClock) read() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.calls
}

// feed writes s to w, which a session's reader reads, and waits until the reader has
// stamped it (read the clock once more), so that the clock can move on. It may run on
// the session's goroutine (from a search), so it reports to t with Error.
func feed(t *testing.T, w io.Writer, c *fakeClock, s string) {
	t.Helper()
	before := c.read()
	if _, err := io.WriteString(w, s); err != nil {
		t.Error(err)
		return
	}
	for end := time.Now().Add(20 * time.Second); c.read() == before; time.Sleep(time.Millisecond) {
		if time.Now().After(end) {
			t.Error("the session's reader did not read the line")
			return
		}
	}
}

// searchCall is what a session's search was asked: the position and the limits.
type searchCall struct {
	pos uttt.Position
	lim search.Limits
}

// nextCall returns the session's next search call.
func nextCall(t *testing.T, calls <-chan searchCall) searchCall {
	t.Helper()
	select {
	case c := <-calls:
		return c
	case <-time.After(20 * time.Second):
		t.Fatal("the session did not search")
		return searchCall{}
	}
}

// recordSearch returns a stand-in for Engine.Search that reports each call on calls,
// then runs during(i) for the i-th call (from 0) and answers the first legal move.
func recordSearch(calls chan<- searchCall, during func(i int, p uttt.Position)) func(*search.Engine, context.Context, uttt.Position, search.Limits) search.Result {
	i := 0
	return func(_ *search.Engine, _ context.Context, p uttt.Position, lim search.Limits) search.Result {
		calls <- searchCall{p, lim}
		during(i, p)
		i++
		var buf [81]uttt.Move
		p.Moves(&buf)
		return search.Result{Move: buf[0], Depth: 1}
	}
}

// runSession runs run on the read end of a pipe in a goroutine; it returns the write
// end and a function that closes it and waits for the session's output.
func runSession(t *testing.T, run session) (io.Writer, func() string) {
	pr, pw := io.Pipe()
	var out strings.Builder
	done := make(chan struct{})
	go func() {
		run(context.Background(), pr, &out, io.Discard)
		close(done)
	}()
	return pw, func() string {
		pw.Close()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Fatal("the session did not end at the end of its input")
		}
		return out.String()
	}
}

// TestAIGamesClockFromArrival: each move's budget counts from the arrival of its
// "action move" line, on the session's clock, not from when the session got to it. The
// second action arrives while the first move is being searched and the clock moves on
// four seconds before that search ends: its budget still counts from its arrival.
func TestAIGamesClockFromArrival(t *testing.T) {
	t0 := time.Now().Add(-time.Hour)
	clk := &fakeClock{t: t0}
	calls := make(chan searchCall, 2)
	var in io.Writer
	during := func(i int, _ uttt.Position) {
		if i == 0 {
			clk.set(t0.Add(5 * time.Second))
			feed(t, in, clk, "action move 1000\n")
			clk.set(t0.Add(9 * time.Second))
		}
	}
	a := AIGames{Engine: smallEngine(), MaxTime: 100 * time.Millisecond,
		clock: clock{now: clk.now, search: recordSearch(calls, during)}}
	in, finish := runSession(t, a.Run)
	feed(t, in, clk, strings.TrimSuffix(goodInput["aigames"], "action move 1000\n"))
	clk.set(t0.Add(2 * time.Second))
	feed(t, in, clk, "action move 1000\n")
	for i, want := range []time.Time{t0.Add(2 * time.Second), t0.Add(5 * time.Second)} {
		c := nextCall(t, calls)
		target, most := Allot(time.Second, 500*time.Millisecond, 81-c.pos.Empty(), 100*time.Millisecond)
		if !c.lim.Start.Equal(want) || c.lim.Time != target || c.lim.MaxTime != most {
			t.Errorf("move %d: limits %+v, want the clock from %v (the line's arrival), time %v, at most %v",
				i+1, c.lim, want.Sub(t0), target, most)
		}
	}
	if out := finish(); strings.Count(out, "place_move ") != 2 {
		t.Errorf("output %q, want two moves", out)
	}
}

// cgTurnLines writes a CodinGame turn: the opponent's move m (row col, or -1 -1 for
// NoMove), then the count and list of p's legal moves.
func cgTurnLines(m uttt.Move, p uttt.Position) string {
	var b strings.Builder
	if m == uttt.NoMove {
		b.WriteString("-1 -1\n")
	} else {
		x, y := m.XY()
		fmt.Fprintf(&b, "%d %d\n", y, x)
	}
	var buf [81]uttt.Move
	n := p.Moves(&buf)
	fmt.Fprintf(&b, "%d\n", n)
	for _, a := range buf[:n] {
		x, y := a.XY()
		fmt.Fprintf(&b, "%d %d\n", y, x)
	}
	return b.String()
}

// TestCodinGameClockFromArrival: the first turn, given 1.5 s after the session
// started (as the second player's is), gets its whole first-turn budget counted from
// its first line, and a later turn that arrives while the bot is still searching
// counts from its arrival too, not from when the bot got to it.
func TestCodinGameClockFromArrival(t *testing.T) {
	const first, turn = 800 * time.Millisecond, 100 * time.Millisecond
	t0 := time.Now().Add(-time.Hour)
	clk := &fakeClock{t: t0}
	calls := make(chan searchCall, 2)
	var in io.Writer
	during := func(i int, p uttt.Position) {
		if i == 0 { // the opponent answers our move (the first legal one) with its first legal move
			var buf [81]uttt.Move
			p.Moves(&buf)
			q := p.Play(buf[0])
			q.Moves(&buf)
			clk.set(t0.Add(4 * time.Second))
			feed(t, in, clk, cgTurnLines(buf[0], q.Play(buf[0])))
			clk.set(t0.Add(9 * time.Second))
		}
	}
	g := CodinGame{Engine: smallEngine(), FirstTime: first, TurnTime: turn,
		clock: clock{now: clk.now, search: recordSearch(calls, during)}}
	in, finish := runSession(t, g.Run)
	clk.set(t0.Add(1500 * time.Millisecond))
	opp := uttt.MoveAt(4, 4)
	feed(t, in, clk, cgTurnLines(opp, uttt.Start().Play(opp)))
	for i, want := range []struct {
		start time.Time
		time  time.Duration
	}{{t0.Add(1500 * time.Millisecond), first - CGMargin - first/20}, {t0.Add(4 * time.Second), turn - CGMargin}} {
		c := nextCall(t, calls)
		if !c.lim.Start.Equal(want.start) || c.lim.Time != want.time {
			t.Errorf("turn %d: limits %+v, want the clock from %v (the turn's first line), time %v",
				i+1, c.lim, want.start.Sub(t0), want.time)
		}
	}
	if out := finish(); strings.Count(out, "\n") != 2 {
		t.Errorf("output %q, want two answers", out)
	}
}
