package bench

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"testing"
	"time"
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
