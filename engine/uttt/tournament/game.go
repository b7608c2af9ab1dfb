package tournament

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"strings"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/sandbox"
)

// Scoring of the spec's controller.
const (
	MaxTurns   = 250 // turns (invalid moves included) before a game is abandoned
	WinPoints  = 100 // a win scores this plus the empty tiles left on the whole board
	CapPenalty = 10  // each bot loses this when a game reaches MaxTurns
)

// Player answers turns: given the 12 protocol arguments it returns what the bot
// printed, or an error when it failed (crash, timeout, flood). Process is the external
// player; in-process players serve tests and mirrors.
type Player interface {
	Answer(ctx context.Context, args []string) (string, error)
}

// Turn is one call of a bot.
type Turn struct {
	Side    string `json:"side"`              // "X" or "O"
	Move    string `json:"move,omitempty"`    // the move played, when valid
	Answer  string `json:"answer,omitempty"`  // what an invalid answer printed (trimmed, at most 32 bytes)
	Invalid string `json:"invalid,omitempty"` // why the answer was invalid
	Message string `json:"message,omitempty"` // what a CodinGame bot printed after its move (at most 200 bytes)
}

// Result is a finished game. Play fills in the game itself; the caller names the
// players: Game, X and O are numbered from 1 as in the report.
type Result struct {
	Game   int    `json:"game"`
	X      int    `json:"x"` // bot number of X
	O      int    `json:"o"` // bot number of O
	XName  string `json:"x_name"`
	OName  string `json:"o_name"`
	Result string `json:"result"` // "X", "O", "draw", "cap" (250 turns without a winner) or "skipped"
	// Disqualified is the side ("X" or "O") removed from the game for a turn that
	// tried to read or write outside its folder (with Options.Disqualify); the game
	// ended there and the opponent won it.
	Disqualified string `json:"disqualified,omitempty"`
	Turns        []Turn `json:"turns"`
	Invalid      [2]int `json:"invalid"` // invalid moves of X and O
	Points       [2]int `json:"points"`  // points of X and O in this game
	Empty        int    `json:"empty"`   // empty tiles at the end
	// TieBreak, with Options.TieBreak, says how a game that ended without a master
	// line was decided: "boards 4-3" (small boards won by X and O).
	TieBreak string `json:"tiebreak,omitempty"`
}

// Judge turns a bot's answer into a move legal in p, or explains why it is invalid.
func Judge(p *uttt.Position, out string, err error) (uttt.Move, string) {
	if err != nil {
		return uttt.NoMove, err.Error()
	}
	s := strings.TrimSpace(out)
	m, perr := uttt.ParseMove(s)
	if perr != nil {
		if s == "" {
			return uttt.NoMove, "no output"
		}
		return uttt.NoMove, "unparsable answer: want two digits 0..8, board then tile"
	}
	if !p.IsLegal(m) {
		switch {
		case p.Closed(m.Board()):
			return uttt.NoMove, fmt.Sprintf("illegal move %s: board %d is closed", s, m.Board())
		case p.Forced() >= 0 && p.Forced() != m.Board():
			return uttt.NoMove, fmt.Sprintf("illegal move %s: must play in board %d", s, p.Forced())
		default:
			return uttt.NoMove, fmt.Sprintf("illegal move %s: tile taken", s)
		}
	}
	return m, ""
}

// freeMove returns p with the other side to move and a free move: the board after an
// invalid move.
func freeMove(p uttt.Position) uttt.Position {
	args := p.ProtocolArgs()
	args[0] = p.Side().Other().String()
	args[11] = "xx"
	q, err := uttt.ParseProtocol(args)
	if err != nil {
		panic("tournament: engine rejects its own protocol arguments: " + err.Error())
	}
	return q
}

// Options change how a game is judged.
type Options struct {
	// Disqualify removes a bot from the game at a turn whose error wraps sandbox.ErrViolation
	// (an access outside its folder): the game ends there and the opponent wins it,
	// scoring 100 plus the empty tiles left, as if it had won on the board.
	Disqualify bool
	// TieBreak scores a game that fills the board without a master line as CodinGame
	// does: won by the side that won more small boards (a draw when equal).
	TieBreak bool
}

// Play plays one game of the spec's controller: x moves first; an invalid answer costs
// its bot a point and gives the opponent a free move on the unchanged board; the winner
// scores 100 plus the empty tiles left; after 250 turns without a winner both lose 10.
// It returns ctx.Err() when cancelled mid-game.
func Play(ctx context.Context, x, o Player) (Result, error) {
	return PlayWith(ctx, x, o, Options{})
}

// PlayWith is Play with options.
func PlayWith(ctx context.Context, x, o Player, opts Options) (Result, error) {
	var r Result
	players := [2]Player{x, o}
	var sessions [2]Session
	for i, pl := range players {
		if gp, ok := pl.(GamePlayer); ok {
			sessions[i] = gp.StartGame()
			defer sessions[i].Close()
		}
	}
	p := uttt.Start()
	for len(r.Turns) < MaxTurns {
		if st := p.Status(); st != uttt.Ongoing {
			r.finish(&p, opts)
			return r, nil
		}
		s := p.Side()
		var out, msg string
		var err error
		if sessions[s] != nil {
			out, msg, err = sessions[s].Turn(ctx, &p)
		} else {
			out, err = players[s].Answer(ctx, p.ProtocolArgs())
		}
		if cerr := ctx.Err(); cerr != nil {
			return r, cerr
		}
		m, why := Judge(&p, out, err)
		t := Turn{Side: s.String(), Message: clip(msg, 200)}
		if why != "" {
			t.Invalid = why
			t.Answer = clip(strings.TrimSpace(out), 32)
			r.Invalid[s]++
			r.Points[s]--
			if opts.Disqualify && errors.Is(err, sandbox.ErrViolation) {
				r.Turns = append(r.Turns, t)
				w := s.Other()
				r.Disqualified = s.String()
				r.Result = w.String()
				r.Empty = p.Empty()
				r.Points[w] += WinPoints + r.Empty
				return r, nil
			}
			p = freeMove(p)
		} else {
			t.Move = m.String()
			p = p.Play(m)
		}
		r.Turns = append(r.Turns, t)
	}
	if p.Status() != uttt.Ongoing {
		r.finish(&p, opts)
		return r, nil
	}
	r.Result = "cap"
	r.Points[0] -= CapPenalty
	r.Points[1] -= CapPenalty
	r.Empty = p.Empty()
	return r, nil
}

func (r *Result) finish(p *uttt.Position, opts Options) {
	r.Empty = p.Empty()
	st := p.Status()
	if st == uttt.Draw && opts.TieBreak {
		var xb, ob int
		st, xb, ob = BoardsTieBreak(p)
		r.TieBreak = fmt.Sprintf("boards %d-%d", xb, ob)
	}
	switch st {
	case uttt.XWon:
		r.Result = "X"
		r.Points[0] += WinPoints + r.Empty
	case uttt.OWon:
		r.Result = "O"
		r.Points[1] += WinPoints + r.Empty
	default:
		r.Result = "draw"
	}
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

// BoardsTieBreak decides a game that ended without a master line by CodinGame's rule:
// the side that won more small boards wins; equal counts are a draw. It returns the
// outcome and the boards won by X and O.
func BoardsTieBreak(p *uttt.Position) (uttt.Status, int, int) {
	xb, ob := bits.OnesCount16(p.WonBoards(uttt.X)), bits.OnesCount16(p.WonBoards(uttt.O))
	switch {
	case p.Status() != uttt.Draw:
		return p.Status(), xb, ob
	case xb > ob:
		return uttt.XWon, xb, ob
	case ob > xb:
		return uttt.OWon, xb, ob
	}
	return uttt.Draw, xb, ob
}
