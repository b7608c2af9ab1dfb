package utttcmd

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/uttt/tournament"
	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/pipeline"
	bwrap "github.com/boardlab/boardlab/sandbox"
)

const tournamentUsage = "analyze uttt tournament [--time DURATION] [-j N] [--log FILE] [--zero] [--sandbox bwrap|none] [--disqualify] [--memory SIZE] [--procs N] [--expose PATH] [--cg-time DURATION] [--cg-first-time DURATION] [--tiebreak none|boards] DIR"

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

Every turn runs sandboxed with bubblewrap (--sandbox bwrap, the default): the system
read-only, with /home, /root, /run, /mnt, /media and /srv empty (save DIR and --expose
paths); the bot's folder (the folder of DIR holding its program or script, if it holds a
data.txt) the only writable place; the other bots' folders closed (a folder without
data.txt, like bin/ for the zoo, stays visible to all); a private /tmp; no network; its
own PID namespace (everything it started dies with the turn) and session; no
capabilities; and limits per turn: CPU time (--time rounded up to seconds, per process),
address space (--memory), processes (--procs: a pids cgroup where one can be made,
else RLIMIT_NPROC) and file size. A turn that leaves a process running after the bot
exited, or whose stderr shows a write or read outside its folder failing, is an invalid
move; with --disqualify such an access removes the bot: the game ends and its opponent
wins it, its later games are not played, and the report says so (exit status 1). Where
bwrap does not work the command says so and exits 2; --sandbox none runs the bots with
the controller's own rights (only for bots you trust). See docs/uttt-tournament.md.

The report is the seed's: one line per bot in instructions order, then the timing line.
With -j N, N games run at once; the report is the same as a serial run's for bots that
decide the same way given the same arguments (but a bot sharing its data.txt between
games sees its calls interleaved). Ctrl-C stops the run and reports the finished games.
The zoo bots run as commands of this binary: "analyze uttt bot --engine NAME" with NAME
random, naive, depth, depth:1 .. depth:6 or engine:d1 .. engine:d12 (see "bot -h").

A command line written "cg: COMMAND" declares a bot speaking CodinGame's protocol: one
process per game, sandboxed as above (its CPU limit covering the game), fed each turn
the opponent's move as "row col" (-1 -1 when there is none, as after an invalid move),
the number of valid actions and the actions; it answers "row col", optionally followed
by a message, which --log records. Its first turn may take --cg-first-time, the others
--cg-time. A timeout, a crash or a flood ends its process: its later turns in that game
are invalid. "analyze uttt engine --protocol codingame" is such a bot. --tiebreak
boards scores a game ending without a master line as CodinGame does: the side that won
more small boards wins it. See docs/uttt-bots.md.`

func runTournament(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("uttt tournament", tournamentUsage, tournamentDescription, stderr)
	limit := fs.Duration("time", time.Second, "time limit per turn, the bot's process start included (not the sandbox's set-up)")
	jobs := cli.JobsFlag(fs, 1, 1, "games played at once")
	zero := fs.Bool("zero", false, "write O as the digit 0 in the board arguments, as the seed's example does")
	logPath := fs.String("log", "", "write one JSON line per game (players, turns, why a move was invalid with the bot's last stderr line, result, points) to `FILE` (- for stdout)")
	sandbox := fs.String("sandbox", "bwrap", "run bots as `MODE`: bwrap (each turn sandboxed) or none (with the controller's own rights)")
	disqualify := fs.Bool("disqualify", false, "remove a bot from the tournament at its first access outside its folder")
	memory := cli.CompatSizeVar(fs, "memory", bwrap.DefaultMemory, cli.MiBSize, "MiB",
		"address space `SIZE` of each bot process such as 512MiB or 2GiB (sandboxed; a bare number is MiB)")
	cli.HiddenName(fs, "memory-mb", "memory") // its name until 2026-11
	cgTime := fs.Duration("cg-time", tournament.DefaultCGLimit, "time limit of a CodinGame bot's turns after its first")
	cgFirst := fs.Duration("cg-first-time", tournament.DefaultCGFirstLimit, "time limit of a CodinGame bot's first turn of a game")
	tiebreak := fs.String("tiebreak", "none", "`RULE` for a game ending without a master line: none (a draw) or boards (CodinGame's: more small boards won)")
	procs := fs.Int("procs", bwrap.DefaultProcs, "processes a bot may run at once in a turn (sandboxed)")
	var expose []string
	fs.Func("expose", "show `PATH` read-only to the bots although the sandbox hides its parent (/home, /root, /run, /tmp, ...), e.g. an interpreter's install; repeatable", func(v string) error {
		abs, err := filepath.Abs(v)
		if err != nil {
			return err
		}
		if _, err := os.Stat(abs); err != nil {
			return err
		}
		expose = append(expose, abs)
		return nil
	})
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	switch {
	case len(pos) != 1:
		return cli.Usagef(stderr, "uttt tournament", "want one DIR, got %d arguments", len(pos))
	case *limit <= 0:
		return cli.Usagef(stderr, "uttt tournament", "--time must be positive")
	case *sandbox != "bwrap" && *sandbox != "none":
		return cli.Usagef(stderr, "uttt tournament", "--sandbox %q: want bwrap or none", *sandbox)
	case memory.Bytes < 16<<20 || memory.Bytes > 1<<50:
		return cli.Usagef(stderr, "uttt tournament", "--memory %s: want 16..%d (MiB), or a size from 16MiB to 1PiB", memory.Text, 1<<30)
	case *procs < 1 || *procs > 1<<20:
		return cli.Usagef(stderr, "uttt tournament", "--procs %d: want 1..%d", *procs, 1<<20)
	case *cgTime <= 0 || *cgFirst <= 0:
		return cli.Usagef(stderr, "uttt tournament", "--cg-time and --cg-first-time must be positive")
	case *tiebreak != "none" && *tiebreak != "boards":
		return cli.Usagef(stderr, "uttt tournament", "--tiebreak %q: want none or boards", *tiebreak)
	}
	dir, err := tournamentDir(pos[0])
	if err != nil {
		fmt.Fprintf(stderr, "analyze uttt tournament: %v\n", err)
		return cli.ExitFail
	}
	var sb *bwrap.Sandbox
	if *sandbox == "bwrap" {
		if sb, err = bwrap.New(bwrap.Sandbox{CPU: *limit, Memory: int64(memory.Bytes), Procs: *procs, Expose: expose}); err != nil {
			fmt.Fprintf(stderr, "analyze uttt tournament: %v\n", err)
			fmt.Fprintf(stderr, "analyze uttt tournament: install bubblewrap (Debian: apt-get install bubblewrap), or run the bots unsandboxed, with the controller's rights, with --sandbox=none\n")
			return cli.ExitUsage
		}
		fmt.Fprintf(stderr, "analyze uttt tournament: sandbox: %s\n", sb.Limits())
	} else {
		fmt.Fprintf(stderr, "analyze uttt tournament: --sandbox=none: the bots run unsandboxed, with the controller's rights\n")
	}
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
		if prog, err := exec.LookPath(b.Argv[0]); err != nil {
			fmt.Fprintf(stderr, "analyze uttt tournament: %s:%d: bot %d (%s): %v; its every turn is an invalid move\n",
				filepath.Join(dir, "instructions.txt"), b.Line, i+1, b.Name, err)
			code = cli.ExitFail
		} else if prog, err = filepath.Abs(prog); err == nil && sb != nil {
			if h := sb.Hidden(prog, dir); h != "" {
				fmt.Fprintf(stderr, "analyze uttt tournament: %s:%d: bot %d (%s): its program %s is under %s, which the sandbox hides: it runs what the sandbox's PATH finds instead, or fails; --expose a directory to show it\n",
					filepath.Join(dir, "instructions.txt"), b.Line, i+1, b.Name, prog, h)
			}
		}
		if b.CodinGame {
			players[i] = &tournament.CGPlayer{Argv: b.Argv, Dir: dir, Limit: *cgTime, FirstLimit: *cgFirst}
		} else {
			players[i] = &tournament.Process{Argv: b.Argv, Dir: dir, Limit: *limit, ZeroO: *zero}
		}
	}
	if sb != nil {
		argvs := make([][]string, len(bots))
		for i, b := range bots {
			argvs[i] = b.Argv
		}
		own, hide := bwrap.Folders(dir, argvs)
		for i, b := range bots {
			if own[i] == "" {
				where := "no folder of DIR holds its program"
				if f := bwrap.BotFolder(dir, b.Argv); f != "" {
					where = fmt.Sprintf("its folder %s has no data.txt", f)
				}
				fmt.Fprintf(stderr, "analyze uttt tournament: %s:%d: bot %d (%s): %s: it runs with no writable folder\n",
					filepath.Join(pos[0], "instructions.txt"), b.Line, i+1, b.Name, where)
			}
			switch p := players[i].(type) {
			case *tournament.Process:
				p.Sandbox, p.Folder, p.Hide = sb, own[i], hide[i]
			case *tournament.CGPlayer:
				p.Sandbox, p.Folder, p.Hide = sb, own[i], hide[i]
			}
		}
	}
	var log *fileio.Output
	if *logPath != "" {
		if log, err = fileio.CreateOutput(*logPath, stdout); err != nil {
			fmt.Fprintf(stderr, "analyze uttt tournament: --log: %v\n", err)
			return cli.ExitFail
		}
	}
	var logw io.Writer // stays a nil interface without --log
	if log != nil {
		logw = log
	}
	start := time.Now()
	standings, played, err := playTournament(ctx, players, names, *jobs, tournament.Options{Disqualify: *disqualify, TieBreak: *tiebreak == "boards"}, logw, stderr)
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
	for _, s := range standings {
		if s.Disqualified != "" {
			code = cli.ExitFail
		}
	}
	return code
}

// tournamentDir returns DIR absolute with its symbolic links resolved, as the sandbox
// mounts it.
func tournamentDir(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", err
	}
	if fi, err := os.Stat(real); err != nil {
		return "", err
	} else if !fi.IsDir() {
		return "", fmt.Errorf("%s: not a directory", dir)
	}
	return real, nil
}

// playTournament plays every pairing on jobs workers and adds the results in pairing
// order, so the standings do not depend on -j. With opts.Disqualify, the games of a bot
// after the one where it was disqualified are skipped (logged with result "skipped"):
// that is decided in pairing order too, workers only skip games the ordered results
// have already ruled out.
func playTournament(ctx context.Context, players []tournament.Player, names []string, jobs int, opts tournament.Options, log io.Writer, stderr io.Writer) (tournament.Standings, int, error) {
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
	var mu sync.Mutex
	out := make(map[int]int) // bot -> index of the game that disqualified it
	ruledOut := func(i int) bool {
		mu.Lock()
		defer mu.Unlock()
		for _, b := range pairs[i] {
			if g, ok := out[b]; ok && g < i {
				return true
			}
		}
		return false
	}
	err := pipeline.Items(ctx, len(pairs), jobs, func(i int) outcome {
		x, o := pairs[i][0], pairs[i][1]
		var r tournament.Result
		var err error
		if ruledOut(i) {
			r.Result = "skipped"
		} else {
			r, err = tournament.PlayWith(ctx, players[x], players[o], opts)
		}
		r.Game, r.X, r.O, r.XName, r.OName = i+1, x+1, o+1, names[x], names[o]
		return outcome{r, err}
	}, func(i int, oc outcome) {
		if oc.err != nil {
			return
		}
		played++
		if ruledOut(i) {
			oc.r = tournament.Result{Game: oc.r.Game, X: oc.r.X, O: oc.r.O, XName: oc.r.XName, OName: oc.r.OName, Result: "skipped"}
		} else {
			standings.Add(&oc.r)
			if d := oc.r.Disqualified; d != "" {
				b := oc.r.X - 1
				if d == "O" {
					b = oc.r.O - 1
				}
				// The reason without the bot's stderr line (the log has it).
				why, _, _ := strings.Cut(oc.r.Turns[len(oc.r.Turns)-1].Invalid, ";")
				standings[b].Disqualified = fmt.Sprintf("in game %d, turn %d: %s", i+1, len(oc.r.Turns), why)
				mu.Lock()
				out[b] = i
				mu.Unlock()
			}
		}
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
