package bench

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
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

// BenchmarkUtttAIGamesFirstMove starts "analyze uttt engine --max-time 100ms" (the AI
// Games bot at time_per_move 100, each search capped at 100 ms), sends the session's
// settings and first position, waits until the process has started, then measures
// from writing "action move" to reading the reply: what a judge counts for the
// first move. ms/first-move is the mean over the iterations, one process each.
func BenchmarkUtttAIGamesFirstMove(b *testing.B) {
	_, bin, err := e2eSetup()
	if err != nil {
		b.Fatal(err)
	}
	var total time.Duration
	worst := time.Duration(0)
	for b.Loop() {
		d, err := utttFirstReply(bin)
		if err != nil {
			b.Fatal(err)
		}
		total += d
		worst = max(worst, d)
	}
	b.ReportMetric(float64(total.Microseconds())/1000/float64(b.N), "ms/first-move")
	b.ReportMetric(float64(worst.Microseconds())/1000, "ms-worst")
}

// utttFirstReply runs one session and returns the time from "action move" written to
// the reply read.
func utttFirstReply(bin string) (time.Duration, error) {
	cmd := exec.Command(bin, "uttt", "engine", "--max-time", "100ms")
	in, err := cmd.StdinPipe()
	if err != nil {
		return 0, err
	}
	outPipe, err := cmd.StdoutPipe()
	if err != nil {
		return 0, err
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	defer func() {
		in.Close()
		cmd.Wait()
	}()
	if _, err := io.WriteString(in, utttAIGamesStart); err != nil {
		return 0, err
	}
	// The process has long started and read the lines above by then; a judge sends
	// the first action after the game's setup too.
	time.Sleep(time.Second)
	out := bufio.NewReader(outPipe)
	t0 := time.Now()
	if _, err := io.WriteString(in, "action move 10000\n"); err != nil {
		return 0, err
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

// BenchmarkUtttAIGamesBank plays a game of "analyze uttt engine --verbose" (first
// player) against random moves under an AI Games time bank: timebank 2000 ms,
// time_per_move 100 ms, the judge taking from the bank the time from "action move"
// written to the reply read and adding time_per_move after each move (up to the
// timebank). It reports the mean time per move as the judge counts it (ms/move), the
// mean of what the bot's policy allotted (ms-allotted/move) and of the searches' own
// times (ms-search/move), both from --verbose, the ratio of the first two, the least
// bank left before a move and the forfeits (a move past the bank). On a busy machine
// the judge's time exceeds the search's by the waits for a core.
func BenchmarkUtttAIGamesBank(b *testing.B) {
	_, bin, err := e2eSetup()
	if err != nil {
		b.Fatal(err)
	}
	var spent, allotted, searched time.Duration
	moves, forfeits := 0, 0
	least := time.Duration(1 << 62)
	seed := uint64(1)
	for b.Loop() {
		g, err := utttBankGame(bin, seed)
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
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(spent)/float64(moves), "ms/move")
	b.ReportMetric(ms(allotted)/float64(moves), "ms-allotted/move")
	b.ReportMetric(ms(searched)/float64(moves), "ms-search/move")
	b.ReportMetric(float64(spent)/float64(allotted), "spent/allotted")
	b.ReportMetric(ms(least), "ms-least-bank")
	b.ReportMetric(float64(forfeits), "forfeits")
}

type utttBankRun struct {
	spent, allotted, searched, least time.Duration
	moves, forfeits                  int
}

func utttBankGame(bin string, seed uint64) (utttBankRun, error) {
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
	time.Sleep(time.Second) // the process starts and makes its engine before the game
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
