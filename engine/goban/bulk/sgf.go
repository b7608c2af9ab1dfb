package bulk

import (
	"context"
	"io"
	"os"
	"strconv"

	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/engine/goban/dead"
	"github.com/boardlab/boardlab/engine/goban/sgf"
)

// scoreOpts are the options of a run, as Score uses them.
type scoreOpts struct {
	format  string  // auto, text or sgf
	komi    float64 // when komiSet
	komiSet bool
	svgDir  string
	pics    *pictureNames // the pictures written into svgDir
	rules   rulesOpts

	asJSON, withMap, single bool
}

func (o *scoreOpts) isSGF(data []byte) bool {
	switch o.format {
	case "sgf":
		return true
	case "text":
		return false
	}
	return sgf.IsSGF(data)
}

// textKomi is the komi of text boards: 0 unless --komi.
func (o *scoreOpts) textKomi() float64 {
	if o.komiSet {
		return o.komi
	}
	return 0
}

// textResult is a text board's result: the spec's B+k/W+k/Jigo, komi subtracted when given.
func (o *scoreOpts) textResult(res goban.Result) string {
	if !o.komiSet {
		return res.String()
	}
	return string(sgf.FormatScore(nil, float64(res.Black-res.White)-o.komi))
}

// sgfWorker holds the SGF parser and replay a worker reuses.
type sgfWorker struct {
	sgfParser sgf.Parser
	game      sgf.Game
	replay    sgf.Replay
	scored    [2]sgfGame // the game scored last, and a collection's first (see sgfGames)
	dead      dead.Scorer
}

// sgfGame is one game's outcome.
type sgfGame struct {
	index    int
	res      goban.Result
	komi     float64
	lead     float64 // black's lead after komi
	g        sgf.Game
	captured [2]int
	check    sgf.Check
	owner    []byte
	count    *dead.Score // the count under --rules; nil for plain Tromp-Taylor
}

// scoreSGF scores every game of an SGF input, the j-th of batch r, appending each
// game's result to r as it is scored and draining r when it is full. Games with
// faults are reported in order and the others still scored.
func (w *worker) scoreSGF(ctx context.Context, name string, data []byte, o *scoreOpts, j int, r *scoreBatch) {
	r.stats.Bytes += int64(len(data))
	msg := func(err error) {
		r.fails = append(r.fails, scoreFail{j: j, end: r.end(), msgs: []error{err}})
	}
	stopped := false
	err := w.sgfGames(ctx, data, o, &r.stats, func(gm *sgfGame, many bool) {
		gname := gm.name(name, many)
		r.add(gm.result(gname, !many && o.single, o.withMap), o.asJSON)
		if o.svgDir != "" {
			if err := o.writeSVG(gname, gm.res, gm.owner, gm.komi, string(sgf.FormatScore(nil, gm.lead)), gm.legend()); err != nil {
				msg(err)
			}
		}
		if gm.count != nil && gm.check.Comparable() && !gm.check.Agrees {
			r.stats.Differs = append(r.stats.Differs, gm.differs(gname))
		}
		if r.full() && !stopped {
			stopped = !r.drain()
		}
	}, func(err error) {
		msg(err)
		if r.full() && !stopped {
			stopped = !r.drain()
		}
	})
	if err != nil {
		r.fail(j, err)
	}
}

// name is the game's input name: NAME, or NAME#k in a collection of several games.
func (gm *sgfGame) name(name string, many bool) string {
	if many {
		return name + "#" + strconv.Itoa(gm.index)
	}
	return name
}

// sgfGames replays and scores the games of data in order, adding the counts to
// stats: it calls game for each game scored and fault for each game that failed.
// many says whether the input holds more than one game: the first game is held until
// the second is read. The error is for an input without any game.
func (w *worker) sgfGames(ctx context.Context, data []byte, o *scoreOpts, stats *Stats, game func(gm *sgfGame, many bool), fault func(error)) error {
	p := &w.sgfParser
	p.Reset(data)
	gm, first := &w.scored[0], &w.scored[1]
	held := false
	for ctx.Err() == nil {
		err := p.Next(&w.game)
		if err == io.EOF {
			break
		}
		if held {
			game(first, true)
			held = false
		}
		if err == nil {
			err = w.replay.Play(&w.game)
		}
		if err != nil {
			fault(err)
			stats.Failed++
			continue
		}
		b, s := &w.board, &w.scorer
		w.replay.Board(b)
		res := s.Score(b)
		komi := w.game.PlayKomi()
		if o.komiSet {
			komi = o.komi
		}
		lead := float64(res.Black-res.White) - komi
		var count *dead.Score
		if o.rules.on {
			count, komi = w.count(o)
			lead = count.Lead
		}
		*gm = sgfGame{index: w.game.Index, res: res, komi: komi, lead: lead, g: w.game,
			captured: w.replay.Captured, check: sgf.CheckResult(w.game.RE, lead), count: count}
		gm.g.Ops = nil
		gm.g.RE = append([]byte(nil), w.game.RE...)
		if w.game.RE == nil {
			gm.g.RE = nil
		}
		if o.withMap || o.svgDir != "" {
			gm.owner = s.Owner(nil, b)
			if count != nil {
				gm.owner = count.Owner
			}
		}
		stats.Games++
		switch c := gm.check; {
		case c.Comparable():
			stats.Compared++
			if c.Agrees {
				stats.Agree++
			}
			if (c.Kind == "score" || c.Kind == "win") && sameWinner(w.game.RE, lead) || c.Kind == "draw" && lead == 0 {
				stats.WinnerAgree++
			}
		case c.Kind == "resign":
			stats.Resigned++
		case c.Kind == "time":
			stats.TimeLoss++
		case c.Kind == "nocount":
			stats.NoCount++
		default:
			stats.Other++
		}
		if p.Games() == 1 {
			*first, held = *gm, true
			continue
		}
		game(gm, true)
	}
	if held {
		game(first, p.Games() > 1)
	}
	if p.Games() == 0 {
		return sgf.ErrNoGame
	}
	return nil
}

// sameWinner reports whether RE names the winner of black's lead.
func sameWinner(re []byte, lead float64) bool {
	for _, c := range re {
		switch c {
		case 'B', 'b':
			return lead > 0
		case 'W', 'w':
			return lead < 0
		case ' ', '\t':
			continue
		}
		break
	}
	return false
}

// result returns the game as a Result named name; the map is in it when withMap.
func (gm *sgfGame) result(name string, alone, withMap bool) Result {
	r := Result{Name: name, Alone: alone, SGF: true, Game: gm.index, Board: gm.res, Komi: gm.komi, KomiSet: true,
		Lead: gm.lead, Cols: gm.g.Cols, Rows: gm.g.Rows, Handicap: gm.g.Handicap, Moves: gm.g.Moves,
		HasKM: gm.g.HasKomi, KM: gm.g.Komi, Captured: gm.captured, RE: gm.g.RE, Check: gm.check, Count: gm.count}
	if withMap {
		r.Owner = nonNil(gm.owner)
	}
	return r
}

// nonNil returns b, or an empty slice for nil: a Result's map is there when not nil.
func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

func isDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}
