package utttcmd

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/boardlab/boardlab/cmd/analyze/internal/batch"
	"github.com/boardlab/boardlab/engine/uttt/tournament"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
)

// botHelp is the bot grammar as every uttt command that takes a BOT lists it:
// uttt bot --engine, uttt selfplay --a and --b (the only ones taking cg:COMMAND), and
// the zoo bots of a tournament, run as "analyze uttt bot --engine BOT".
const botHelp = `A BOT is one of:
  random          a uniformly random legal move
  naive           a move that wins the game, else one that wins a small board, else random
  depth[:N]       alpha-beta to N plies (1..12, default 4) with a simple evaluation,
                  like the tournament's champion depthBot; ties are broken at random
  engine[:BUDGET] the main engine's search; BUDGET is a time per move (100ms, 1s), a
                  fixed depth written dN (d6) or a fixed number of nodes per move
                  written nN (n200000); without one, the time per move is 100ms in
                  selfplay and the turn's --time in uttt bot. A time T is spent on
                  every move; with the option T,bank (100ms,bank) a clear move stops
                  at 0.6T plus half of the game's bank of saved time and an
                  unclear one (best move changed, score fell) may take up to 2T,
                  drawing on the bank: the moves of a game average at most T
  engine-v1[:BUDGET] the engine as of commit 82f0469 (the yardstick), budgets as
                  engine (no bank)
  engine-linear[:BUDGET], engine-net[:BUDGET]
                  the main engine with the linear or the network evaluation (engine
                  uses the network), budgets as engine
  options, after the budget of engine, engine-linear and engine-net:
                  ,contempt=N scores a draw -N (evaluation units) for the bot, so
                  it plays on in positions slightly worse than a draw (0: none);
                  ,net=FILE plays the network in FILE (analyze uttt train --out)
                  instead of the embedded one (engine-net:100ms,net=net.bin)
  cg:COMMAND      (selfplay only) a bot speaking CodinGame's protocol, run as COMMAND
                  (split as a shell would, from the current directory) once per game,
                  sandboxed with bubblewrap (--sandbox) and timed per turn
                  (--cg-first-time, --cg-time); an invalid answer (timeout, crash,
                  illegal move) forfeits the game, which --out marks "forfeit":true`

// renamedBots are the spellings of a bot that an earlier version took, each with the
// one to write now.
var renamedBots = map[string]string{
	"main": "engine", // uttt bot --engine main until 2026-12
}

// parseBot returns the bot a BOT names (botHelp), flag being the flag that gave it
// (for messages). cg:COMMAND is accepted when cg is set: the command is split as a
// shell would, its program looked up in PATH and a relative program path made
// absolute against the current directory. An old spelling is refused naming the new.
func parseBot(flag, spec string, cg bool) (zoo.Bot, error) {
	if now, ok := renamedBots[spec]; ok {
		return nil, fmt.Errorf("%s %s: renamed; write %s", flag, spec, now)
	}
	rest, isCG := strings.CutPrefix(spec, "cg:")
	if !isCG {
		b, err := zoo.Parse(spec)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", flag, err)
		}
		return b, nil
	}
	if !cg {
		return nil, fmt.Errorf("%s %s: want a bot that plays one turn (cg: bots play whole games, in uttt selfplay)", flag, spec)
	}
	argv, err := batch.Split(rest)
	if err != nil {
		return nil, fmt.Errorf("%s: bot %q: %v", flag, spec, err)
	}
	if len(argv) == 0 {
		return nil, fmt.Errorf("%s: bot %q: want cg:COMMAND", flag, spec)
	}
	if _, err := exec.LookPath(argv[0]); err != nil {
		return nil, fmt.Errorf("%s: bot %q: %v", flag, spec, err)
	}
	dir, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	if strings.Contains(argv[0], "/") && !filepath.IsAbs(argv[0]) {
		argv[0] = filepath.Join(dir, argv[0])
	}
	return tournament.NewCGBot(spec, argv, dir), nil
}

// readBots reads DIR/instructions.txt and splits each bot's command as a shell would,
// a relative program path (one with a slash) made absolute against dir; a bare program
// name is looked up in PATH when run. It gives up when ctx is cancelled, also while a
// FIFO blocks.
func readBots(ctx context.Context, dir string) ([]tournament.Bot, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	bots, err := tournament.ReadInstructions(ctx, dir)
	if err != nil {
		return nil, err
	}
	for i := range bots {
		b := &bots[i]
		argv, err := batch.Split(b.Command)
		if err == nil && len(argv) == 0 {
			err = errors.New("is empty")
		}
		if err != nil {
			return nil, fmt.Errorf("%s:%d: command of bot %d (%s): %v", filepath.Join(dir, "instructions.txt"), b.Line, i+1, b.Name, err)
		}
		if strings.Contains(argv[0], "/") && !filepath.IsAbs(argv[0]) {
			argv[0] = filepath.Join(abs, argv[0])
		}
		b.Argv = argv
	}
	return bots, nil
}
