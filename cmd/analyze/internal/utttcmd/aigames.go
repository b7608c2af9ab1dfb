package utttcmd

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/internal/machine"
)

const aigamesUsage = "analyze uttt engine [--protocol aigames|codingame] [--hash SIZE] [--threads N] [--max-time DURATION] [--verbose]"

const aigamesDescription = `A persistent bot speaking the AI Games (theaigames.com, riddles.io) Ultimate Tic
Tac Toe protocol on stdin and stdout. It reads lines

  settings timebank T | time_per_move T | player_names A,B | your_bot A | your_botid ID
  update game round R | move M | field F | macroboard M
  action move T

and answers each "action move" with "place_move X Y" (X the column, Y the row of the
9x9 grid, 0..8). F is 81 comma-separated cells row by row, in either encoding: the
old one (0 empty, 1 and 2 the players' ids) or the newer one (. empty, 0 and 1); a
field holding '.' is the newer one. M lists the 9 boards: -1 where the mover may play.
The bot moving first is X. The transposition table is kept between moves. The time
per move comes from the time bank of "action move" (ms) and time_per_move: about
time_per_move plus the bank over the moves likely left, never more than half the bank,
less a safety margin; when the best move changes or the score falls between
iterations the search may go on up to three times that (within a third of the bank). Bad lines are reported on stderr with their line number and
skipped; the engine never answers an illegal move. It ends at the end of input (exit
0, or 1 if any line was bad) or on Ctrl-C (130).`

// aiSession is the state of one AI Games session: the settings and the latest update
// lines, and the engine whose table persists between moves.
type aiSession struct {
	eng      *uttt.Engine
	threads  int
	maxTime  time.Duration
	verbose  bool
	stderr   io.Writer
	timebank time.Duration
	perMove  time.Duration
	botID    string
	names    []string
	field    []string
	macro    []string
	round    int
	move     int
}

// aiMaxLine is the longest line the engine reads; a longer one is reported and skipped
// (a field line is under 200 bytes).
const aiMaxLine = 1 << 16

// aiMargin is kept back from the move's budget for reading, printing and scheduling.
const aiMargin = 15 * time.Millisecond

func runAIGames(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	const name = "uttt engine"
	if usesCodinGame(args) {
		return runCodinGame(ctx, args, stdin, stdout, stderr)
	}
	fs := cli.NewFlagSet(name, aigamesUsage, aigamesDescription+codingameHelp, stderr)
	protocol := fs.String("protocol", "aigames", "`PROTOCOL` spoken: aigames or codingame (see --protocol codingame -h)")
	hash := hashFlag(fs, 64<<20)
	threads := fs.Int("threads", 1, "search threads")
	maxTime := fs.Duration("max-time", 0, "never think longer than this per move (0: only the time bank limits)")
	verbose := fs.Bool("verbose", false, "report each search (depth, score, nodes, time) on stderr")
	pos, code := cli.Parse(fs, args)
	if code >= 0 {
		return code
	}
	switch {
	case *protocol != "aigames":
		return cli.Usagef(stderr, name, "--protocol %q: want aigames or codingame", *protocol)
	case len(pos) > 0:
		return cli.Usagef(stderr, name, "unexpected argument %q", pos[0])
	case *threads < 1 || *threads > 256:
		return cli.Usagef(stderr, name, "--threads %d: want 1..256", *threads)
	case *maxTime < 0:
		return cli.Usagef(stderr, name, "--max-time %v: want a positive duration", *maxTime)
	}
	if err := machine.CheckAlloc(int64(hash.Bytes)); err != nil {
		return cli.Usagef(stderr, name, "--hash %s: the transposition table %v; give a smaller --hash", hash.Text, err)
	}
	s := &aiSession{eng: uttt.NewEngine(int(hash.Bytes >> 20)), threads: *threads, maxTime: *maxTime, verbose: *verbose,
		stderr: stderr, timebank: 10 * time.Second, perMove: 500 * time.Millisecond}
	type aiLine struct {
		text         string
		number, size int64
	}
	lines := make(chan aiLine)
	readErr := make(chan error, 1)
	go func() {
		lr := fileio.NewLineReader(stdin, aiMaxLine)
		for {
			line, n, size, ok := lr.Next()
			if !ok {
				break
			}
			select {
			case lines <- aiLine{string(line), n, size}:
			case <-ctx.Done():
				return
			}
		}
		readErr <- lr.Err()
		close(lines)
	}()
	bad := false
	out := bufio.NewWriter(stdout)
	for n := int64(1); ; n++ {
		var line aiLine
		var ok bool
		select {
		case <-ctx.Done():
			fmt.Fprintf(stderr, "analyze %s: interrupted\n", name)
			return cli.ExitInterrupted
		case line, ok = <-lines:
		}
		if !ok {
			if err := <-readErr; err != nil {
				fmt.Fprintf(stderr, "analyze %s: line %d: %v\n", name, n, err)
				return cli.ExitFail
			}
			break
		}
		n = line.number
		if line.size > int64(len(line.text)) {
			bad = true
			fmt.Fprintf(stderr, "analyze %s: line %d: a line of %d bytes is longer than %d: %q (skipped)\n", name, n, line.size, aiMaxLine, fileio.Prefix([]byte(line.text), 40))
			continue
		}
		reply, err := s.handle(ctx, line.text)
		if err != nil {
			bad = true
			fmt.Fprintf(stderr, "analyze %s: line %d: %v\n", name, n, err)
		}
		if reply != "" {
			out.WriteString(reply)
			if err := out.Flush(); err != nil {
				fmt.Fprintf(stderr, "analyze %s: %v\n", name, err)
				return cli.ExitFail
			}
		}
	}
	if bad {
		return cli.ExitFail
	}
	return cli.ExitOK
}

// handle processes one line and returns the reply to print, if any.
func (s *aiSession) handle(ctx context.Context, line string) (string, error) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return "", nil
	}
	ms := func(v string) (time.Duration, error) {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 || n > 1e9 {
			return 0, fmt.Errorf("%q: want a time in milliseconds", v)
		}
		return time.Duration(n) * time.Millisecond, nil
	}
	count := func(v string) (int, error) {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("%q: want a number", v)
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
				err = fmt.Errorf("your_botid %q: want 0, 1 or 2", f[2])
			} else {
				s.botID = f[2]
			}
		default:
			return "", fmt.Errorf("unknown setting %q (ignored)", f[1])
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
			return "", fmt.Errorf("unknown update %q (ignored)", f[2])
		}
	case f[0] == "update" && len(f) == 4:
		return "", nil // updates about players (e.g. "update player0 ...") carry nothing we need
	case f[0] == "action" && len(f) == 3 && f[1] == "move":
		bank, err := ms(f[2])
		if err != nil {
			return "", fmt.Errorf("action move: time bank %v", err)
		}
		return s.act(ctx, bank)
	default:
		return "", fmt.Errorf("cannot read %q: want settings KEY VALUE, update game KEY VALUE or action move T", clip(line))
	}
	if err != nil {
		return "", fmt.Errorf("%s %s: %v", f[0], f[1], err)
	}
	return "", nil
}

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
			return uttt.Position{}, 0, fmt.Errorf("field cell %d (x %d, y %d) is %q (%s)", i, i%9, i/9, c, enc)
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
		fmt.Fprintf(s.stderr, "analyze uttt engine: warning: %d tiles of the first player and %d of the second, yet %s is to move\n", nx, no, side)
	}
	var playable uint16
	for b, c := range s.macro {
		switch c {
		case "-1":
			playable |= 1 << b
		case ".", "0", "1", "2":
		default:
			return uttt.Position{}, 0, fmt.Errorf("macroboard value %d is %q: want -1, ., 0, 1 or 2", b, c)
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
		fmt.Fprintf(s.stderr, "analyze uttt engine: warning: %v; playing in those boards only\n", err)
	}
	return p, playable, nil
}

// budget returns the thinking time for this move from the time bank (aiAllot).
func (s *aiSession) budget(p *uttt.Position, bank time.Duration) time.Duration {
	t, _ := aiAllot(bank, s.perMove, 81-p.Empty(), s.maxTime)
	return t
}

// aiAllot is the bot's time-bank policy. A move with bank left for it (the time of
// "action move"), perMove added to the bank after each move and plies played so far
// is allotted target = min(perMove + bank/n, bank/2) - aiMargin, at least 5 ms, where
// n = max((50-plies)/2, 6) is the bot's moves likely left; an unclear decision may go
// on to most = min(3 target, bank/3 - aiMargin), never below target. maxTime > 0 caps
// both. A move thus takes at most a third of the bank (or 5 ms), which keeps a bank
// that is refilled by perMove from running out.
func aiAllot(bank, perMove time.Duration, plies int, maxTime time.Duration) (target, most time.Duration) {
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

// act searches the current position and returns "place_move X Y".
func (s *aiSession) act(ctx context.Context, bank time.Duration) (string, error) {
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
	t, most := aiAllot(bank, s.perMove, 81-p.Empty(), s.maxTime)
	r := s.eng.Search(ctx, p, uttt.Limits{Time: t, MaxTime: most, Threads: s.threads})
	m := r.Move
	if !p.IsLegal(m) || playable>>m.Board()&1 == 0 {
		m = allowed[0]
	}
	if s.verbose {
		fmt.Fprintf(s.stderr, "round %d: move %s depth %d score %d nodes %d time %v (budget %v, at most %v)\n",
			s.round, m, r.Depth, r.Score, r.Nodes, r.Time.Round(time.Millisecond), t.Round(time.Millisecond), most.Round(time.Millisecond))
	}
	x, y := m.XY()
	return fmt.Sprintf("place_move %d %d\n", x, y), nil
}
