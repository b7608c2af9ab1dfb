// Package review reviews finished ultimate tic-tac-toe games with the engine: the loss
// of every move in evaluation and expected score, where each game was lost, and a
// summary per player.
package review

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/search"
	"github.com/boardlab/boardlab/internal/memlimit"
	"github.com/boardlab/boardlab/internal/plural"
	"github.com/boardlab/boardlab/pipeline"
)

// Thresholds on the drop in expected score and the clamp of evaluations in the loss.
const (
	Inaccuracy = 0.05
	Mistake    = 0.10
	Blunder    = 0.20
	Clamp      = 2000
)

// Move is the review of one move: a "move" line of the output.
type Move struct {
	Type       string  `json:"type"`
	Game       string  `json:"game"`
	Ply        int     `json:"ply"`
	Side       string  `json:"side"`
	Player     string  `json:"player"`
	Move       string  `json:"move"`
	Best       string  `json:"best"`
	EvalBefore int     `json:"eval_before"`
	EvalAfter  int     `json:"eval_after"`
	Loss       int     `json:"loss"`
	ESBefore   float64 `json:"es_before"`
	ESAfter    float64 `json:"es_after"`
	ESDrop     float64 `json:"es_drop"`
	Class      string  `json:"class,omitempty"`
}

// Lost is where a game was lost under perfect play.
type Lost struct {
	Side     string `json:"side"`
	Player   string `json:"player"`
	Ply      int    `json:"ply"`
	Move     string `json:"move"`
	ProvenBy string `json:"proven_by"` // "search" or "solver"
}

// Game is the review of one game: a "game" line of the output, with its moves.
type Game struct {
	Type      string `json:"type"`
	Game      string `json:"game"`
	X         string `json:"x"`
	O         string `json:"o"`
	Result    string `json:"result"` // on the board: "X", "O", "draw", or "unfinished"
	Recorded  string `json:"recorded,omitempty"`
	Plies     int    `json:"plies"`
	Passes    int    `json:"passes,omitempty"`
	LostAfter *Lost  `json:"lost_after"`

	Moves  []Move  `json:"-"` // the reviews of its moves, in order
	Index  int     `json:"-"` // the game's index among the records reviewed
	Record *Record `json:"-"` // the record reviewed
}

// Player is the summary of one player's moves: a "player" line of the output.
type Player struct {
	Type            string    `json:"type"`
	Player          string    `json:"player"`
	Games           int       `json:"games"`
	Moves           int       `json:"moves"`
	MeanLoss        float64   `json:"mean_loss"`
	MeanESDrop      float64   `json:"mean_es_drop"`
	Inaccuracies    int       `json:"inaccuracies"`
	Mistakes        int       `json:"mistakes"`
	Blunders        int       `json:"blunders"`
	BlundersPerGame float64   `json:"blunders_per_game"`
	LostFirst       int       `json:"lost_first"` // games lost under perfect play by one of its moves
	Patterns        []Pattern `json:"patterns"`

	lossSum float64
	dropSum float64
	pat     map[[2]int]int
}

// Pattern counts mistakes and blunders in one board and ply range.
type Pattern struct {
	Board int    `json:"board"`
	Plies string `json:"plies"`
	Count int    `json:"count"`
}

// EvalExpectation turns an evaluation (a search score for the side to move, in
// evaluation units) into that side's expected result: 1 for a proven win, 0 for a proven
// loss, else search.Expected(s, search.LinearScale). The scale is the linear
// evaluation's (460) also when the engine evaluates with a network, whose own scale
// (FloatNet.K, 499.5 in the embedded one) would rate the same score a little lower. It
// is not an Elo expectation (stats.ExpectedScore).
func EvalExpectation(s int) float64 {
	switch {
	case s >= search.ScoreWinMin:
		return 1
	case s <= -search.ScoreWinMin:
		return 0
	}
	return search.Expected(float64(s), search.LinearScale)
}

func round4(v float64) float64 { return math.Round(v*1e4) / 1e4 }

func classify(drop float64) string {
	switch {
	case drop >= Blunder:
		return "blunder"
	case drop >= Mistake:
		return "mistake"
	case drop >= Inaccuracy:
		return "inaccuracy"
	}
	return ""
}

// evaluation is a position's search result for the side to move.
type evaluation struct {
	score int
	best  uttt.Move
}

// evalPosition searches p from an empty table on one thread, or scores an ended game
// for the side to move.
func (rv *Reviewer) evalPosition(ctx context.Context, p uttt.Position) evaluation {
	switch p.Status() {
	case uttt.Ongoing:
		rv.eng.Clear()
		r := rv.eng.Search(ctx, p, search.Limits{Nodes: rv.opt.Nodes})
		return evaluation{r.Score, r.Move}
	case uttt.Draw:
		return evaluation{0, uttt.NoMove}
	}
	return evaluation{-search.ScoreWin, uttt.NoMove} // the side to move has lost
}

// Game reviews one game. When ctx is cancelled it returns early with the moves
// reviewed so far.
func (rv *Reviewer) Game(ctx context.Context, rec *Record) Game {
	g := Game{Type: "game", Game: rec.ID, X: rec.X, O: rec.O, Recorded: rec.Result, Record: rec}
	names := [2]string{rec.X, rec.O}
	p := uttt.Start()
	var cur *evaluation
	type after struct {
		q    uttt.Position
		eval evaluation // for the side to move in q
		ply  int
		move uttt.Move
		side uttt.Side
	}
	var afters []after
	for _, ev := range rec.Events {
		if ctx.Err() != nil {
			return g
		}
		if ev.Pass {
			g.Passes++
			p, cur = p.Pass(), nil
			continue
		}
		if cur == nil {
			e := rv.evalPosition(ctx, p)
			cur = &e
		}
		side := p.Side()
		q := p.Play(ev.Move)
		next := rv.evalPosition(ctx, q)
		before, afterScore := cur.score, -next.score
		if ev.Move == cur.best {
			afterScore = before
		}
		clamp := func(v int) int { return max(-Clamp, min(Clamp, v)) }
		esB, esA := EvalExpectation(before), EvalExpectation(afterScore)
		drop := max(0, esB-esA)
		g.Plies++
		m := Move{Type: "move", Game: rec.ID, Ply: g.Plies, Side: side.String(), Player: names[side],
			Move: ev.Move.String(), Best: cur.best.String(), EvalBefore: before, EvalAfter: afterScore,
			Loss: max(0, clamp(before)-clamp(afterScore)), ESBefore: round4(esB), ESAfter: round4(esA),
			ESDrop: round4(drop), Class: classify(round4(drop))}
		g.Moves = append(g.Moves, m)
		afters = append(afters, after{q, next, g.Plies, ev.Move, side})
		p, cur = q, &next
	}
	switch p.Status() {
	case uttt.XWon:
		g.Result = "X"
	case uttt.OWon:
		g.Result = "O"
	case uttt.Draw:
		g.Result = "draw"
	default:
		g.Result = "unfinished"
	}
	if g.Result == "X" || g.Result == "O" {
		loser := uttt.O
		if g.Result == "O" {
			loser = uttt.X
		}
		for k := len(afters) - 1; k >= 0; k-- {
			a := afters[k]
			if a.side != loser {
				continue
			}
			by := ""
			if a.eval.score >= search.ScoreWinMin {
				by = "search"
			} else if v, _, ok := search.Solve(ctx, a.q, rv.opt.SolveNodes); ok && v == 1 {
				by = "solver"
			}
			if by == "" {
				break
			}
			g.LostAfter = &Lost{Side: loser.String(), Player: names[loser], Ply: a.ply, Move: a.move.String(), ProvenBy: by}
		}
	}
	return g
}

// plyRange is the ten-ply range of a ply, as text: "1-10", "11-20", ...
func plyRange(ply int) (int, string) {
	k := (ply - 1) / 10
	return k, fmt.Sprintf("%d-%d", 10*k+1, 10*k+10)
}

// Summary gathers the players' summaries of reviewed games.
type Summary struct {
	players map[string]*Player
	order   []string
}

// Add counts a reviewed game into the players' summaries.
func (s *Summary) Add(g *Game) {
	get := func(name string) *Player {
		pl := s.players[name]
		if pl == nil {
			if s.players == nil {
				s.players = map[string]*Player{}
			}
			pl = &Player{Type: "player", Player: name, pat: map[[2]int]int{}}
			s.players[name] = pl
			s.order = append(s.order, name)
		}
		return pl
	}
	get(g.X).Games++
	if g.O != g.X {
		get(g.O).Games++
	}
	for _, m := range g.Moves {
		pl := get(m.Player)
		pl.Moves++
		pl.lossSum += float64(m.Loss)
		pl.dropSum += m.ESDrop
		switch m.Class {
		case "inaccuracy":
			pl.Inaccuracies++
		case "mistake":
			pl.Mistakes++
		case "blunder":
			pl.Blunders++
		}
		if m.Class == "mistake" || m.Class == "blunder" {
			mv, _ := uttt.ParseMove(m.Move)
			k, _ := plyRange(m.Ply)
			pl.pat[[2]int{mv.Board(), k}]++
		}
	}
	if g.LostAfter != nil {
		get(g.LostAfter.Player).LostFirst++
	}
}

// Players returns the players' summaries in the order they first played, with their
// means and three most common patterns computed.
func (s *Summary) Players() []*Player {
	out := make([]*Player, 0, len(s.order))
	for _, nm := range s.order {
		pl := s.players[nm]
		pl.finish()
		out = append(out, pl)
	}
	return out
}

// finish computes the means and the three most common patterns.
func (pl *Player) finish() {
	if pl.Moves > 0 {
		pl.MeanLoss = math.Round(pl.lossSum/float64(pl.Moves)*10) / 10
		pl.MeanESDrop = round4(pl.dropSum / float64(pl.Moves))
	}
	if pl.Games > 0 {
		pl.BlundersPerGame = math.Round(float64(pl.Blunders)/float64(pl.Games)*100) / 100
	}
	keys := make([][2]int, 0, len(pl.pat))
	for k := range pl.pat {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		if pl.pat[a] != pl.pat[b] {
			return pl.pat[a] > pl.pat[b]
		}
		if a[1] != b[1] {
			return a[1] < b[1]
		}
		return a[0] < b[0]
	})
	pl.Patterns = []Pattern{}
	for _, k := range keys[:min(3, len(keys))] {
		_, r := plyRange(10*k[1] + 1)
		pl.Patterns = append(pl.Patterns, Pattern{Board: k[0], Plies: r, Count: pl.pat[k]})
	}
}

// Text is the player's summary for people, one line.
func (pl *Player) Text() string {
	var pats []string
	for _, p := range pl.Patterns {
		pats = append(pats, fmt.Sprintf("board %d at plies %s (%d)", p.Board, p.Plies, p.Count))
	}
	common := "none"
	if len(pats) > 0 {
		common = strings.Join(pats, ", ")
	}
	return fmt.Sprintf("%s: %s, %s, mean loss %.1f, mean expected-score drop %.4f, inaccuracies/mistakes/blunders %d/%d/%d (%.2f blunders a game), lost first in %s; most common mistakes: %s\n",
		pl.Player, plural.Of(pl.Games, "game"), plural.Of(pl.Moves, "move"), pl.MeanLoss, pl.MeanESDrop, pl.Inaccuracies, pl.Mistakes, pl.Blunders, pl.BlundersPerGame, plural.Of(pl.LostFirst, "game"), common)
}

// Options are the budgets of a review: fixed node counts, so that a review is the same
// on any machine.
type Options struct {
	Nodes      uint64 // nodes searched per position
	SolveNodes uint64 // nodes the solver may spend per position to prove where a game was lost (0: no limit)
}

// tableBytes is the table of each reviewer, cleared before every position.
const tableBytes = 4 << 20

// Reviewer reviews games one at a time with its own engine; use one per goroutine.
type Reviewer struct {
	eng *search.Engine
	opt Options
}

// New returns a Reviewer with the budgets of opt.
func New(opt Options) *Reviewer {
	// One thread, the default evaluation and a positive size: not refused.
	eng, _ := search.NewEngine(search.Options{TableBytes: tableBytes})
	return &Reviewer{eng: eng, opt: opt}
}

// WorkerMemory is the most memory, in bytes, one worker of Games holds: its reviewer's
// table, a solve's table and the search's stack and scratch.
const WorkerMemory = tableBytes + search.SolveMemory + 256<<10

// Workers returns the workers Games uses for games games given jobs: jobs (one per core
// when jobs <= 0), but never more than the games, and at least 1.
func Workers(jobs, games int) int {
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	return max(1, min(jobs, games))
}

// CheckMemory returns an error saying how much when workers workers (WorkerMemory each)
// would take more than half the memory this process may use, and nil otherwise.
func CheckMemory(workers int) error {
	return memlimit.CheckAlloc(fmt.Sprintf("reviewing on %d workers", workers), int64(workers)*WorkerMemory, 0.5)
}

// Games reviews recs on Workers(workers, len(recs)) goroutines and calls emit for each
// game in input order, on the calling goroutine. It stops when ctx is cancelled, having
// emitted the games reviewed up to then, and returns ctx.Err(); it reviews nothing and
// returns CheckMemory's error when the workers would not fit in memory.
func Games(ctx context.Context, recs []Record, opt Options, workers int, emit func(g *Game)) error {
	workers = Workers(workers, len(recs))
	if err := CheckMemory(workers); err != nil {
		return err
	}
	pool := make(chan *Reviewer, workers)
	for range workers {
		pool <- New(opt)
	}
	return pipeline.Items(ctx, len(recs), workers, func(i int) *Game {
		rv := <-pool
		defer func() { pool <- rv }()
		g := rv.Game(ctx, &recs[i])
		if ctx.Err() != nil {
			return nil
		}
		g.Index = i
		return &g
	}, func(i int, g *Game) {
		if g != nil {
			emit(g)
		}
	})
}

// SVGName is the file name of game g's graph: its index, file and line.
func SVGName(g *Game) string {
	base := strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r == ' ' || r == ':' {
			return '_'
		}
		return r
	}, filepath.Base(g.Record.Path))
	return fmt.Sprintf("%04d-%s-%d.svg", g.Index, base, g.Record.Line)
}
