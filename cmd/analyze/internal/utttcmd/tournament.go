package utttcmd

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/uttt/tournament"
)

const tournamentUsage = "analyze uttt tournament [--time 1s] [-j N] [--log games.jsonl] [--zero] DIR"

const tournamentDescription = `Runs the seed's meta tic-tac-toe tournament. DIR/instructions.txt holds the number of
bots, then for each bot a line with its name and a line with its command (split as a
shell would, without running one; relative program paths resolve against DIR). Every
bot plays every other twice, once as X. Each turn the bot's command is started in DIR
with the 12 protocol arguments (SIDE B0..B8 MASTER LAST) and must print its move as two
digits and exit within --time; a crash, garbage, more than 256 bytes of output, an
illegal move or no answer in time is an invalid move (the bot loses 1 point, the board
is unchanged and the opponent gets a free move). A bot that overruns is killed with
every process it started. The winner of a game scores 100 plus the empty tiles left;
after 250 turns without a winner both bots lose 10.

The report is the seed's: one line per bot in instructions order, then the timing line.
With -j N, N games run at once; the report is the same as a serial run's for bots that
decide the same way given the same arguments (but a bot sharing its data.txt between
games sees its calls interleaved). Ctrl-C stops the run and reports the finished games.
The zoo bots run as commands of this binary: "analyze uttt bot --engine NAME" with NAME
random, naive, depth, depth:1 .. depth:6 or engine:d1 .. engine:d12 (see "bot -h").`

func runTournament(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("uttt tournament", tournamentUsage, tournamentDescription, stderr)
	limit := fs.Duration("time", time.Second, "time limit per turn, process start included")
	jobs := fs.Int("j", 1, "games played at once")
	zero := fs.Bool("zero", false, "write O as the digit 0 in the board arguments, as the seed's example does")
	logPath := fs.String("log", "", "write one JSON line per game (players, turns, why a move was invalid with the bot's last stderr line, result, points) to `FILE` (- for stdout)")
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	switch {
	case len(pos) != 1:
		return cli.Usagef(stderr, "uttt tournament", "want one DIR, got %d arguments", len(pos))
	case *limit <= 0:
		return cli.Usagef(stderr, "uttt tournament", "--time must be positive")
	case *jobs < 1:
		return cli.Usagef(stderr, "uttt tournament", "-j must be at least 1")
	}
	dir := pos[0]
	bots, err := tournament.ReadInstructions(dir, cli.SplitCommand)
	if err != nil {
		fmt.Fprintf(stderr, "analyze uttt tournament: %v\n", err)
		return cli.ExitFail
	}
	code := cli.ExitOK
	names := make([]string, len(bots))
	players := make([]tournament.Player, len(bots))
	for i, b := range bots {
		names[i] = b.Name
		if _, err := exec.LookPath(b.Argv[0]); err != nil {
			fmt.Fprintf(stderr, "analyze uttt tournament: %s:%d: bot %d (%s): %v; its every turn is an invalid move\n",
				filepath.Join(dir, "instructions.txt"), b.Line, i+1, b.Name, err)
			code = cli.ExitFail
		}
		players[i] = &tournament.Process{Argv: b.Argv, Dir: dir, Limit: *limit, ZeroO: *zero}
	}
	var log *cli.Output
	if *logPath != "" {
		if log, err = cli.CreateOutput(*logPath, stdout); err != nil {
			fmt.Fprintf(stderr, "analyze uttt tournament: --log: %v\n", err)
			return cli.ExitFail
		}
	}
	var logw io.Writer // stays a nil interface without --log
	if log != nil {
		logw = log
	}
	start := time.Now()
	standings, played, err := playTournament(ctx, players, names, *jobs, logw, stderr)
	elapsed := time.Since(start)
	if log != nil {
		if cerr := log.Commit(); cerr != nil {
			fmt.Fprintf(stderr, "analyze uttt tournament: --log: %v\n", cerr)
			code = cli.ExitFail
		}
	}
	standings.Report(stdout, elapsed)
	if err != nil {
		fmt.Fprintf(stderr, "analyze uttt tournament: interrupted after %d of %d games; the report covers those\n",
			played, len(tournament.Pairings(len(players))))
		return cli.ExitInterrupted
	}
	return code
}

// playTournament plays every pairing on jobs workers and adds the results in pairing
// order, so the standings do not depend on -j.
func playTournament(ctx context.Context, players []tournament.Player, names []string, jobs int, log io.Writer, stderr io.Writer) (tournament.Standings, int, error) {
	pairs := tournament.Pairings(len(players))
	standings := tournament.NewStandings(names)
	prog := cli.NewProgress(stderr, "tournament", "games")
	defer prog.Done()
	type outcome struct {
		r   tournament.Result
		err error
	}
	played := 0
	var enc *json.Encoder
	if log != nil {
		enc = json.NewEncoder(log)
	}
	err := cli.Ordered(ctx, len(pairs), jobs, func(i int) outcome {
		x, o := pairs[i][0], pairs[i][1]
		r, err := tournament.Play(ctx, players[x], players[o])
		r.Game, r.X, r.O, r.XName, r.OName = i+1, x+1, o+1, names[x], names[o]
		return outcome{r, err}
	}, func(i int, oc outcome) {
		if oc.err != nil {
			return
		}
		played++
		standings.Add(&oc.r)
		if enc != nil {
			enc.Encode(oc.r)
		}
		prog.Update(int64(played), int64(len(pairs)))
	})
	if err == nil && played < len(pairs) {
		err = ctx.Err()
	}
	return standings, played, err
}
