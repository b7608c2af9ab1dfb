// Package tune trains and tunes the uttt engine: self-play training games and their
// file format, fitting the linear weights and the board table, training the network (a
// search.FloatNet, which search.NewNetwork quantises for play), and the experiments
// that measure search settings and weights against the defaults (matches, tree sizes).
package tune

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/search"
	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/fileio/textin"
	"github.com/boardlab/boardlab/internal/memlimit"
	"github.com/boardlab/boardlab/pipeline"
)

// GameConfig says how training games are played.
type GameConfig struct {
	Nodes    uint64          // search nodes per move
	Openings int             // random opening plies
	Seed     uint64          // game i depends only on Seed, i and the evaluation
	Eval     string          // search.EvalLinear or search.EvalNet
	Linear   *search.Linear  // the linear evaluation (nil: the default)
	Network  *search.Network // with Eval net, the network (nil: the embedded one)
}

// playWorkerMemory is the memory one of PlayGames's workers holds: its engine's 4 MiB
// table, the engine's state and the search's stack.
const playWorkerMemory = 5 << 20

// playWorkers is PlayGames's number of workers for n games: jobs (one per core when
// jobs <= 0), never more than n, at least 1.
func playWorkers(n, jobs int) int {
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	return max(1, min(jobs, n))
}

// CheckPlayMemory returns an error saying how much when PlayGames's workers for n games
// on jobs goroutines would take more than half the memory this process may use.
func CheckPlayMemory(n, jobs int) error {
	return checkWorkers("playing", n, jobs, playWorkerMemory)
}

// checkWorkers returns an error saying how much when the workers for n items on jobs
// goroutines (playWorkers), each bytes, would take more than half the memory this
// process may use; doing names the work.
func checkWorkers(doing string, n, jobs int, bytes int64) error {
	w := playWorkers(n, jobs)
	return memlimit.CheckAlloc(fmt.Sprintf("%s on %d workers", doing, w), int64(w)*bytes, 0.5)
}

// PlayGames plays n training games of the engine against itself on up to jobs
// goroutines (one per core when jobs <= 0; never more than n), each with its own
// engine, calling progress (if not nil) with the number of games done. It stops when
// ctx is cancelled, and plays nothing when CheckPlayMemory fails.
func PlayGames(ctx context.Context, n int, cfg GameConfig, jobs int, progress func(done int64)) ([]TrainingGame, error) {
	if err := search.CheckEval(cfg.Eval); err != nil {
		return nil, err
	}
	if err := CheckPlayMemory(n, jobs); err != nil {
		return nil, err
	}
	jobs = playWorkers(n, jobs)
	opts := search.Options{TableBytes: 4 << 20, Eval: cfg.Eval, Linear: cfg.Linear, Network: cfg.Network}
	if cfg.Network != nil {
		opts.Eval = search.EvalNet // the network plays whatever cfg.Eval says
	}
	pool := make(chan *search.Engine, jobs)
	for range jobs {
		e, err := search.NewEngine(opts)
		if err != nil {
			return nil, err
		}
		pool <- e
	}
	type result struct {
		g   TrainingGame
		err error
	}
	gs := make([]TrainingGame, n)
	var firstErr error
	done := int64(0)
	err := pipeline.Items(ctx, n, jobs, func(i int) result {
		e := <-pool
		defer func() { pool <- e }()
		g, err := PlayTrainingGame(ctx, e, cfg.Seed*1_000_003+uint64(i), cfg.Openings, cfg.Nodes)
		return result{g, err}
	}, func(i int, r result) {
		if r.err != nil {
			if firstErr == nil {
				firstErr = r.err
			}
			return
		}
		gs[i] = r.g
		done++
		if progress != nil {
			progress(done)
		}
	})
	if firstErr != nil {
		return gs, firstErr
	}
	return gs, err
}

// WriteGames writes gs one game a line: the result (X, O or draw), the moves, then "|"
// and each move's search score (the side to move's view; "-" for random opening moves).
func WriteGames(w io.Writer, gs []TrainingGame) error {
	var b strings.Builder
	for _, g := range gs {
		r := "draw"
		switch g.Result {
		case uttt.XWon:
			r = "X"
		case uttt.OWon:
			r = "O"
		}
		b.WriteString(r)
		for _, m := range g.Moves {
			b.WriteByte(' ')
			b.WriteString(m.String())
		}
		if len(g.Scores) == len(g.Moves) {
			// The search scores, after a "|": one per move, "-" for opening moves.
			b.WriteString(" |")
			for _, s := range g.Scores {
				if s == NoScore {
					b.WriteString(" -")
				} else {
					fmt.Fprintf(&b, " %d", s)
				}
			}
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// maxGameLine bounds a line of a games file: a game of 81 moves with scores is far
// shorter.
const maxGameLine = 1 << 16

// ReadGames reads games written by WriteGames from r, named name in errors, checking
// every game is legal and finished with the stated result, and that there are at least
// 10 of them. A NUL byte (binary data, such as /dev/zero) is an error naming its line.
func ReadGames(r io.Reader, name string) ([]TrainingGame, error) {
	var gs []TrainingGame
	lr := fileio.NewLineReader(textin.NewReader(r, "training games"), maxGameLine)
	last := 0
	for {
		text, n, length, ok := lr.Next()
		if !ok || lr.Err() != nil { // a line cut by a read error or a NUL byte: the error
			break
		}
		line := int(n)
		last = line
		if length > maxGameLine {
			return nil, fmt.Errorf("%s:%d: line longer than %d bytes: not a game", name, line, maxGameLine)
		}
		fields := strings.Fields(string(text))
		if len(fields) == 0 {
			continue
		}
		var scores []string
		for i, f := range fields {
			if f == "|" {
				fields, scores = fields[:i], fields[i+1:]
				break
			}
		}
		p, err := uttt.ParseMoves(fields[1:])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		want := map[string]uttt.Status{"X": uttt.XWon, "O": uttt.OWon, "draw": uttt.Draw}[fields[0]]
		if p.Status() == uttt.Ongoing || p.Status() != want {
			return nil, fmt.Errorf("%s:%d: the result says %s, the moves end %v", name, line, fileio.QuotePrefix([]byte(fields[0]), 40), p.Status())
		}
		g := TrainingGame{Result: p.Status()}
		for _, s := range fields[1:] {
			m, _ := uttt.ParseMove(s)
			g.Moves = append(g.Moves, m)
		}
		if scores != nil {
			if len(scores) != len(g.Moves) {
				return nil, fmt.Errorf("%s:%d: %d scores for %d moves", name, line, len(scores), len(g.Moves))
			}
			for i, s := range scores {
				v := int64(NoScore)
				if s != "-" {
					if v, err = strconv.ParseInt(s, 10, 32); err != nil || v == NoScore {
						return nil, fmt.Errorf("%s:%d: score %d: %s is not a number or -", name, line, i+1, fileio.QuotePrefix([]byte(s), 40))
					}
				}
				g.Scores = append(g.Scores, int32(v))
			}
		}
		gs = append(gs, g)
	}
	if err := lr.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %w", name, last+1, err)
	}
	if len(gs) < 10 {
		return nil, fmt.Errorf("%s: %d games; want at least 10", name, len(gs))
	}
	return gs, nil
}
