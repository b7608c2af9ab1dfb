package utttcmd

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/uttt"
)

const codingameUsage = "analyze uttt engine --protocol codingame [--first-time DURATION] [--turn-time DURATION] [--hash SIZE] [--threads N] [--message] [--verbose]"

const codingameDescription = `A persistent bot speaking CodinGame's Tic-Tac-Toe (ultimate) protocol on stdin and
stdout. Each turn it reads

  opponentRow opponentCol      (-1 -1 when it moves first, or when the opponent passed)
  validActionCount
  row col                      (validActionCount lines)

and answers "row col" (rows and columns of the 9x9 grid, 0..8), with --message
followed by the search's depth and score as CodinGame's message. It keeps the game
and its transposition table between turns. It thinks --first-time on its first turn
and --turn-time on the others, less a margin of 15 ms (and a twentieth of
--first-time on the first turn), counted from the turn's first line, and on the
first turn from the process's start, since a referee's clock runs from there. A
malformed line is reported on stderr with its line number: a bad opponent move or
count still gets an answer (one of the given actions, or a legal move of its own); a
bad action line is skipped. When the given actions disagree with its own
move generation it says so on stderr and plays one of the given actions. It ends at
the end of input (exit 0, or 1 if any line was bad) or on Ctrl-C (130).`

// codingameHelp ends the engine's help: the codingame mode, which "engine -h" shows
// too (the dispatcher asks a command for its help without its other arguments).
const codingameHelp = `

With --protocol codingame:

  ` + codingameUsage + `

` + codingameDescription + `

  --first-time DURATION   thinking time of the first turn, the margin included (default 1s)
  --turn-time DURATION    thinking time of every other turn, the margin included (default 100ms)
  --message               append the search's depth and score to each answer
  --hash, --threads, --verbose as below; --max-time does not apply`

// cgMargin is kept back from each turn's budget for reading, printing and scheduling.
const cgMargin = 15 * time.Millisecond

// usesCodinGame reports whether args ask for --protocol codingame (or =codingame).
func usesCodinGame(args []string) bool {
	for i, a := range args {
		if a == "--" {
			return false
		}
		switch strings.TrimLeft(a, "-") {
		case "protocol=codingame":
			return true
		case "protocol":
			if strings.HasPrefix(a, "-") && i+1 < len(args) && args[i+1] == "codingame" {
				return true
			}
		}
	}
	return false
}

// cgSession is one CodinGame game as the engine sees it.
type cgSession struct {
	s       *searcher
	first   time.Duration
	turn    time.Duration
	message bool
	verbose bool
	stderr  io.Writer
	pos     uttt.Position
	turns   int  // turns answered
	lost    bool // the tracked position no longer matches the referee's
}

func runCodinGame(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	const name = "uttt engine"
	procStart := time.Now() // the first turn's clock runs from here: start-up counts
	fs := cli.NewFlagSet(name, codingameUsage, codingameDescription, stderr)
	protocol := fs.String("protocol", "codingame", "`PROTOCOL` spoken: aigames or codingame")
	first := fs.Duration("first-time", 1000*time.Millisecond, "thinking time of the first turn, the margin included")
	turn := fs.Duration("turn-time", 100*time.Millisecond, "thinking time of every other turn, the margin included")
	hash := hashFlag(fs, 64<<20)
	threads := fs.Int("threads", 1, "search threads")
	message := fs.Bool("message", false, "append the search's depth and score to each answer (CodinGame shows it)")
	verbose := fs.Bool("verbose", false, "report each search (depth, score, nodes, time) on stderr")
	pos, code := cli.Parse(fs, args)
	if code >= 0 {
		return code
	}
	switch {
	case *protocol != "codingame":
		return cli.Usagef(stderr, name, "--protocol %q: want aigames or codingame", *protocol)
	case len(pos) > 0:
		return cli.Usagef(stderr, name, "unexpected argument %q", pos[0])
	case *first <= cgMargin || *turn <= cgMargin:
		return cli.Usagef(stderr, name, "--first-time and --turn-time must exceed the margin of %v", cgMargin)
	case *threads < 1 || *threads > 256:
		return cli.Usagef(stderr, name, "--threads %d: want 1..256", *threads)
	}
	s := &cgSession{s: newSearcher(int(hash.Bytes>>20), *threads), first: *first, turn: *turn, message: *message,
		verbose: *verbose, stderr: stderr, pos: uttt.Start()}
	lines := make(chan string)
	readErr := make(chan error, 1)
	go func() {
		sc := bufio.NewScanner(stdin)
		sc.Buffer(make([]byte, 4096), 1<<16)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-ctx.Done():
				return
			}
		}
		readErr <- sc.Err()
		close(lines)
	}()
	n := 0
	bad := false
	report := func(format string, args ...any) {
		bad = true
		fmt.Fprintf(stderr, "analyze %s: line %d: %s\n", name, n, fmt.Sprintf(format, args...))
	}
	// next returns the next line; ok false at the end of input, code >= 0 to exit.
	next := func() (string, bool, int) {
		select {
		case <-ctx.Done():
			fmt.Fprintf(stderr, "analyze %s: interrupted\n", name)
			return "", false, cli.ExitInterrupted
		case l, ok := <-lines:
			if !ok {
				if err := <-readErr; err != nil {
					fmt.Fprintf(stderr, "analyze %s: line %d: %v\n", name, n+1, err)
					return "", false, cli.ExitFail
				}
				return "", false, -1
			}
			n++
			return l, true, -1
		}
	}
	out := bufio.NewWriter(stdout)
	for {
		l, ok, code := next()
		if code >= 0 {
			return code
		}
		if !ok {
			break
		}
		if strings.TrimSpace(l) == "" {
			continue
		}
		start := time.Now()
		if s.turns == 0 {
			start = procStart
		}
		oppLine := n
		r, c, err := cgPair(l, -1)
		oppOK := err == nil && (r < 0) == (c < 0)
		if !oppOK {
			if err == nil {
				err = fmt.Errorf("%q: want both numbers -1 or both 0..8", strings.TrimSpace(l))
			}
			report("opponent move: %v", err)
		}
		l, ok, code = next()
		if code >= 0 {
			return code
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
			l, ok, code = next()
			if code >= 0 {
				return code
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
				fmt.Fprintf(stderr, "analyze %s: line %d: %v\n", name, oppLine, err)
			}
		}
		answer, warn := s.answer(ctx, start, actions, count >= 0)
		if warn != "" {
			fmt.Fprintf(stderr, "analyze %s: line %d: %s\n", name, n, warn)
		}
		if answer == "" {
			report("no legal move to answer with; no answer sent")
			continue
		}
		out.WriteString(answer)
		if err := out.Flush(); err != nil {
			fmt.Fprintf(stderr, "analyze %s: %v\n", name, err)
			return cli.ExitFail
		}
		if ctx.Err() != nil {
			fmt.Fprintf(stderr, "analyze %s: interrupted\n", name)
			return cli.ExitInterrupted
		}
	}
	if bad {
		return cli.ExitFail
	}
	return cli.ExitOK
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
		s.pos = passTurn(s.pos)
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

// passTurn returns p with the other side to move and a free move.
func passTurn(p uttt.Position) uttt.Position {
	args := p.ProtocolArgs()
	args[0] = p.Side().Other().String()
	args[11] = "xx"
	q, err := uttt.ParseProtocol(args)
	if err != nil {
		return p
	}
	return q
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
	budget, margin := s.turn, cgMargin
	if first {
		budget, margin = s.first, cgMargin+s.first/20
	}
	var m uttt.Move
	var res uttt.Result
	searched := false
	if len(own) > 0 {
		t := max(budget-margin-time.Since(start), time.Millisecond)
		res = s.s.byTime(ctx, s.pos, t)
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
		fmt.Fprintf(s.stderr, "turn %d: move %d %d depth %d score %d nodes %d time %v (budget %v)\n",
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
