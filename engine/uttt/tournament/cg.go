package tournament

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/sandbox"
)

// CodinGame's time limits per turn: the first turn's allowance covers the bot's start.
const (
	DefaultCGFirstLimit = 1000 * time.Millisecond
	DefaultCGLimit      = 100 * time.Millisecond
)

// DefaultCGMaxLine is the longest answer line a CodinGame bot may print (its message
// included).
const DefaultCGMaxLine = 1024

// GamePlayer is a Player that keeps a process for a whole game, as CodinGame bots do:
// PlayWith starts a session per game and closes it when the game ends.
type GamePlayer interface {
	Player
	StartGame() Session
}

// Session is one game of a GamePlayer. Turn answers the position p, in which the bot
// is to move, with the move as two digits (board then tile) and the message the bot
// printed after it; an error makes the turn invalid, as Player.Answer's does.
type Session interface {
	Turn(ctx context.Context, p *uttt.Position) (move, message string, err error)
	Close() error
}

// ErrGone is the error of every turn after the one in which a CodinGame bot's process
// ended (a crash, a timeout or a flood kills it): the bot cannot follow the game any
// more and forfeits its remaining turns.
var ErrGone = errors.New("its process ended in an earlier turn")

// CGPlayer is a bot speaking CodinGame's Tic-Tac-Toe protocol: one process per game,
// started in Dir with Argv and fed each turn "opponentRow opponentCol" (-1 -1 when it
// moves first or the opponent's last answer was invalid), validActionCount and the
// valid actions, one "row col" line each (sorted by row, then column); it answers
// "row col" with an optional message after. Its first turn may take FirstLimit, the
// others Limit. Sandbox, Folder and Hide are Process's; the sandbox's CPU limit then
// covers the whole game.
type CGPlayer struct {
	Argv       []string
	Dir        string
	Limit      time.Duration // 0 means DefaultCGLimit
	FirstLimit time.Duration // 0 means DefaultCGFirstLimit
	MaxLine    int           // 0 means DefaultCGMaxLine
	Sandbox    *sandbox.Sandbox
	Folder     string
	Hide       []string
}

// Answer is not used for a CGPlayer (PlayWith starts a session per game); it fails.
func (c *CGPlayer) Answer(context.Context, []string) (string, error) {
	return "", errors.New("a CodinGame bot plays only whole games (a session per game)")
}

// StartGame returns a session whose process starts at its first turn.
func (c *CGPlayer) StartGame() Session { return &cgGame{p: c} }

// cgGame is one game of a CGPlayer.
type cgGame struct {
	p       *CGPlayer
	turns   int
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan cgLine
	quit    chan struct{} // closed when the game's process has ended
	started chan struct{}
	cgroup  string
	gone    error // why the process ended, once it has

	mu       sync.Mutex
	tail     []byte
	sc       sandbox.Scanner
	reported bool // the violation was reported already
	errDone  chan struct{}
}

type cgLine struct {
	text string
	err  error
}

// limits returns the first turn's and the other turns' limits.
func (c *CGPlayer) limits() (first, turn time.Duration) {
	first, turn = c.FirstLimit, c.Limit
	if first <= 0 {
		first = DefaultCGFirstLimit
	}
	if turn <= 0 {
		turn = DefaultCGLimit
	}
	return first, turn
}

// start runs the bot's process.
func (g *cgGame) start() error {
	c := g.p
	maxLine := c.MaxLine
	if maxLine <= 0 {
		maxLine = DefaultCGMaxLine
	}
	argv := c.Argv
	if c.Sandbox != nil {
		first, turn := c.limits()
		sb := *c.Sandbox
		sb.CPU = first + MaxTurns/2*turn + time.Second // the whole game's CPU time
		cg, err := sb.NewCgroup()
		if err != nil {
			return err
		}
		g.cgroup = cg
		argv = sb.Command(c.Dir, c.Folder, c.Hide, c.Argv, cg)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = c.Dir
	setGroup(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	errPipe, err := cmd.StderrPipe()
	if err != nil {
		return err
	}
	var sr, sw *os.File
	if c.Sandbox != nil {
		if sr, sw, err = os.Pipe(); err != nil {
			return err
		}
		cmd.ExtraFiles = []*os.File{sw}
	}
	err = cmd.Start()
	if sw != nil {
		sw.Close()
	}
	if err != nil {
		if sr != nil {
			sr.Close()
		}
		sandbox.EndCgroup(g.cgroup)
		return err
	}
	g.cmd, g.stdin = cmd, stdin
	if sr != nil {
		g.started = make(chan struct{})
		go func() {
			defer sr.Close()
			var b [1]byte
			if n, _ := sr.Read(b[:]); n == 1 {
				close(g.started)
			}
		}()
	}
	g.lines = make(chan cgLine, 4)
	g.quit = make(chan struct{})
	go func() {
		br := bufio.NewReaderSize(out, maxLine+1)
		// send hands a line over until the game ends; then the rest is read and dropped,
		// so the bot is never blocked writing and this goroutine ends at its EOF.
		send := func(l cgLine) {
			select {
			case g.lines <- l:
			case <-g.quit:
			}
		}
		for {
			l, err := br.ReadSlice('\n')
			if err == bufio.ErrBufferFull {
				send(cgLine{err: ErrFlood})
				io.Copy(io.Discard, br)
				return
			}
			if err != nil {
				if len(l) > 0 {
					send(cgLine{text: string(l)})
				}
				send(cgLine{err: err})
				return
			}
			send(cgLine{text: string(l)})
		}
	}()
	g.errDone = make(chan struct{})
	go func() {
		defer close(g.errDone)
		buf := make([]byte, 4096)
		for {
			n, err := errPipe.Read(buf)
			g.mu.Lock()
			if c.Sandbox != nil {
				g.sc.Write(buf[:n])
			}
			g.tail = append(g.tail, buf[:n]...)
			if len(g.tail) > sandbox.StderrTail {
				g.tail = append(g.tail[:0], g.tail[len(g.tail)-sandbox.StderrTail:]...)
			}
			g.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	return nil
}

// CGInput returns what a CodinGame referee sends a bot to move in p: the opponent's last
// move as "row col" (-1 -1 when there is none), the number of valid actions and the
// actions, sorted by row, then column.
func CGInput(p *uttt.Position) string {
	var b strings.Builder
	if m := p.Last(); m == uttt.NoMove {
		b.WriteString("-1 -1\n")
	} else {
		x, y := m.XY()
		fmt.Fprintf(&b, "%d %d\n", y, x)
	}
	var buf [81]uttt.Move
	ms := buf[:p.Moves(&buf)]
	slices.SortFunc(ms, func(a, c uttt.Move) int {
		ax, ay := a.XY()
		cx, cy := c.XY()
		return (ay*9 + ax) - (cy*9 + cx)
	})
	fmt.Fprintf(&b, "%d\n", len(ms))
	for _, m := range ms {
		x, y := m.XY()
		fmt.Fprintf(&b, "%d %d\n", y, x)
	}
	return b.String()
}

// ParseCGAnswer reads a CodinGame answer line "row col [message]" and returns the move
// as two digits (board then tile) and the message.
func ParseCGAnswer(line string) (move, message string, err error) {
	s := strings.TrimSpace(line)
	f := strings.Fields(s)
	if len(f) < 2 {
		if s == "" {
			return "", "", errors.New("no output")
		}
		return "", "", errors.New("unparsable answer: want ROW COL (0..8), optionally followed by a message")
	}
	r, err1 := strconv.Atoi(f[0])
	c, err2 := strconv.Atoi(f[1])
	if err1 != nil || err2 != nil || r < 0 || r > 8 || c < 0 || c > 8 {
		return "", "", errors.New("unparsable answer: want ROW COL (0..8), optionally followed by a message")
	}
	if len(f) > 2 {
		// the message: what follows the two numbers, its inner spacing kept
		rest := strings.TrimSpace(s[strings.Index(s, f[0])+len(f[0]):])
		message = strings.TrimSpace(rest[len(f[1]):])
	}
	return uttt.MoveAt(c, r).String(), message, nil
}

// Turn sends the turn's input and waits for one answer line.
func (g *cgGame) Turn(ctx context.Context, p *uttt.Position) (string, string, error) {
	if g.gone != nil {
		return "", "", fmt.Errorf("%w (%v)", ErrGone, g.gone)
	}
	first, limit := g.p.limits()
	if g.turns == 0 {
		limit = first
	}
	g.turns++
	if g.cmd == nil {
		if err := g.start(); err != nil {
			g.gone = err
			return "", "", err
		}
	}
	started := g.started
	wait := limit
	if started != nil {
		wait = sandbox.StartGrace + limit
	}
	// A turn's input is at most about 340 bytes and a game at most 125 turns of a bot,
	// so the pipe (64 KiB) never fills even if the bot reads nothing. A bot that has
	// exited shows as the end of its output.
	io.WriteString(g.stdin, CGInput(p))
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		select {
		case <-started:
			started, g.started = nil, nil
			timer.Reset(limit)
			continue
		case l := <-g.lines:
			if l.err != nil {
				err := l.err
				if err == io.EOF {
					err = errors.New("ended its output (exited)")
				}
				g.end(err)
				if err != ErrFlood {
					err = g.withStderr(g.exitError(err))
				}
				g.gone = err
				return "", "", err
			}
			if v := g.violation(); v != "" {
				return l.text, "", fmt.Errorf("%w; stderr: %q", sandbox.ErrViolation, v)
			}
			m, msg, err := ParseCGAnswer(l.text)
			if err != nil {
				return strings.TrimSpace(l.text), "", err
			}
			return m, msg, nil
		case <-timer.C:
			g.end(ErrTimeout)
			err := g.withStderr(ErrTimeout)
			g.gone = err
			return "", "", err
		case <-ctx.Done():
			g.end(ctx.Err())
			g.gone = ctx.Err()
			return "", "", ctx.Err()
		}
	}
}

// violation returns the stderr line of an access outside the folder not yet reported.
func (g *cgGame) violation() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.sc.Violation() == "" || g.reported {
		return ""
	}
	g.reported = true
	return g.sc.Violation()
}

func (g *cgGame) withStderr(err error) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	return sandbox.WithStderr(err, g.tail)
}

// exitError describes the exit of a process whose output ended.
func (g *cgGame) exitError(err error) error {
	if g.cmd.ProcessState != nil {
		if ce := sandbox.CrashError(g.cmd.ProcessState); ce != nil {
			return ce
		}
		return errors.New("exited before answering")
	}
	return err
}

// end kills the process and everything it started, and waits for it.
func (g *cgGame) end(why error) {
	if g.cmd == nil || g.cmd.ProcessState != nil {
		return
	}
	g.stdin.Close()
	if why == io.EOF || errors.Is(why, io.EOF) {
		// The bot closed its output: give it a moment to exit by itself, for its status.
		done := make(chan struct{})
		go func() {
			select {
			case <-done:
			case <-time.After(drainGraceCG):
				killGroup(g.cmd)
			}
		}()
		g.cmd.Wait()
		close(done)
	} else {
		killGroup(g.cmd)
		g.cmd.Wait()
	}
	close(g.quit)
	select {
	case <-g.errDone:
	case <-time.After(drainGraceCG):
	}
	sandbox.EndCgroup(g.cgroup)
	g.cgroup = ""
}

// drainGraceCG is how long a CodinGame bot whose output ended may take to exit.
const drainGraceCG = 2 * time.Second

// Close ends the game's process.
func (g *cgGame) Close() error {
	if g.cmd != nil {
		g.end(nil)
	}
	sandbox.EndCgroup(g.cgroup)
	return nil
}
