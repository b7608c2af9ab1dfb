package utttcmd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/cmd/analyze/internal/term"
	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/selfplay"
	"github.com/boardlab/boardlab/engine/uttt/selfplay/record"
	"github.com/boardlab/boardlab/engine/uttt/stats"
	"github.com/boardlab/boardlab/engine/uttt/tournament"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/internal/plural"
	bwrap "github.com/boardlab/boardlab/sandbox"
)

const selfplayUsage = "analyze uttt selfplay --a BOT --b BOT --count N [-j N] [--openings N] [--seed N] [--out FILE] [--sprt ELO0,ELO1] [--json] [--plot FILE.svg] [--shard K/N] [--verbose] [--tiebreak none|boards] [--sandbox bwrap|none] [--cg-time DURATION] [--cg-first-time DURATION]"

const selfplayDescription = `Plays games between two bots in-process and reports, for bot a: wins, draws and losses,
the score, the Elo difference with its 95% interval and likelihood of superiority, the
first player's results and the mean game length. Colours alternate (a is X in even
games); games 2k and 2k+1 share a random opening of --openings plies, and game i
depends only on --seed and i.

` + botHelp + `

--out appends one JSON line per game as it finishes; the same command run again
resumes an interrupted run (or extends it with a larger --count). --sprt ELO0,ELO1
stops when a GSPRT (alpha = beta = 0.05) decides. --tiebreak boards scores a full board
as CodinGame does. --verbose prints each game and its final position on stderr. --plot
draws the running score and the SPRT. --shard K/N plays part K of N of the games into
FILE.K-of-N; 'analyze merge' (or 'analyze uttt report') of the shards' files prints the
unsharded report. Ctrl-C stops with the finished games saved. See docs/uttt-selfplay.md.`

func runSelfplay(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	const name = "uttt selfplay"
	fs := cli.NewFlagSet(name, selfplayUsage, selfplayDescription, stderr)
	aSpec := fs.String("a", "", "first bot `BOT` (required)")
	bSpec := fs.String("b", "", "second bot `BOT` (required)")
	games := fs.Int("count", 100, "number of games `N` to play")
	cli.Renamed(fs, "games", "count")
	workers := cli.JobsFlag(fs, "games played at once")
	openings := fs.Int("openings", 4, "random opening plies (0..30)")
	seed := fs.Uint64("seed", 1, "seed of the openings and of the bots' random choices")
	outPath := cli.OutFlag(fs, "append one JSON line per game to `FILE`, resuming the games it holds")
	sprtFlag := fs.String("sprt", "", "stop when an SPRT of `ELO0,ELO1` decides")
	asJSON := fs.Bool("json", false, "print the summary as one JSON object (infinite Elo values as null)")
	plot := new(string)
	cli.OutputVar(fs, plot, "plot", "draw the running score and the SPRT's log-likelihood ratio to `FILE.svg`")
	verbose := fs.Bool("verbose", false, "print each game and its final position on stderr as it ends")
	shardSpec := cli.ShardFlag(fs)
	tiebreak := fs.String("tiebreak", "none", "`RULE` for a game ending without a master line: none (a draw) or boards (CodinGame's: more small boards won)")
	sandbox := fs.String("sandbox", "bwrap", "run cg: bots as `MODE`: bwrap (sandboxed) or none (with this command's rights)")
	cgTime := fs.Duration("cg-time", tournament.DefaultCGLimit, "time limit of a cg: bot's turns after its first")
	cgFirst := fs.Duration("cg-first-time", tournament.DefaultCGFirstLimit, "time limit of a cg: bot's first turn of a game")
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	if len(pos) > 0 {
		return cli.Usagef(stderr, name, "unexpected argument %q", pos[0])
	}
	if *aSpec == "" || *bSpec == "" {
		return cli.Usagef(stderr, name, "--a and --b are required")
	}
	a, err := parseBot("--a", *aSpec, true)
	if err != nil {
		return cli.Usagef(stderr, name, "%v", err)
	}
	b, err := parseBot("--b", *bSpec, true)
	if err != nil {
		return cli.Usagef(stderr, name, "%v", err)
	}
	switch {
	case *tiebreak != "none" && *tiebreak != "boards":
		return cli.Usagef(stderr, name, "--tiebreak %q: want none or boards", *tiebreak)
	case *sandbox != "bwrap" && *sandbox != "none":
		return cli.Usagef(stderr, name, "--sandbox %q: want bwrap or none", *sandbox)
	case *cgTime <= 0:
		return cli.RangeError(stderr, name, "--cg-time", *cgTime, "a positive duration")
	case *cgFirst <= 0:
		return cli.RangeError(stderr, name, "--cg-first-time", *cgFirst, "a positive duration")
	case *games < 1:
		return cli.RangeError(stderr, name, "--count", *games, "1 or more")
	case *openings < 0 || *openings > 30:
		return cli.RangeError(stderr, name, "--openings", *openings, "0..30")
	}
	var sprt *stats.SPRT
	if *sprtFlag != "" {
		if sprt, err = parseSPRT(*sprtFlag); err != nil {
			return cli.Usagef(stderr, name, "--sprt: %v", err)
		}
	}
	shard, err := shardSpec.Resolve(name, nil, stderr)
	if err != nil {
		return cli.Usagef(stderr, name, "%v", err)
	}
	m := &selfplay.Match{A: a, B: b, Seed: *seed, Openings: *openings, TieBreak: *tiebreak == "boards"}
	from, to := shard.Range(int64(*games))
	if err := selfplay.CheckMemory(m, selfplay.Workers(*workers, int(to-from))); err != nil {
		return cli.Usagef(stderr, name, "--jobs %d: %v", *workers, err)
	}
	prog := term.NewProgress(stderr, "selfplay", "games")
	var sb *bwrap.Sandbox
	if tournament.HasCG(a, b) && *sandbox == "bwrap" {
		if sb, err = bwrap.New(bwrap.Sandbox{}); err != nil {
			fmt.Fprintf(stderr, "analyze %s: %v\n", name, err)
			fmt.Fprintf(stderr, "analyze %s: install bubblewrap (Debian: apt-get install bubblewrap), or run the cg: bots unsandboxed, with this command's rights, with --sandbox=none\n", name)
			return cli.ExitUsage
		}
	}
	tournament.ConfigureCG([]zoo.Bot{a, b}, *cgFirst, *cgTime, sb, prog.Print, *verbose)
	runSPRT := sprt
	var hdr *record.Header
	if shard.Enabled() {
		hdr = record.ShardHeader(m.ID(), shard.K, shard.N, *games, int(from), int(to), sprt)
		if *outPath == "" {
			fmt.Fprintf(stderr, "analyze %s: shard %s without --out: its games cannot be merged\n", name, shard)
		}
		if sprt != nil {
			runSPRT = nil
			fmt.Fprintf(stderr, "analyze %s: shard %s plays all its games; the SPRT is judged over all shards by 'analyze merge'\n", name, shard)
		}
	}
	plotOut, err := openPlot(*plot, stdout)
	if err != nil {
		return cli.Usagef(stderr, name, "--plot: %v", err)
	}
	path := shard.Path(*outPath)
	var out *record.Out
	var res *record.Resume
	if path != "" {
		if out, res, err = record.OpenOut(ctx, path, m.ID(), hdr); err != nil {
			if plotOut != nil {
				plotOut.Abort()
			}
			if ctx.Err() != nil {
				return stopf(stderr, name, "interrupted while opening or reading %s; nothing was changed", path)
			}
			return failf(stderr, name, "--out: %s", selfplayErrText(err))
		}
		if n := res.Count(int(from), int(to)); n > 0 {
			fmt.Fprintf(stderr, "analyze %s: %s holds %d finished games of this match; playing the rest\n", name, path, n)
		}
	}
	finished := int64(res.Count(int(from), int(to)))
	cfg := selfplay.Config{Match: m, From: int(from), To: int(to), Workers: *workers, SPRT: runSPRT,
		Resume: res, Out: out, Sample: *plot != "",
		Progress: func(f int64) { finished = f; prog.Update(f, to-from) }}
	if *verbose {
		colour := useColour(stderr)
		cfg.OnGame = func(i int, moves []uttt.Move, r record.Result) {
			prog.Print(describeGame(m, i, moves, r, colour))
		}
	}
	sum, err := selfplay.Run(ctx, cfg)
	prog.Done()
	interrupted := errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
	code := cli.ExitOK
	if err != nil && !interrupted {
		code = failf(stderr, name, "%v", err)
	}
	if out != nil {
		if cerr := out.Close(); cerr != nil && code == cli.ExitOK {
			code = failf(stderr, name, "--out: %v", cerr)
		}
	}
	if interrupted && plotOut != nil {
		plotOut.Abort() // an output file appears only when the run completes
		plotOut = nil
	}
	if c := printSelfplay(stdout, stderr, name, m, &sum, runSPRT, *asJSON, plotOut); c != cli.ExitOK && code == cli.ExitOK {
		code = c
	}
	if shard.Enabled() && !*asJSON {
		fmt.Fprintf(stdout, "shard        %s: games %d..%d of %d; 'analyze merge' of the shards' --out files prints the match's report\n", shard, from, to-1, *games)
	}
	if interrupted {
		fmt.Fprintf(stderr, "analyze %s: interrupted: %d of %s finished", name, max(finished, int64(sum.Counted)), plural.Of(to-from, "game"))
		if out != nil && out.Resumable() {
			fmt.Fprintf(stderr, " and saved; run the same command again to continue")
		}
		fmt.Fprintln(stderr)
		return cli.ExitInterrupted
	}
	return code
}

// openPlot creates the --plot file's temporary file before the work starts, so that
// an unwritable destination is reported at once; nil when there is no plot.
func openPlot(path string, stdout io.Writer) (*fileio.Output, error) {
	if path == "" {
		return nil, nil
	}
	if path == "-" {
		return nil, fmt.Errorf("--plot wants a file name (stdout holds the report)")
	}
	return fileio.CreateOutput(path, stdout)
}

// printSelfplay prints a summary as text or JSON and draws its plot into plot when
// not nil.
func printSelfplay(stdout, stderr io.Writer, name string, m *selfplay.Match, sum *selfplay.Summary, sprt *stats.SPRT, asJSON bool, plot *fileio.Output) int {
	if asJSON {
		json.NewEncoder(stdout).Encode(summaryJSON(sum, m, sprt))
	} else {
		writeSummary(stdout, sum, m, sprt)
	}
	if plot == nil {
		return cli.ExitOK
	}
	err := writePlot(plot, plotTitle(m), sum, sprt)
	if err == nil {
		err = plot.Commit()
	} else {
		plot.Abort()
	}
	if err != nil {
		return failf(stderr, name, "--plot: %v", err)
	}
	return cli.ExitOK
}
