package tournament

import (
	"context"
	"fmt"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
	"github.com/boardlab/boardlab/sandbox"
)

// CGBot is a CGPlayer as a move chooser (a zoo.GameBot) for self-play: its own process
// per game, whose invalid answer is returned as uttt.NoMove (the game is forfeited).
type CGBot struct {
	Spec   string
	Player CGPlayer
	// Report, when not nil, is told what went wrong in a game and, with Verbose, the
	// bot's messages, one line each.
	Report  func(string)
	Verbose bool
}

// NewCGBot returns the CGBot written spec ("cg:COMMAND") that runs argv, its program
// path resolved, in dir.
func NewCGBot(spec string, argv []string, dir string) *CGBot {
	return &CGBot{Spec: spec, Player: CGPlayer{Argv: argv, Dir: dir}}
}

// HasCG reports whether any of bots is a CGBot.
func HasCG(bots ...zoo.Bot) bool {
	for _, b := range bots {
		if _, ok := b.(*CGBot); ok {
			return true
		}
	}
	return false
}

// ConfigureCG sets the turn limits, the sandbox (nil: none) and the reporting of the
// CGBots among bots.
func ConfigureCG(bots []zoo.Bot, first, turn time.Duration, sb *sandbox.Sandbox, report func(string), verbose bool) {
	for _, b := range bots {
		if c, ok := b.(*CGBot); ok {
			c.Player.FirstLimit, c.Player.Limit, c.Player.Sandbox = first, turn, sb
			c.Report, c.Verbose = report, verbose
		}
	}
}

// String returns the bot's spec, cg:COMMAND.
func (b *CGBot) String() string { return b.Spec }

// Move returns uttt.NoMove: each game plays the bot StartGame returns.
func (b *CGBot) Move(context.Context, *uttt.Position, *zoo.RNG) uttt.Move { return uttt.NoMove }

// StartGame returns the bot of game i: its own process, ended by Close.
func (b *CGBot) StartGame(i int) zoo.Bot {
	return &cgBotGame{b: b, s: b.Player.StartGame(), game: i}
}

type cgBotGame struct {
	b     *CGBot
	s     Session
	game  int
	turns int // turns asked in this game
}

func (g *cgBotGame) String() string { return g.b.Spec }

// Move asks the process; an invalid answer is reported and returned as uttt.NoMove.
func (g *cgBotGame) Move(ctx context.Context, p *uttt.Position, _ *zoo.RNG) uttt.Move {
	g.turns++
	mv, msg, err := g.s.Turn(ctx, p)
	if ctx.Err() != nil {
		return uttt.NoMove
	}
	say := func(format string, args ...any) {
		if g.b.Report != nil {
			g.b.Report(fmt.Sprintf("game %d, turn %d of %s: %s\n", g.game, g.turns, g.b.Spec, fmt.Sprintf(format, args...)))
		}
	}
	if err == nil {
		var m uttt.Move
		m, err = uttt.ParseMove(mv)
		if err == nil && !p.IsLegal(m) {
			x, y := m.XY()
			err = fmt.Errorf("illegal move (row %d, column %d): %s", y, x, p.WhyIllegal(m))
		}
		if err == nil {
			if g.b.Verbose && msg != "" {
				say("message %q", msg)
			}
			return m
		}
	}
	say("%v; it forfeits the game", err)
	return uttt.NoMove
}

// Close ends the game's process.
func (g *cgBotGame) Close() error { return g.s.Close() }
