package utttcmd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/pipeline"
)

const reviewUsage = "analyze uttt review [--nodes N] [--solve-nodes N] [-j N] [--shard K/N] [--out FILE] [--svg DIR] FILE|DIR..."

const reviewDescription = `Reviews finished games with the engine. FILE holds game records, one a line: self-play
--out lines, tournament --log lines (an invalid turn is a pass: the other side then
moves freely), or move lists (two-digit moves separated by spaces or commas); a
directory is read recursively. For every move it searches the position before it
(--nodes per position, one thread, an empty table: the same figures on any machine)
and reports, from the mover's view, the evaluation before and after the move, the
engine's best move, the loss in evaluation units (both sides clamped to +-2000) and
as a drop in expected score, where expected score is 1/(1+exp(-e/460)) for an evaluation e (460 is the
evaluation's fitted logistic scale; a proven win is 1, a proven loss 0). A move the
engine would have played loses nothing. A drop of at least 0.05 is an inaccuracy,
0.10 a mistake, 0.20 a blunder. For a game won on the board it gives the first move of
the loser after which the game was lost under perfect play, where the search or the
solver (--solve-nodes per position) proves it.

Output, JSON Lines (--out, default stdout): a "move" line per move, a "game" line per
game and, at the end, a "player" line per player (games, moves, mean loss, mean
expected-score drop, inaccuracies, mistakes and blunders, blunders a game, the most
common mistakes and blunders by board and ply range). The players' summary is printed
as text on stderr too. --svg DIR draws each game's expected score for X against the
ply, marking inaccuracies, mistakes and blunders, into DIR/NNNN-FILE-LINE.svg.

--jobs N reviews N games at once (0: one per core); the output is in input order
whatever N. --shard K/N reviews part K of N of the games (contiguous ranges of the
games of all FILEs in order; --out then writes FILE.K-of-N, starting with a
"review-shard" line): 'analyze merge' of the shards' files writes exactly the
unsharded output, the player lines computed over all games; each shard's own player
lines cover its games. A bad record is reported on stderr with its file, line and field, and the
other games are still reviewed (exit status 1). Ctrl-C stops: the games reviewed so
far are written, with their summary (exit status 130).`

// Review thresholds on the drop in expected score, and the evaluation's logistic scale.
const (
	reviewInaccuracy = 0.05
	reviewMistake    = 0.10
	reviewBlunder    = 0.20
	reviewScale      = 460.0
	reviewClamp      = 2000
)

// reviewMove is a "move" line.
type reviewMove struct {
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

// reviewLost is where a game was lost under perfect play.
type reviewLost struct {
	Side     string `json:"side"`
	Player   string `json:"player"`
	Ply      int    `json:"ply"`
	Move     string `json:"move"`
	ProvenBy string `json:"proven_by"` // "search" or "solver"
}

// reviewGame is a "game" line.
type reviewGame struct {
	Type      string      `json:"type"`
	Game      string      `json:"game"`
	X         string      `json:"x"`
	O         string      `json:"o"`
	Result    string      `json:"result"` // on the board: "X", "O", "draw", or "unfinished"
	Recorded  string      `json:"recorded,omitempty"`
	Plies     int         `json:"plies"`
	Passes    int         `json:"passes,omitempty"`
	LostAfter *reviewLost `json:"lost_after"`

	moves []reviewMove
	index int
	rec   *reviewRecord
}

// reviewPlayer is a "player" line.
type reviewPlayer struct {
	Type            string          `json:"type"`
	Player          string          `json:"player"`
	Games           int             `json:"games"`
	Moves           int             `json:"moves"`
	MeanLoss        float64         `json:"mean_loss"`
	MeanESDrop      float64         `json:"mean_es_drop"`
	Inaccuracies    int             `json:"inaccuracies"`
	Mistakes        int             `json:"mistakes"`
	Blunders        int             `json:"blunders"`
	BlundersPerGame float64         `json:"blunders_per_game"`
	LostFirst       int             `json:"lost_first"` // games lost under perfect play by one of its moves
	Patterns        []reviewPattern `json:"patterns"`

	lossSum float64
	dropSum float64
	pat     map[[2]int]int
}

// reviewPattern counts mistakes and blunders in one board and ply range.
type reviewPattern struct {
	Board int    `json:"board"`
	Plies string `json:"plies"`
	Count int    `json:"count"`
}

// expectedScore turns a score for the side to move into its expected score.
func expectedScore(s int) float64 {
	switch {
	case s >= uttt.ScoreWinMin:
		return 1
	case s <= -uttt.ScoreWinMin:
		return 0
	}
	return 1 / (1 + math.Exp(-float64(s)/reviewScale))
}

func round4(v float64) float64 { return math.Round(v*1e4) / 1e4 }

func classify(drop float64) string {
	switch {
	case drop >= reviewBlunder:
		return "blunder"
	case drop >= reviewMistake:
		return "mistake"
	case drop >= reviewInaccuracy:
		return "inaccuracy"
	}
	return ""
}

// evaluation is a position's search result for the side to move.
type evaluation struct {
	score int
	best  uttt.Move
}

// evalPosition searches p, or scores an ended game for the side to move.
func evalPosition(ctx context.Context, s *searcher, p uttt.Position, nodes uint64) evaluation {
	switch p.Status() {
	case uttt.Ongoing:
		r := s.byNodes(ctx, p, nodes)
		return evaluation{r.Score, r.Move}
	case uttt.Draw:
		return evaluation{0, uttt.NoMove}
	}
	return evaluation{-uttt.ScoreWin, uttt.NoMove} // the side to move has lost
}

// reviewOne reviews one game.
func reviewOne(ctx context.Context, s *searcher, rec *reviewRecord, nodes, solveNodes uint64) reviewGame {
	g := reviewGame{Type: "game", Game: rec.ID, X: rec.X, O: rec.O, Recorded: rec.Result, rec: rec}
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
			p, cur = passTurn(p), nil
			continue
		}
		if cur == nil {
			e := evalPosition(ctx, s, p, nodes)
			cur = &e
		}
		side := p.Side()
		q := p.Play(ev.Move)
		next := evalPosition(ctx, s, q, nodes)
		before, afterScore := cur.score, -next.score
		if ev.Move == cur.best {
			afterScore = before
		}
		clamp := func(v int) int { return max(-reviewClamp, min(reviewClamp, v)) }
		esB, esA := expectedScore(before), expectedScore(afterScore)
		drop := max(0, esB-esA)
		g.Plies++
		m := reviewMove{Type: "move", Game: rec.ID, Ply: g.Plies, Side: side.String(), Player: names[side],
			Move: ev.Move.String(), Best: cur.best.String(), EvalBefore: before, EvalAfter: afterScore,
			Loss: max(0, clamp(before)-clamp(afterScore)), ESBefore: round4(esB), ESAfter: round4(esA),
			ESDrop: round4(drop), Class: classify(round4(drop))}
		g.moves = append(g.moves, m)
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
			if a.eval.score >= uttt.ScoreWinMin {
				by = "search"
			} else if v, ok := solveValue(ctx, a.q, solveNodes); ok && v == 1 {
				by = "solver"
			}
			if by == "" {
				break
			}
			g.LostAfter = &reviewLost{Side: loser.String(), Player: names[loser], Ply: a.ply, Move: a.move.String(), ProvenBy: by}
		}
	}
	return g
}

// plyRange is the ten-ply range of a ply, as text: "1-10", "11-20", ...
func plyRange(ply int) (int, string) {
	k := (ply - 1) / 10
	return k, fmt.Sprintf("%d-%d", 10*k+1, 10*k+10)
}

// add counts a reviewed game into the players' summaries.
func addReview(players map[string]*reviewPlayer, order *[]string, g *reviewGame) {
	get := func(name string) *reviewPlayer {
		pl := players[name]
		if pl == nil {
			pl = &reviewPlayer{Type: "player", Player: name, pat: map[[2]int]int{}}
			players[name] = pl
			*order = append(*order, name)
		}
		return pl
	}
	get(g.X).Games++
	if g.O != g.X {
		get(g.O).Games++
	}
	for _, m := range g.moves {
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

// finish computes the means and the three most common patterns.
func (pl *reviewPlayer) finish() {
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
	pl.Patterns = []reviewPattern{}
	for _, k := range keys[:min(3, len(keys))] {
		_, r := plyRange(10*k[1] + 1)
		pl.Patterns = append(pl.Patterns, reviewPattern{Board: k[0], Plies: r, Count: pl.pat[k]})
	}
}

// text is the player's summary for people.
func (pl *reviewPlayer) text() string {
	var pats []string
	for _, p := range pl.Patterns {
		pats = append(pats, fmt.Sprintf("board %d at plies %s (%d)", p.Board, p.Plies, p.Count))
	}
	common := "none"
	if len(pats) > 0 {
		common = strings.Join(pats, ", ")
	}
	return fmt.Sprintf("%s: %d games, %d moves, mean loss %.1f, mean expected-score drop %.4f, inaccuracies/mistakes/blunders %d/%d/%d (%.2f blunders a game), lost first in %d games; most common mistakes: %s\n",
		pl.Player, pl.Games, pl.Moves, pl.MeanLoss, pl.MeanESDrop, pl.Inaccuracies, pl.Mistakes, pl.Blunders, pl.BlundersPerGame, pl.LostFirst, common)
}

func runReview(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	const name = "uttt review"
	fs := cli.NewFlagSet(name, reviewUsage, reviewDescription, stderr)
	nodes := fs.Uint64("nodes", 20000, "nodes searched per position (fixed: reviews are the same on any machine)")
	solveNodes := fs.Uint64("solve-nodes", 100000, "nodes the solver may spend per position to prove where a game was lost (0: no limit)")
	jobs := cli.JobsFlag(fs, 0, 0, "games reviewed at once (0: one per core)")
	outPath := cli.OutFlag(fs, "write the JSON Lines to `FILE` (default or -: stdout)")
	svgDir := fs.String("svg", "", "draw each game's evaluation graph into `DIR`")
	shardSpec := cli.ShardFlag(fs)
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	switch {
	case len(pos) == 0:
		return cli.Usagef(stderr, name, "want at least one FILE or DIR of game records")
	case *nodes < 1:
		return cli.Usagef(stderr, name, "--nodes must be at least 1")
	case *jobs < 0:
		return cli.Usagef(stderr, name, "--jobs must not be negative")
	}
	shard, err := shardSpec.Resolve(name, nil, stderr)
	if err != nil {
		return cli.Usagef(stderr, name, "%v", err)
	}
	if *svgDir != "" {
		if err := os.MkdirAll(*svgDir, 0o755); err != nil {
			fmt.Fprintf(stderr, "analyze %s: --svg: %v\n", name, err)
			return cli.ExitFail
		}
	}
	code := cli.ExitOK
	bad := func(err error) {
		fmt.Fprintf(stderr, "analyze %s: %v\n", name, err)
		code = cli.ExitFail
	}
	inputs, errs := fileio.Expand(pos)
	var recs []reviewRecord
	for k, in := range inputs {
		if errs[k] != nil {
			bad(errs[k])
			continue
		}
		r, err := in.Open(ctx, stdin)
		if err != nil {
			if ctx.Err() != nil {
				fmt.Fprintf(stderr, "analyze %s: interrupted while reading %s\n", name, in.Name())
				return cli.ExitInterrupted
			}
			bad(err)
			continue
		}
		rs, err := readRecords(r, in.Name(), bad)
		r.Close()
		if err != nil {
			bad(err)
		}
		recs = append(recs, rs...)
	}
	from, to := shard.Range(int64(len(recs)))
	out, err := fileio.CreateOutput(shard.Path(*outPath), stdout)
	if err != nil {
		fmt.Fprintf(stderr, "analyze %s: --out: %v\n", name, err)
		return cli.ExitFail
	}
	workers := *jobs
	if workers <= 0 {
		workers = max(1, min(int(to-from), cliWorkers()))
	}
	pool := make(chan *searcher, workers)
	for range workers {
		pool <- newSearcher(reviewHashMB, 1)
	}
	prog := cli.NewProgress(stderr, "review", "games")
	players := map[string]*reviewPlayer{}
	var order []string
	enc := json.NewEncoder(out)
	if shard.Enabled() {
		enc.Encode(reviewShardHeader{Type: "review-shard", K: shard.K, N: shard.N, First: int(from), End: int(to), Games: len(recs)})
	}
	done := 0
	n := int(to - from)
	rerr := pipeline.Items(ctx, n, workers, func(i int) *reviewGame {
		s := <-pool
		defer func() { pool <- s }()
		rec := &recs[int(from)+i]
		g := reviewOne(ctx, s, rec, *nodes, *solveNodes)
		if ctx.Err() != nil {
			return nil
		}
		g.index = int(from) + i
		return &g
	}, func(i int, g *reviewGame) {
		if g == nil {
			return
		}
		for k := range g.moves {
			enc.Encode(&g.moves[k])
		}
		enc.Encode(g)
		addReview(players, &order, g)
		if *svgDir != "" {
			if err := writeReviewSVG(*svgDir, g); err != nil {
				bad(fmt.Errorf("--svg: %v", err))
			}
		}
		done++
		prog.Update(int64(done), int64(n))
	})
	prog.Done()
	for _, nm := range order {
		pl := players[nm]
		pl.finish()
		enc.Encode(pl)
	}
	if cerr := out.Commit(); cerr != nil {
		fmt.Fprintf(stderr, "analyze %s: --out: %v\n", name, cerr)
		code = cli.ExitFail
	}
	for _, nm := range order {
		fmt.Fprint(stderr, players[nm].text())
	}
	if shard.Enabled() {
		fmt.Fprintf(stderr, "analyze %s: shard %s: games %d..%d of %d\n", name, shard, from, to-1, len(recs))
	}
	if errors.Is(rerr, context.Canceled) || ctx.Err() != nil {
		fmt.Fprintf(stderr, "analyze %s: interrupted: %d of %d games reviewed and written\n", name, done, n)
		return cli.ExitInterrupted
	}
	return code
}

// reviewHashMB is the table of each review searcher, cleared before every position.
const reviewHashMB = 4

// reviewSVGName is the file name of game g's graph: its index, file and line.
func reviewSVGName(g *reviewGame) string {
	base := strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r == ' ' || r == ':' {
			return '_'
		}
		return r
	}, filepath.Base(g.rec.Path))
	return fmt.Sprintf("%04d-%s-%d.svg", g.index, base, g.rec.Line)
}
