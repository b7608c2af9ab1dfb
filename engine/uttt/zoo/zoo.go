// Package zoo holds the move chooser of meta tic-tac-toe, Bot, the one interface every
// player implements, and the bots that implement it for self-play, tournaments and
// single turns: random, naive (takes a win when it has one), depth (a depth-limited
// alpha-beta like the spec's champion depthBot), the main engine at a time, depth or
// node budget and engine-v1. A bot that keeps state for a whole game, such as an
// external process, implements GameBot as well.
package zoo

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/search"
)

// Bot chooses moves: the one move chooser, played by selfplay, bot.Turn and (through
// Player) the tournament. Move is called only in an ongoing position and returns a
// legal move, or uttt.NoMove when it has none to give (an external process that failed);
// randomness comes from rng only, so a bot is deterministic given its seed (except the
// engine under a time budget). ctx ending asks Move to return promptly.
type Bot interface {
	Move(ctx context.Context, p *uttt.Position, rng *RNG) uttt.Move
	// String returns the bot's name; for the zoo's own bots a spec Parse accepts,
	// e.g. "depth:4".
	String() string
}

// GameBot is a Bot that keeps state for a whole game, such as an external process
// speaking CodinGame's protocol: a match plays each game with the Bot that StartGame
// returns for it, closed at the end when it is an io.Closer, and never asks the
// GameBot's own Move. A game's Bot returns uttt.NoMove, or an illegal move, when its
// answer was invalid: it then forfeits the game.
type GameBot interface {
	Bot
	StartGame(game int) Bot
}

// Parse returns the bot named by spec: random, naive, depth[:N],
// engine[:BUDGET][,OPTION...] (BUDGET a duration, dN or nN; OPTION bank, contempt=N
// or net=FILE), engine-v1[:BUDGET], engine-linear[:BUDGET] or engine-net[:BUDGET].
func Parse(spec string) (Bot, error) {
	if head, opts, ok := strings.Cut(spec, ","); ok {
		return parseEngineOptions(spec, head, strings.Split(opts, ","))
	}
	name, arg, hasArg := strings.Cut(spec, ":")
	switch name {
	case "random":
		if hasArg {
			return nil, fmt.Errorf("bot %q: random takes no budget", spec)
		}
		return Random{}, nil
	case "naive":
		if hasArg {
			return nil, fmt.Errorf("bot %q: naive takes no budget", spec)
		}
		return Naive{}, nil
	case "depth":
		d := DefaultDepth
		if hasArg {
			n, err := strconv.Atoi(arg)
			if err != nil || n < 1 || n > 12 {
				return nil, fmt.Errorf("bot %q: want depth:N with N in 1..12", spec)
			}
			d = n
		}
		return Depth{N: d}, nil
	case "engine", "engine-v1", "engine-linear", "engine-net":
		t, d := DefaultEngineTime, 0
		if hasArg {
			if ns, ok := strings.CutPrefix(arg, "n"); ok {
				n, err := strconv.ParseUint(ns, 10, 64)
				if err != nil || n < 1 {
					return nil, fmt.Errorf("bot %q: want %s:nN with N nodes per move, at least 1", spec, name)
				}
				if name == "engine-v1" {
					return NewEngineV1Nodes(n), nil
				}
				e, err := NewEngineEval(0, 0, evalOf(name))
				if err != nil {
					return nil, err
				}
				e.Nodes = n
				return e, nil
			}
			if ds, ok := strings.CutPrefix(arg, "d"); ok {
				n, err := strconv.Atoi(ds)
				if err != nil || n < 1 || n > search.MaxDepth {
					return nil, fmt.Errorf("bot %q: want %s:dN with N in 1..81", spec, name)
				}
				t, d = 0, n
			} else if dur, err := time.ParseDuration(arg); err != nil || dur <= 0 {
				return nil, fmt.Errorf("bot %q: want %s:DURATION (100ms, 1s), %s:dN (d6) or %s:nN (n200000)", spec, name, name, name)
			} else {
				t = dur
			}
		}
		if name == "engine-v1" {
			return NewEngineV1(t, d), nil
		}
		return NewEngineEval(t, d, evalOf(name))
	}
	return nil, fmt.Errorf("unknown bot %q: want random, naive, depth[:N], engine[:BUDGET], engine-v1[:BUDGET], engine-linear[:BUDGET] or engine-net[:BUDGET]", spec)
}

// Random plays a uniformly random legal move.
type Random struct{}

func (Random) String() string { return "random" }

// Move returns a uniformly random legal move.
func (Random) Move(_ context.Context, p *uttt.Position, rng *RNG) uttt.Move {
	return RandomMove(p, rng)
}

// RandomMove returns a uniformly random legal move of an ongoing position.
func RandomMove(p *uttt.Position, rng *RNG) uttt.Move {
	var buf [81]uttt.Move
	n := p.Moves(&buf)
	return buf[rng.Intn(n)]
}

// Naive plays a move that wins the game when it has one, else one that wins a small
// board, else a random move.
type Naive struct{}

func (Naive) String() string { return "naive" }

// Move returns the naive bot's choice.
func (Naive) Move(_ context.Context, p *uttt.Position, rng *RNG) uttt.Move {
	var buf [81]uttt.Move
	n := p.Moves(&buf)
	won := uttt.XWon + uttt.Status(p.Side())
	var boardWins [81]uttt.Move
	nb := 0
	for _, m := range buf[:n] {
		q := p.Play(m)
		if q.Status() == won {
			return m
		}
		if q.BoardStatus(m.Board()) == won {
			boardWins[nb] = m
			nb++
		}
	}
	if nb > 0 {
		return boardWins[rng.Intn(nb)]
	}
	return buf[rng.Intn(n)]
}

// evalOf is the evaluation an engine bot's name asks for: "" (the engine's default) for
// engine.
func evalOf(name string) string {
	switch name {
	case "engine-linear":
		return search.EvalLinear
	case "engine-net":
		return search.EvalNet
	}
	return ""
}

// parseEngineOptions parses an engine spec with options after its budget: head is
// name[:BUDGET], opts the comma-separated options (bank, contempt=N, net=FILE).
func parseEngineOptions(spec, head string, opts []string) (Bot, error) {
	name, _, _ := strings.Cut(head, ":")
	if name != "engine" && name != "engine-linear" && name != "engine-net" {
		return nil, fmt.Errorf("bot %q: options (,bank ,contempt=N ,net=FILE) go with engine, engine-linear or engine-net", spec)
	}
	b, err := Parse(head)
	if err != nil {
		return nil, err
	}
	e := b.(*Engine)
	for _, o := range opts {
		key, val, _ := strings.Cut(o, "=")
		switch key {
		case "bank":
			if val != "" || e.Depth > 0 || e.Nodes > 0 || !strings.Contains(head, ":") {
				return nil, fmt.Errorf("bot %q: bank goes with a time per move (%s:100ms,bank)", spec, name)
			}
			e.Bank = true
		case "contempt":
			c, err := strconv.Atoi(val)
			if err != nil || c < -1000 || c > 1000 {
				return nil, fmt.Errorf("bot %q: want contempt=N with N in -1000..1000 (evaluation units)", spec)
			}
			e.Contempt = c
		case "net":
			if name == "engine-linear" || val == "" {
				return nil, fmt.Errorf("bot %q: net=FILE goes with engine or engine-net (engine-net:100ms,net=FILE)", spec)
			}
			nw, err := readNetwork(val)
			if err != nil {
				return nil, fmt.Errorf("bot %q: %v", spec, err)
			}
			e.eval, e.net, e.netPath = search.EvalNet, nw, val
		default:
			return nil, fmt.Errorf("bot %q: unknown option %q (want bank, contempt=N or net=FILE)", spec, o)
		}
	}
	return e, nil
}

// networks caches the network files bots read, by path: a match's two specs, or a
// tournament's, quantise each file once.
var networks struct {
	sync.Mutex
	m map[string]*search.Network
}

func readNetwork(path string) (*search.Network, error) {
	networks.Lock()
	defer networks.Unlock()
	if nw := networks.m[path]; nw != nil {
		return nw, nil
	}
	nw, err := search.ReadNetwork(path)
	if err != nil {
		return nil, err
	}
	if networks.m == nil {
		networks.m = map[string]*search.Network{}
	}
	networks.m[path] = nw
	return nw, nil
}
