// Package bot runs the uttt engine as a persistent bot speaking the AI Games
// (riddles.io) or CodinGame protocol over any reader and writer, and plays single turns
// of the spec's one-process-per-turn protocol (Turn).
package bot

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/search"
	"github.com/boardlab/boardlab/fileio"
)

// ErrBadInput is returned by a session that reached the end of its input after
// reporting at least one bad line.
var ErrBadInput = errors.New("bad input lines were reported")

// AIGames is an AI Games Ultimate Tic Tac Toe bot: it answers each "action move" with
// "place_move X Y", keeping Engine's transposition table between moves.
type AIGames struct {
	// Engine searches the moves; nil means a new engine of Options, made once the input
	// is being read.
	Engine *search.Engine
	// Options configure the engine made when Engine is nil; a zero TableBytes means 64 MiB.
	Options search.Options
	// MaxTime caps the thinking time of a move (0: only the time bank limits).
	MaxTime time.Duration
	// Depth, when above 0, searches every move to that depth, ignoring the clock, so
	// the answers depend on the input alone (with one thread).
	Depth int
	// Verbose writes a line per search (depth, score, nodes, time) to the log.
	Verbose bool
	// Prefix starts each report of a bad line or warning in the log, e.g. "analyze uttt engine: ".
	Prefix string

	clock clock // the clock and the engine's search; zero in use, stand-ins in tests
}

// aiSession is the state of one AI Games session: the settings and the latest update
// lines, and the engine whose table persists between moves.
type aiSession struct {
	eng      *search.Engine
	clock    clock
	maxTime  time.Duration
	depth    int
	verbose  bool
	log      io.Writer
	prefix   string
	timebank time.Duration
	perMove  time.Duration
	botID    string
	names    []string
	field    []string
	macro    []string
	round    int
	move     int
}

// aiMaxLine is the longest line the bot reads; a longer one is reported and skipped
// (a field line is under 200 bytes).
const aiMaxLine = 1 << 16

// aiMargin is kept back from the move's budget for reading, printing and scheduling.
const aiMargin = 15 * time.Millisecond

// Run plays one session: it reads the server's lines from r and writes the answers to
// w, reporting bad lines (by number, then skipped) and warnings to log. The input is
// read from the start, while the engine is made, and each move's time counts from the
// arrival of its "action move" line. It returns nil at the end of input, ErrBadInput
// if any line was bad, ctx.Err() once ctx is done, or the error of reading r or
// writing w.
func (a AIGames) Run(ctx context.Context, r io.Reader, w io.Writer, log io.Writer) error {
	clk := a.clock.orReal()
	readCtx, stopReading := context.WithCancel(ctx) // the reader stops sending when Run returns
	defer stopReading()
	lines, readErr := readLines(readCtx, r, aiMaxLine, clk.now)
	eng, err := newEngine(a.Engine, a.Options)
	if err != nil {
		return err
	}
	s := &aiSession{eng: eng, clock: clk, maxTime: a.MaxTime, depth: a.Depth,
		verbose: a.Verbose, log: log, prefix: a.Prefix, timebank: 10 * time.Second, perMove: 500 * time.Millisecond}
	bad := false
	out := bufio.NewWriter(w)
	for n := int64(1); ; n++ {
		var line inputLine
		var ok bool
		select {
		case <-ctx.Done():
			return ctx.Err()
		case line, ok = <-lines:
		}
		if !ok {
			if err := <-readErr; err != nil {
				return fmt.Errorf("line %d: %w", n, err)
			}
			break
		}
		n = line.number
		if line.size > int64(len(line.text)) {
			bad = true
			fmt.Fprintf(log, "%sline %d: a line of %d bytes is longer than %d: %q (skipped)\n", a.Prefix, n, line.size, aiMaxLine, fileio.Prefix([]byte(line.text), 40))
			continue
		}
		reply, err := s.handle(ctx, line.text, line.at)
		if err != nil {
			bad = true
			fmt.Fprintf(log, "%sline %d: %v\n", a.Prefix, n, err)
		}
		if reply != "" {
			out.WriteString(reply)
			if err := out.Flush(); err != nil {
				return err
			}
		}
	}
	if bad {
		return ErrBadInput
	}
	return nil
}

// handle processes one line, which arrived at at, and returns the reply to print, if any.
func (s *aiSession) handle(ctx context.Context, line string, at time.Time) (string, error) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return "", nil
	}
	ms := func(v string) (time.Duration, error) {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 || n > 1e9 {
			return 0, fmt.Errorf("%s: want a time in milliseconds", quote(v))
		}
		return time.Duration(n) * time.Millisecond, nil
	}
	count := func(v string) (int, error) {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("%s: want a number", quote(v))
		}
		return n, nil
	}
	var err error
	switch {
	case f[0] == "settings" && len(f) == 3:
		switch f[1] {
		case "timebank":
			s.timebank, err = ms(f[2])
		case "time_per_move":
			s.perMove, err = ms(f[2])
		case "player_names":
			s.names = strings.Split(f[2], ",")
		case "your_bot":
		case "your_botid":
			if f[2] != "0" && f[2] != "1" && f[2] != "2" {
				err = fmt.Errorf("your_botid %s: want 0, 1 or 2", quote(f[2]))
			} else {
				s.botID = f[2]
			}
		default:
			return "", fmt.Errorf("unknown setting %s (ignored)", quote(f[1]))
		}
	case f[0] == "update" && len(f) == 4 && f[1] == "game":
		switch f[2] {
		case "round":
			s.round, err = count(f[3])
		case "move":
			s.move, err = count(f[3])
		case "field":
			cells := strings.Split(f[3], ",")
			if len(cells) != 81 {
				return "", fmt.Errorf("field: want 81 comma-separated cells, got %d", len(cells))
			}
			s.field = cells
		case "macroboard":
			cells := strings.Split(f[3], ",")
			if len(cells) != 9 {
				return "", fmt.Errorf("macroboard: want 9 comma-separated values, got %d", len(cells))
			}
			s.macro = cells
		default:
			return "", fmt.Errorf("unknown update %s (ignored)", quote(f[2]))
		}
	case f[0] == "update" && len(f) == 4:
		return "", nil // updates about players (e.g. "update player0 ...") carry nothing we need
	case f[0] == "action" && len(f) == 3 && f[1] == "move":
		bank, err := ms(f[2])
		if err != nil {
			return "", fmt.Errorf("action move: time bank %v", err)
		}
		return s.act(ctx, bank, at)
	default:
		return "", fmt.Errorf("cannot read %q: want settings KEY VALUE, update game KEY VALUE or action move T", clip(line))
	}
	if err != nil {
		return "", fmt.Errorf("%s %s: %v", f[0], f[1], err)
	}
	return "", nil
}

// quote quotes the start of an input value for a message, never echoing a long one whole.
func quote(s string) string { return fileio.QuotePrefix([]byte(s), 40) }

func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}

// position turns the latest field and macroboard into a position with our bot to move,
// and returns the boards the server lets us play in.
func (s *aiSession) position() (uttt.Position, uint16, error) {
	if s.field == nil {
		return uttt.Position{}, 0, errors.New("no field yet (update game field)")
	}
	if s.macro == nil {
		return uttt.Position{}, 0, errors.New("no macroboard yet (update game macroboard)")
	}
	newer := false
	for _, c := range s.field {
		if c == "." {
			newer = true
			break
		}
	}
	empty, first, second := "0", "1", "2"
	if newer {
		empty, first, second = ".", "0", "1"
	}
	var grid [81]byte
	nx, no := 0, 0
	for i, c := range s.field {
		switch c {
		case empty:
			grid[i] = '-'
		case first:
			grid[i], nx = 'X', nx+1
		case second:
			grid[i], no = 'O', no+1
		default:
			enc := "old encoding: 0 empty, 1 and 2 players"
			if newer {
				enc = "newer encoding: . empty, 0 and 1 players"
			}
			return uttt.Position{}, 0, fmt.Errorf("field cell %d (x %d, y %d) is %s (%s)", i, i%9, i/9, quote(c), enc)
		}
	}
	me := s.botID
	if me == "" {
		return uttt.Position{}, 0, errors.New("no bot id yet (settings your_botid)")
	}
	if me != first && me != second {
		return uttt.Position{}, 0, fmt.Errorf("your_botid %s is not a player of the field's encoding (%s, %s)", me, first, second)
	}
	side := uttt.X
	if me == second {
		side = uttt.O
	}
	if side == uttt.X && nx != no || side == uttt.O && nx != no+1 {
		fmt.Fprintf(s.log, "%swarning: %d tiles of the first player and %d of the second, yet %s is to move\n", s.prefix, nx, no, side)
	}
	var playable uint16
	for b, c := range s.macro {
		switch c {
		case "-1":
			playable |= 1 << b
		case ".", "0", "1", "2":
		default:
			return uttt.Position{}, 0, fmt.Errorf("macroboard value %d is %s: want -1, ., 0, 1 or 2", b, quote(c))
		}
	}
	if playable == 0 {
		return uttt.Position{}, 0, errors.New("the macroboard marks no board playable (-1)")
	}
	p, err := uttt.FromGrid(&grid, side, playable)
	if err != nil {
		// An odd macroboard (several boards but not all open ones): search the free
		// position and keep to the server's boards.
		var perr error
		if p, perr = uttt.FromGrid(&grid, side, 0); perr != nil {
			return uttt.Position{}, 0, err
		}
		fmt.Fprintf(s.log, "%swarning: %v; playing in those boards only\n", s.prefix, err)
	}
	return p, playable, nil
}

// budget returns the thinking time for this move from the time bank (Allot).
func (s *aiSession) budget(p *uttt.Position, bank time.Duration) time.Duration {
	t, _ := Allot(bank, s.perMove, 81-p.Empty(), s.maxTime)
	return t
}

// Allot is the AI Games bot's time-bank policy. A move with bank left for it (the time of
// "action move"), perMove added to the bank after each move and plies played so far
// is allotted target = min(perMove + bank/n, bank/2) - 15 ms, at least 5 ms, where
// n = max((50-plies)/2, 6) is the bot's moves likely left; an unclear decision may go
// on to most = min(3 target, bank/3 - 15 ms), never below target. maxTime > 0 caps
// both. A move thus takes at most a third of the bank (or 5 ms), which keeps a bank
// that is refilled by perMove from running out.
func Allot(bank, perMove time.Duration, plies int, maxTime time.Duration) (target, most time.Duration) {
	left := time.Duration(max((50-plies)/2, 6))
	target = min(perMove+bank/left, bank/2) - aiMargin
	if maxTime > 0 {
		target = min(target, maxTime)
	}
	target = max(target, 5*time.Millisecond)
	most = max(min(3*target, bank/3-aiMargin), target)
	if maxTime > 0 {
		most = min(most, maxTime)
	}
	return target, most
}

// act searches the current position, its clock started at at, and returns "place_move X Y".
func (s *aiSession) act(ctx context.Context, bank time.Duration, at time.Time) (string, error) {
	p, playable, err := s.position()
	if err != nil {
		return "", fmt.Errorf("action move: %v; no move sent", err)
	}
	var buf [81]uttt.Move
	n := p.Moves(&buf)
	allowed := buf[:0]
	for _, m := range buf[:n] {
		if playable>>m.Board()&1 != 0 {
			allowed = append(allowed, m)
		}
	}
	if len(allowed) == 0 {
		return "", errors.New("action move: no empty tile in the playable boards; no move sent")
	}
	t, most := Allot(bank, s.perMove, 81-p.Empty(), s.maxTime)
	lim := search.Limits{Start: at, Time: t, MaxTime: most}
	if s.depth > 0 {
		lim = search.Limits{Depth: s.depth}
	}
	r := s.clock.search(s.eng, ctx, p, lim)
	m := r.Move
	if !p.IsLegal(m) || playable>>m.Board()&1 == 0 {
		m = allowed[0]
	}
	if s.verbose {
		fmt.Fprintf(s.log, "round %d: move %s depth %d score %d nodes %d time %v (budget %v, at most %v)\n",
			s.round, m, r.Depth, r.Score, r.Nodes, r.Time.Round(time.Millisecond), t.Round(time.Millisecond), most.Round(time.Millisecond))
	}
	x, y := m.XY()
	return fmt.Sprintf("place_move %d %d\n", x, y), nil
}
