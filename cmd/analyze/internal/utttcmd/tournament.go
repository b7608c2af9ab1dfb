package utttcmd

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/cmd/analyze/internal/term"
	"github.com/boardlab/boardlab/engine/uttt/tournament"
	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/internal/plural"
	bwrap "github.com/boardlab/boardlab/sandbox"
)

const tournamentUsage = "analyze uttt tournament [--time DURATION] [-j N] [--log FILE] [--zero] [--sandbox bwrap|none] [--disqualify] [--memory SIZE] [--procs N] [--expose PATH] [--cg-time DURATION] [--cg-first-time DURATION] [--tiebreak none|boards] DIR"

const tournamentDescription = `Runs a meta tic-tac-toe tournament of external bots. DIR/instructions.txt holds the
number of bots, then per bot a line with its name and a line with its command (split as
a shell would; relative program paths resolve against DIR). Every bot plays every other
twice, once as X. Each turn the command runs in DIR with the 12 arguments of the
tournament protocol (SIDE B0..B8 MASTER LAST) and must print two digits and exit within
--time; anything else is an invalid move (the bot loses 1 point, the opponent gets a
free move). The winner scores 100 plus the empty tiles left; after 250 turns both lose
10. The report (a line per bot, then the time taken) is the same with any -j N;
Ctrl-C reports the finished games.

Each turn runs sandboxed with bubblewrap (--sandbox bwrap): the bot's folder (holding
a data.txt) the only writable place, the other bots' folders closed, no network, its
own PID namespace, limits per turn (--time as CPU time, --memory, --procs). --disqualify
removes a bot at its first access outside its folder (exit status 1). Without bwrap the
command exits 2; --sandbox none runs bots with the controller's rights. The zoo bots
run as "analyze uttt bot --engine BOT" (the BOTs 'analyze uttt bot -h' lists). A
command written "cg: COMMAND" is a bot speaking CodinGame's protocol, one process per
game (--cg-first-time, --cg-time); --tiebreak boards scores a full board as CodinGame
does. See docs/uttt-tournament.md
and docs/uttt-bots.md.`

func runTournament(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("uttt tournament", tournamentUsage, tournamentDescription, stderr)
	limit := fs.Duration("time", time.Second, "time limit per turn, the bot's process start included (not the sandbox's set-up)")
	jobs := cli.JobsFlag(fs, "games played at once")
	zero := fs.Bool("zero", false, "write O as the digit 0 in the board arguments, as the protocol's example does")
	logPath := new(string)
	cli.OutputVar(fs, logPath, "log", "write one JSON line per game (players, turns, why a move was invalid with the bot's last stderr line, result, points) to `FILE` (- for stdout)")
	sandbox := fs.String("sandbox", "bwrap", "run bots as `MODE`: bwrap (each turn sandboxed) or none (with the controller's own rights)")
	disqualify := fs.Bool("disqualify", false, "remove a bot from the tournament at its first access outside its folder")
	memory := cli.SizeVar(fs, "memory", bwrap.DefaultMemory,
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
		return cli.Usagef(stderr, "uttt tournament", "want one DIR, got %s", plural.Of(len(pos), "argument"))
	case *limit <= 0:
		return cli.RangeError(stderr, "uttt tournament", "--time", *limit, "a positive duration")
	case *sandbox != "bwrap" && *sandbox != "none":
		return cli.Usagef(stderr, "uttt tournament", "--sandbox %q: want bwrap or none", *sandbox)
	case memory.Bytes < 16<<20 || memory.Bytes > 1<<50:
		return cli.Usagef(stderr, "uttt tournament", "--memory %s: want 16MiB to 1PiB (a bare number is MiB: 16 to %d)", memory.Text, 1<<30)
	case *procs < 1 || *procs > 1<<20:
		return cli.Usagef(stderr, "uttt tournament", "--procs %d: want 1..%d", *procs, 1<<20)
	case *cgTime <= 0:
		return cli.RangeError(stderr, "uttt tournament", "--cg-time", *cgTime, "a positive duration")
	case *cgFirst <= 0:
		return cli.RangeError(stderr, "uttt tournament", "--cg-first-time", *cgFirst, "a positive duration")
	case *tiebreak != "none" && *tiebreak != "boards":
		return cli.Usagef(stderr, "uttt tournament", "--tiebreak %q: want none or boards", *tiebreak)
	}
	dir, err := tournament.ResolveDir(pos[0])
	if err != nil {
		return failf(stderr, "uttt tournament", "%v", err)
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
	bots, err := readBots(ctx, dir)
	if err != nil {
		if ctx.Err() != nil {
			return stopf(stderr, "uttt tournament", "interrupted: %v", err)
		}
		return failf(stderr, "uttt tournament", "%v", err)
	}
	code := cli.ExitOK
	names := make([]string, len(bots))
	for i, b := range bots {
		names[i] = b.Name
	}
	players, problems := tournament.NewPlayers(bots, tournament.Setup{Dir: dir, Shown: pos[0], Limit: *limit,
		CGLimit: *cgTime, CGFirst: *cgFirst, ZeroO: *zero, Sandbox: sb, Programs: findPrograms(bots)})
	for _, p := range problems {
		if p.Hidden != "" {
			p.Text += "; --expose a directory to show it"
		}
		fmt.Fprintf(stderr, "analyze uttt tournament: %s\n", p.Text)
		if p.Missing {
			code = cli.ExitFail
		}
	}
	var log *fileio.Output
	var logw io.Writer // stays a nil interface without --log
	if *logPath != "" {
		if log, err = fileio.CreateOutput(*logPath, stdout); err != nil {
			return failf(stderr, "uttt tournament", "--log: %v", err)
		}
		logw = log
	}
	start := time.Now()
	prog := term.NewProgress(stderr, "tournament", "games")
	standings, played, err := tournament.PlayAll(ctx, players, names, *jobs, tournament.Options{Disqualify: *disqualify, TieBreak: *tiebreak == "boards"}, logw,
		func(done, total int) { prog.Update(int64(done), int64(total)) })
	prog.Done()
	elapsed := time.Since(start)
	if log != nil && err != nil {
		log.Abort() // interrupted: the log appears whole or not at all
	} else if log != nil {
		if cerr := log.Commit(); cerr != nil {
			code = failf(stderr, "uttt tournament", "--log: %v", cerr)
		}
	}
	standings.Report(stdout, elapsed)
	if err != nil {
		return cli.Interrupted("uttt tournament", log, stderr, fmt.Sprintf("after %d of %s; the report covers those",
			played, plural.Of(len(tournament.Pairings(len(players))), "game")))
	}
	if standings.AnyDisqualified() {
		code = cli.ExitFail
	}
	return code
}

// findPrograms finds each bot's program as the controller's exec would: on PATH for a
// bare name, made absolute.
func findPrograms(bots []tournament.Bot) []tournament.Program {
	progs := make([]tournament.Program, len(bots))
	for i, b := range bots {
		prog, err := exec.LookPath(b.Argv[0])
		if err != nil {
			progs[i].Err = err
			continue
		}
		if abs, err := filepath.Abs(prog); err == nil {
			progs[i].Path = abs
		}
	}
	return progs
}
