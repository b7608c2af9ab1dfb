package bench

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
)

// utttAIGamesStart is the start of an AI Games session (newer field encoding) up to the
// first "action move", with the engine moving first.
const utttAIGamesStart = `settings timebank 10000
settings time_per_move 100
settings player_names player0,player1
settings your_bot player0
settings your_botid 0
update game round 1
update game move 1
update game field .,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.
update game macroboard -1,-1,-1,-1,-1,-1,-1,-1,-1
`

// BenchmarkUtttAIGamesFirstMove measures the first reply of "analyze uttt engine
// --max-time 100ms" (the AI Games bot at time_per_move 100, each search capped at
// 100 ms), a fresh process per iteration, as a judge counts it: from writing "action
// move" to reading the reply. cold writes the session's settings, first position and
// "action move" at once, right after starting the process, as a judge starting a game
// does, so start-up counts; warm sends "action move" a second after the rest, once the
// process has started and read its first lines. It reports the mean (ms/first-move),
// the median and the worst.
func BenchmarkUtttAIGamesFirstMove(b *testing.B) {
	_, bin, err := e2eSetup()
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		wait time.Duration
	}{{"cold", 0}, {"warm", time.Second}} {
		b.Run(c.name, func(b *testing.B) {
			var ds []time.Duration
			for b.Loop() {
				d, err := utttFirstReply(bin, c.wait)
				if err != nil {
					b.Fatal(err)
				}
				ds = append(ds, d)
			}
			reportReplies(b, ds, "first-move")
		})
	}
}

// reportReplies reports the mean of ds as ms/unit, their median as ms-median and the
// greatest as ms-worst.
func reportReplies(b *testing.B, ds []time.Duration, unit string) {
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	var total time.Duration
	for _, d := range ds {
		total += d
	}
	slices.Sort(ds)
	b.ReportMetric(ms(total)/float64(len(ds)), "ms/"+unit)
	b.ReportMetric(ms(ds[len(ds)/2]), "ms-median")
	b.ReportMetric(ms(ds[len(ds)-1]), "ms-worst")
}

// utttFirstReply runs one session, writing "action move" wait after the lines before it
// (all at once when wait is 0), and returns the time from "action move" written to the
// reply read.
func utttFirstReply(bin string, wait time.Duration) (time.Duration, error) {
	p, err := startEngine(bin, "--max-time", "100ms")
	if err != nil {
		return 0, err
	}
	defer p.stop()
	in, out, stderr := p.in, p.out, p.stderr
	const action = "action move 10000\n"
	var t0 time.Time
	if wait == 0 {
		t0 = time.Now()
		if _, err := io.WriteString(in, utttAIGamesStart+action); err != nil {
			return 0, err
		}
	} else {
		if _, err := io.WriteString(in, utttAIGamesStart); err != nil {
			return 0, err
		}
		time.Sleep(wait)
		t0 = time.Now()
		if _, err := io.WriteString(in, action); err != nil {
			return 0, err
		}
	}
	line, err := out.ReadString('\n')
	d := time.Since(t0)
	if err != nil {
		return 0, fmt.Errorf("no reply: %v; stderr %q", err, stderr.String())
	}
	if !strings.HasPrefix(line, "place_move ") {
		return 0, fmt.Errorf("reply %q; stderr %q", line, stderr.String())
	}
	return d, nil
}

// engineProc is a running "analyze uttt engine": its input, output and log.
type engineProc struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	stderr *strings.Builder
}

// startEngine starts "bin uttt engine args...".
func startEngine(bin string, args ...string) (*engineProc, error) {
	cmd := exec.Command(bin, append([]string{"uttt", "engine"}, args...)...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	p := &engineProc{cmd: cmd, in: in, out: bufio.NewReader(out), stderr: new(strings.Builder)}
	cmd.Stderr = p.stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return p, nil
}

// stop ends the engine's input and waits for it to exit.
func (p *engineProc) stop() {
	p.in.Close()
	p.cmd.Wait()
}

// BenchmarkUtttCodinGameFirstTurn starts "analyze uttt engine --protocol codingame
// --first-time 800ms --message", a fresh process per iteration, and gives it its first
// turn 1.5 s later, as the second player gets it (the opponent has played the centre).
// It reports the time from the turn's first line written to the answer read
// (ms/first-turn, median, worst), which should be the first turn's budget less its
// margin (800 - 15 - 40 ms), and the mean depth the search reached (from --message).
func BenchmarkUtttCodinGameFirstTurn(b *testing.B) {
	_, bin, err := e2eSetup()
	if err != nil {
		b.Fatal(err)
	}
	var ds []time.Duration
	depths := 0
	for b.Loop() {
		d, depth, err := utttCGFirstTurn(bin, 1500*time.Millisecond)
		if err != nil {
			b.Fatal(err)
		}
		ds = append(ds, d)
		depths += depth
	}
	reportReplies(b, ds, "first-turn")
	b.ReportMetric(float64(depths)/float64(len(ds)), "depth")
}

// utttCGFirstTurn starts the CodinGame engine, gives it its first turn wait later and
// returns the time from writing the turn to reading the answer and the answer's depth.
func utttCGFirstTurn(bin string, wait time.Duration) (time.Duration, int, error) {
	e, err := startEngine(bin, "--protocol", "codingame", "--first-time", "800ms", "--message")
	if err != nil {
		return 0, 0, err
	}
	defer e.stop()
	in, out, stderr := e.in, e.out, e.stderr
	p := uttt.Start().Play(uttt.MoveAt(4, 4))
	var buf [81]uttt.Move
	n := p.Moves(&buf)
	var turn strings.Builder
	fmt.Fprintf(&turn, "4 4\n%d\n", n)
	for _, m := range buf[:n] {
		x, y := m.XY()
		fmt.Fprintf(&turn, "%d %d\n", y, x)
	}
	time.Sleep(wait)
	t0 := time.Now()
	if _, err := io.WriteString(in, turn.String()); err != nil {
		return 0, 0, err
	}
	line, err := out.ReadString('\n')
	d := time.Since(t0)
	if err != nil {
		return 0, 0, fmt.Errorf("no answer: %v; stderr %q", err, stderr.String())
	}
	// "row col dDEPTH SCORE"
	f := strings.Fields(line)
	if len(f) != 4 || !strings.HasPrefix(f[2], "d") {
		return 0, 0, fmt.Errorf("answer %q; stderr %q", line, stderr.String())
	}
	depth, err := strconv.Atoi(f[2][1:])
	if err != nil {
		return 0, 0, fmt.Errorf("answer %q: %v", line, err)
	}
	return d, depth, nil
}

// BenchmarkUtttAIGamesBank plays a game of "analyze uttt engine --verbose" (first
// player) against random moves under an AI Games time bank: timebank 2000 ms,
// time_per_move 100 ms, the judge taking from the bank the time from "action move"
// written to the reply read and adding time_per_move after each move (up to the
// timebank). It reports the mean time per move as the judge counts it (ms/move), the
// mean of what the bot's policy allotted (ms-allotted/move) and of the searches' own
// times (ms-search/move), both from --verbose, the ratio of the first two, the least
// bank left before a move, the forfeits (a move past the bank) and the slowest first
// move. cold writes the first position and "action move" right after starting the
// process, with the settings, so its start-up counts against the first move; warm
// waits a second after the settings. On a busy machine the judge's time exceeds the
// search's by the waits for a core.
func BenchmarkUtttAIGamesBank(b *testing.B) {
	_, bin, err := e2eSetup()
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		wait time.Duration
	}{{"cold", 0}, {"warm", time.Second}} {
		b.Run(c.name, func(b *testing.B) {
			var spent, allotted, searched, first time.Duration
			moves, forfeits := 0, 0
			least := time.Duration(1 << 62)
			seed := uint64(1)
			for b.Loop() {
				g, err := utttBankGame(bin, seed, c.wait)
				seed++
				if err != nil {
					b.Fatal(err)
				}
				spent += g.spent
				allotted += g.allotted
				searched += g.searched
				moves += g.moves
				forfeits += g.forfeits
				least = min(least, g.least)
				first = max(first, g.first)
			}
			ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
			b.ReportMetric(ms(spent)/float64(moves), "ms/move")
			b.ReportMetric(ms(allotted)/float64(moves), "ms-allotted/move")
			b.ReportMetric(ms(searched)/float64(moves), "ms-search/move")
			b.ReportMetric(float64(spent)/float64(allotted), "spent/allotted")
			b.ReportMetric(ms(least), "ms-least-bank")
			b.ReportMetric(float64(forfeits), "forfeits")
			b.ReportMetric(ms(first), "ms-worst-first")
		})
	}
}

type utttBankRun struct {
	spent, allotted, searched, least, first time.Duration
	moves, forfeits                         int
}

// utttBankGame plays one game, sending the first position wait after the settings.
func utttBankGame(bin string, seed uint64, wait time.Duration) (utttBankRun, error) {
	const timebank, perMove = 2000 * time.Millisecond, 100 * time.Millisecond
	cmd := exec.Command(bin, "uttt", "engine", "--verbose", "--hash", "16")
	in, err := cmd.StdinPipe()
	if err != nil {
		return utttBankRun{}, err
	}
	outPipe, err := cmd.StdoutPipe()
	if err != nil {
		return utttBankRun{}, err
	}
	errPipe, err := cmd.StderrPipe()
	if err != nil {
		return utttBankRun{}, err
	}
	if err := cmd.Start(); err != nil {
		return utttBankRun{}, err
	}
	defer func() {
		in.Close()
		cmd.Wait()
	}()
	budgets := make(chan [2]time.Duration, 100) // per move: the search's time, its budget
	go func() {
		// --verbose: "... time 87ms (budget 85ms, at most 255ms)" per move.
		sc := bufio.NewScanner(errPipe)
		for sc.Scan() {
			_, rest, ok := strings.Cut(sc.Text(), " time ")
			if !ok {
				continue
			}
			v, rest, _ := strings.Cut(rest, " (budget ")
			w, _, _ := strings.Cut(rest, ",")
			d, err1 := time.ParseDuration(v)
			a, err2 := time.ParseDuration(w)
			if err1 == nil && err2 == nil {
				budgets <- [2]time.Duration{d, a}
			}
		}
		close(budgets)
	}()
	fmt.Fprintf(in, "settings timebank %d\nsettings time_per_move %d\nsettings your_botid 0\n", timebank.Milliseconds(), perMove.Milliseconds())
	time.Sleep(wait) // 0: the game starts while the process starts
	out := bufio.NewReader(outPipe)
	rng := seed*0x9E3779B97F4A7C15 + 1
	p := uttt.Start()
	bank := timebank
	r := utttBankRun{least: bank}
	for p.Status() == uttt.Ongoing {
		if p.Side() == uttt.O {
			var buf [81]uttt.Move
			n := p.Moves(&buf)
			rng ^= rng << 13
			rng ^= rng >> 7
			rng ^= rng << 17
			p = p.Play(buf[rng%uint64(n)])
			continue
		}
		fmt.Fprintf(in, "update game field %s\nupdate game macroboard %s\n", aiField(&p), aiMacroboard(&p))
		r.least = min(r.least, bank)
		t0 := time.Now()
		fmt.Fprintf(in, "action move %d\n", bank.Milliseconds())
		line, err := out.ReadString('\n')
		d := time.Since(t0)
		if err != nil {
			return r, fmt.Errorf("no reply: %v", err)
		}
		var x, y int
		if _, err := fmt.Sscanf(line, "place_move %d %d", &x, &y); err != nil {
			return r, fmt.Errorf("reply %q", line)
		}
		m := uttt.MoveAt(x, y)
		if !p.IsLegal(m) {
			return r, fmt.Errorf("illegal reply %q", line)
		}
		if d > bank {
			r.forfeits++
		}
		bank = min(max(bank-d, 0)+perMove, timebank)
		if r.moves == 0 {
			r.first = d
		}
		r.spent += d
		v := <-budgets
		r.searched += v[0]
		r.allotted += v[1]
		r.moves++
		p = p.Play(m)
	}
	return r, nil
}

// aiField writes p's tiles in the newer AI Games encoding (. empty, 0 first player, 1
// second), row by row of the 9x9 grid.
func aiField(p *uttt.Position) string {
	cells := make([]string, 81)
	for y := range 9 {
		for x := range 9 {
			m := uttt.MoveAt(x, y)
			c := "."
			switch p.Cell(m.Board(), m.Tile()) {
			case 'X':
				c = "0"
			case 'O':
				c = "1"
			}
			cells[9*y+x] = c
		}
	}
	return strings.Join(cells, ",")
}

// aiMacroboard writes the boards: -1 where the side to move may play, . for the
// other open ones, 0 or 1 for a board won.
func aiMacroboard(p *uttt.Position) string {
	cells := make([]string, 9)
	for b := range 9 {
		switch p.BoardStatus(b) {
		case uttt.XWon:
			cells[b] = "0"
		case uttt.OWon:
			cells[b] = "1"
		case uttt.Draw:
			cells[b] = "."
		default:
			cells[b] = "."
			if f := p.Forced(); f == b || f < 0 && !p.Closed(b) {
				cells[b] = "-1"
			}
		}
	}
	return strings.Join(cells, ",")
}
