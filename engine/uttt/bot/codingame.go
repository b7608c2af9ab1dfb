package bot

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/search"
)

// CGMargin is kept back from each CodinGame turn's budget for reading, printing and
// scheduling; FirstTime and TurnTime must exceed it.
const CGMargin = 15 * time.Millisecond

// cgMaxLine is the longest line the CodinGame bot reads; a longer one ends the session.
const cgMaxLine = 1 << 16

// CodinGame is a bot for CodinGame's Tic-Tac-Toe (ultimate): each turn it reads the
// opponent's move and the valid actions and answers "row col", keeping the game and
// Engine's transposition table between turns.
type CodinGame struct {
	// Engine searches the moves; nil means a new engine of Options, made once the input
	// is being read.
	Engine *search.Engine
	// Options configure the engine made when Engine is nil; a zero TableBytes means 64 MiB.
	Options search.Options
	// FirstTime and TurnTime are the thinking times of the first and later turns,
	// the margin included, each counted from the arrival of the turn's first line.
	FirstTime, TurnTime time.Duration
	// Depth, when above 0, searches every turn to that depth, ignoring the clock, so
	// the answers depend on the input alone (with one thread).
	Depth int
	// Message appends the search's depth and score to each answer.
	Message bool
	// Verbose writes a line per search (depth, score, nodes, time) to the log.
	Verbose bool
	// Prefix starts each report of a bad line or warning in the log, e.g. "analyze uttt engine: ".
	Prefix string

	clock clock // the clock and the engine's search; zero in use, stand-ins in tests
}

// cgSession is one CodinGame game as the bot sees it.
type cgSession struct {
	eng     *search.Engine
	clock   clock
	depth   int
	first   time.Duration
	turn    time.Duration
	message bool
	verbose bool
	log     io.Writer
	pos     uttt.Position
	turns   int  // turns answered
	lost    bool // the tracked position no longer matches the referee's
}

// Run plays one game: it reads the referee's lines from r and writes the answers to w,
// reporting malformed lines (by number) and warnings to log. A bad opponent move or
// count still gets an answer; a bad action line is skipped. The input is read from
// the start, while the engine is made, and each turn's time counts from the arrival
// of its first line. It returns nil at the end of input, ErrBadInput if any line was
// bad, ctx.Err() once ctx is done, or the error of reading r or writing w.
func (g CodinGame) Run(ctx context.Context, r io.Reader, w io.Writer, log io.Writer) error {
	clk := g.clock.orReal()
	readCtx, stopReading := context.WithCancel(ctx) // the reader stops sending when Run returns
	defer stopReading()
	lines, readErr := readLines(readCtx, r, cgMaxLine, clk.now)
	eng, err := newEngine(g.Engine, g.Options)
	if err != nil {
		return err
	}
	s := &cgSession{eng: eng, clock: clk, depth: g.Depth, first: g.FirstTime,
		turn: g.TurnTime, message: g.Message, verbose: g.Verbose, log: log, pos: uttt.Start()}
	n := 0
	bad := false
	report := func(format string, args ...any) {
		bad = true
		fmt.Fprintf(log, "%sline %d: %s\n", g.Prefix, n, fmt.Sprintf(format, args...))
	}
	// next returns the next line and when it arrived; ok false at the end of input,
	// err non-nil to stop.
	var at time.Time
	next := func() (string, bool, error) {
		select {
		case <-ctx.Done():
			return "", false, ctx.Err()
		case l, ok := <-lines:
			if !ok {
				if err := <-readErr; err != nil {
					return "", false, fmt.Errorf("line %d: %w", n+1, err)
				}
				return "", false, nil
			}
			if l.size > int64(len(l.text)) {
				return "", false, fmt.Errorf("line %d: %w", n+1, bufio.ErrTooLong)
			}
			n++
			at = l.at
			return l.text, true, nil
		}
	}
	out := bufio.NewWriter(w)
	for {
		l, ok, err := next()
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		if strings.TrimSpace(l) == "" {
			continue
		}
		start := at // the turn's clock starts with its first line
		oppLine := n
		r, c, err := cgPair(l, -1)
		oppOK := err == nil && (r < 0) == (c < 0)
		if !oppOK {
			if err == nil {
				err = fmt.Errorf("%s: want both numbers -1 or both 0..8", quote(strings.TrimSpace(l)))
			}
			report("opponent move: %v", err)
		}
		l, ok, err = next()
		if err != nil {
			return err
		}
		if !ok {
			report("input ends before validActionCount")
			break
		}
		var actions []uttt.Move
		count, cerr := strconv.Atoi(strings.TrimSpace(l))
		if cerr != nil || count < 0 || count > 81 {
			report("validActionCount %q: want a number 0..81; answering from my own move generation", clip(strings.TrimSpace(l)))
			count = -1
		}
		for k := 0; k < count; k++ {
			l, ok, err = next()
			if err != nil {
				return err
			}
			if !ok {
				report("input ends after %d of %d valid actions", k, count)
				break
			}
			ar, ac, err := cgPair(l, 0)
			if err != nil {
				report("valid action %d of %d: %v (skipped)", k+1, count, err)
				continue
			}
			actions = append(actions, uttt.MoveAt(ac, ar))
		}
		if !ok {
			break
		}
		if oppOK {
			if err := s.opponent(r, c); err != nil {
				bad = true
				fmt.Fprintf(log, "%sline %d: %v\n", g.Prefix, oppLine, err)
			}
		}
		answer, warn := s.answer(ctx, start, actions, count >= 0)
		if warn != "" {
			fmt.Fprintf(log, "%sline %d: %s\n", g.Prefix, n, warn)
		}
		if answer == "" {
			report("no legal move to answer with; no answer sent")
			continue
		}
		out.WriteString(answer)
		if err := out.Flush(); err != nil {
			return err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	if bad {
		return ErrBadInput
	}
	return nil
}

// cgPair reads "row col" with both numbers in lo..8 (lo is -1 for the opponent's line).
func cgPair(line string, lo int) (r, c int, err error) {
	f := strings.Fields(line)
	want := fmt.Errorf("%q: want ROW COL, two numbers %d..8", clip(strings.TrimSpace(line)), lo)
	if len(f) != 2 {
		return 0, 0, want
	}
	r, err1 := strconv.Atoi(f[0])
	c, err2 := strconv.Atoi(f[1])
	if err1 != nil || err2 != nil || r < lo || r > 8 || c < lo || c > 8 {
		return 0, 0, want
	}
	return r, c, nil
}

// opponent applies the opponent's move (row, col), or a pass (-1 -1 after the first
// turn: the referee judged its answer invalid and gives this bot a free move).
func (s *cgSession) opponent(r, c int) error {
	if s.lost {
		return nil
	}
	if r < 0 {
		if s.turns == 0 && s.pos.Empty() == 81 {
			return nil // we move first
		}
		s.pos = s.pos.Pass()
		return nil
	}
	m := uttt.MoveAt(c, r)
	if !s.pos.IsLegal(m) {
		s.lost = true
		return fmt.Errorf("opponent move %d %d is illegal in the game as I follow it (%s); from now on I play the given actions", r, c, s.pos.WhyIllegal(m))
	}
	s.pos = s.pos.Play(m)
	return nil
}

// answer chooses the move of this turn and returns the answer line, and a warning
// when the given actions disagree with the engine's move generation.
func (s *cgSession) answer(ctx context.Context, start time.Time, actions []uttt.Move, given bool) (string, string) {
	first := s.turns == 0
	s.turns++
	var own []uttt.Move
	if !s.lost {
		var buf [81]uttt.Move
		own = append(own, buf[:s.pos.Moves(&buf)]...)
	}
	warn := ""
	if given && !s.lost && !sameMoves(own, actions) {
		warn = fmt.Sprintf("the %d valid actions given disagree with my %d legal moves (%s); playing one of the given actions",
			len(actions), len(own), movesDiff(actions, own))
	}
	if len(own) == 0 && len(actions) == 0 {
		return "", warn
	}
	budget, margin := s.turn, CGMargin
	if first {
		budget, margin = s.first, CGMargin+s.first/20
	}
	var m uttt.Move
	var res search.Result
	searched := false
	if len(own) > 0 {
		lim := search.Limits{Start: start, Time: budget - margin}
		if s.depth > 0 {
			lim = search.Limits{Depth: s.depth}
		}
		res = s.clock.search(s.eng, ctx, s.pos, lim)
		m, searched = res.Move, true
	}
	if given && len(actions) > 0 && !slices.Contains(actions, m) {
		m = actions[0]
		for _, a := range actions {
			if slices.Contains(own, a) {
				m = a
				break
			}
		}
	}
	if !given && !slices.Contains(own, m) {
		return "", warn
	}
	if !s.lost {
		if s.pos.IsLegal(m) {
			s.pos = s.pos.Play(m)
		} else {
			s.lost = true
		}
	}
	x, y := m.XY()
	line := fmt.Sprintf("%d %d", y, x)
	if s.message && searched {
		line += fmt.Sprintf(" d%d %d", res.Depth, res.Score)
	}
	if s.verbose && searched {
		fmt.Fprintf(s.log, "turn %d: move %d %d depth %d score %d nodes %d time %v (budget %v)\n",
			s.turns, y, x, res.Depth, res.Score, res.Nodes, res.Time.Round(time.Millisecond), budget)
	}
	return line + "\n", warn
}

// sameMoves reports whether a and b hold the same moves, in any order.
func sameMoves(a, b []uttt.Move) bool {
	if len(a) != len(b) {
		return false
	}
	var in [81]bool
	for _, m := range a {
		in[m] = true
	}
	for _, m := range b {
		if !in[m] {
			return false
		}
	}
	return true
}

// movesDiff describes the actions given but not legal and the legal moves not given,
// as "row col" pairs, a few of each.
func movesDiff(given, own []uttt.Move) string {
	list := func(ms []uttt.Move, not []uttt.Move) string {
		var parts []string
		for _, m := range ms {
			if !slices.Contains(not, m) {
				x, y := m.XY()
				parts = append(parts, fmt.Sprintf("%d %d", y, x))
			}
		}
		if len(parts) > 5 {
			parts = append(parts[:5], "...")
		}
		if len(parts) == 0 {
			return "none"
		}
		return strings.Join(parts, ", ")
	}
	return fmt.Sprintf("given but not legal: %s; legal but not given: %s", list(given, own), list(own, given))
}
