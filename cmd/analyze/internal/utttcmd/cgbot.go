package utttcmd

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/selfplay"
	"github.com/boardlab/boardlab/engine/uttt/tournament"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
	"github.com/boardlab/boardlab/sandbox"
)

// cgSpecHelp documents the cg:COMMAND spec of self-play.
const cgSpecHelp = `  cg:COMMAND      a bot speaking CodinGame's protocol, run as COMMAND (split as a
                  shell would, from the current directory) once per game, sandboxed
                  with bubblewrap (--sandbox) and timed per turn (--cg-first-time,
                  --cg-time); an invalid answer (timeout, crash, illegal move)
                  forfeits the game, which --out marks "forfeit":true`

// cgBot is self-play's bot for a cg:COMMAND spec: a tournament.CGPlayer per game.
type cgBot struct {
	spec   string
	player tournament.CGPlayer
	// report says what went wrong in a game, and with verbose the bot's messages.
	report  func(string)
	verbose bool
}

// parseBot is zoo.Parse plus cg:COMMAND.
func parseBot(spec string) (zoo.Bot, error) {
	rest, ok := strings.CutPrefix(spec, "cg:")
	if !ok {
		return zoo.Parse(spec)
	}
	argv, err := cli.SplitCommand(rest)
	if err != nil {
		return nil, fmt.Errorf("bot %q: %v", spec, err)
	}
	if len(argv) == 0 {
		return nil, fmt.Errorf("bot %q: want cg:COMMAND", spec)
	}
	if _, err := exec.LookPath(argv[0]); err != nil {
		return nil, fmt.Errorf("bot %q: %v", spec, err)
	}
	dir, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	if strings.Contains(argv[0], "/") && !filepath.IsAbs(argv[0]) {
		argv[0] = filepath.Join(dir, argv[0])
	}
	return &cgBot{spec: spec, player: tournament.CGPlayer{Argv: argv, Dir: dir}}, nil
}

// configureCG sets the limits, the sandbox and the reporting of the cg bots among bots.
func configureCG(bots []zoo.Bot, first, turn time.Duration, sb *sandbox.Sandbox, report func(string), verbose bool) {
	for _, b := range bots {
		if c, ok := b.(*cgBot); ok {
			c.player.FirstLimit, c.player.Limit, c.player.Sandbox = first, turn, sb
			c.report, c.verbose = report, verbose
		}
	}
}

func (b *cgBot) String() string { return b.spec }

// Move is never called: each game plays the bot StartGame returns.
func (b *cgBot) Move(context.Context, *uttt.Position, *zoo.RNG) uttt.Move { return uttt.NoMove }

// StartGame returns the bot of game i: its own process.
func (b *cgBot) StartGame(i int) selfplay.GameSession {
	return &cgBotGame{b: b, s: b.player.StartGame(), game: i}
}

type cgBotGame struct {
	b     *cgBot
	s     tournament.Session
	game  int
	turns int // turns asked in this game
}

func (g *cgBotGame) String() string { return g.b.spec }

// Move asks the process; an invalid answer is reported and returned as uttt.NoMove.
func (g *cgBotGame) Move(ctx context.Context, p *uttt.Position, _ *zoo.RNG) uttt.Move {
	g.turns++
	mv, msg, err := g.s.Turn(ctx, p)
	if ctx.Err() != nil {
		return uttt.NoMove
	}
	say := func(format string, args ...any) {
		if g.b.report != nil {
			g.b.report(fmt.Sprintf("game %d, turn %d of %s: %s\n", g.game, g.turns, g.b.spec, fmt.Sprintf(format, args...)))
		}
	}
	if err == nil {
		var m uttt.Move
		m, err = uttt.ParseMove(mv)
		if err == nil && !p.IsLegal(m) {
			err = fmt.Errorf("illegal move (row %d, column %d): %s", yOf(m), xOf(m), p.WhyIllegal(m))
		}
		if err == nil {
			if g.b.verbose && msg != "" {
				say("message %q", msg)
			}
			return m
		}
	}
	say("%v; it forfeits the game", err)
	return uttt.NoMove
}

func xOf(m uttt.Move) int { x, _ := m.XY(); return x }
func yOf(m uttt.Move) int { _, y := m.XY(); return y }

// Close ends the game's process.
func (g *cgBotGame) Close() error { return g.s.Close() }
