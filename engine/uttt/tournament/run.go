package tournament

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/boardlab/boardlab/pipeline"
	"github.com/boardlab/boardlab/sandbox"
)

// ResolveDir returns a tournament directory made absolute with its symbolic links
// resolved, as the sandbox mounts it, or an error if it is not a directory.
func ResolveDir(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", err
	}
	if fi, err := os.Stat(real); err != nil {
		return "", err
	} else if !fi.IsDir() {
		return "", fmt.Errorf("%s: not a directory", dir)
	}
	return real, nil
}

// Setup says how NewPlayers runs the bots of a tournament directory.
type Setup struct {
	Dir     string // the directory, as ResolveDir returns it
	Shown   string // the directory as the user named it, for the folder warnings
	Limit   time.Duration
	CGLimit time.Duration // a CodinGame bot's turns after its first
	CGFirst time.Duration // a CodinGame bot's first turn of a game
	ZeroO   bool
	Sandbox *sandbox.Sandbox // nil: the bots run with the controller's rights
	// Programs, when not nil, holds each bot's program as the caller found it, in bot
	// order: NewPlayers reports the missing ones and those the sandbox hides.
	Programs []Program
}

// Program is a bot's program as the caller found it (on PATH, for a bare name): its
// path, made absolute, or the error that says why it cannot be run.
type Program struct {
	Path string
	Err  error
}

// Problem is something wrong with one bot found before any game: Missing is set when
// its program cannot be found (every turn of it is then invalid); the others are
// warnings. Hidden is the directory the sandbox hides its program under, if it does.
type Problem struct {
	Text    string
	Missing bool
	Hidden  string
}

// NewPlayers returns the Player of each bot (a CGPlayer for a cg: bot, else a Process)
// set up as s says, with its own folder and the others' hidden when sandboxed, and
// the problems found, in bot order (missing or hidden programs first, then bots
// without a writable folder).
func NewPlayers(bots []Bot, s Setup) ([]Player, []Problem) {
	var problems []Problem
	players := make([]Player, len(bots))
	file := filepath.Join(s.Dir, "instructions.txt")
	for i, b := range bots {
		var prog Program
		if i < len(s.Programs) {
			prog = s.Programs[i]
		}
		if prog.Err != nil {
			problems = append(problems, Problem{Text: fmt.Sprintf("%s:%d: bot %d (%s): %v; its every turn is an invalid move",
				file, b.Line, i+1, b.Name, prog.Err), Missing: true})
		} else if prog.Path != "" && s.Sandbox != nil {
			if h := s.Sandbox.Hidden(prog.Path, s.Dir); h != "" {
				problems = append(problems, Problem{Text: fmt.Sprintf("%s:%d: bot %d (%s): its program %s is under %s, which the sandbox hides: it runs what the sandbox's PATH finds instead, or fails",
					file, b.Line, i+1, b.Name, prog.Path, h), Hidden: h})
			}
		}
		if s.Sandbox != nil {
			problems = append(problems, hiddenFiles(b, i, s, file)...)
		}
		if b.CodinGame {
			players[i] = &CGPlayer{Argv: b.Argv, Dir: s.Dir, Limit: s.CGLimit, FirstLimit: s.CGFirst}
		} else {
			players[i] = &Process{Argv: b.Argv, Dir: s.Dir, Limit: s.Limit, ZeroO: s.ZeroO}
		}
	}
	if s.Sandbox == nil {
		return players, problems
	}
	argvs := make([][]string, len(bots))
	for i, b := range bots {
		argvs[i] = b.Argv
	}
	own, hide := sandbox.Folders(s.Dir, argvs)
	for i, b := range bots {
		if own[i] == "" {
			where := "no folder of DIR holds its program"
			if f := sandbox.BotFolder(s.Dir, b.Argv); f != "" {
				where = fmt.Sprintf("its folder %s has no data.txt", f)
			}
			problems = append(problems, Problem{Text: fmt.Sprintf("%s:%d: bot %d (%s): %s: it runs with no writable folder",
				filepath.Join(s.Shown, "instructions.txt"), b.Line, i+1, b.Name, where)})
		}
		switch p := players[i].(type) {
		case *Process:
			p.Sandbox, p.Folder, p.Hide = s.Sandbox, own[i], hide[i]
		case *CGPlayer:
			p.Sandbox, p.Folder, p.Hide = s.Sandbox, own[i], hide[i]
		}
	}
	return players, problems
}

// hiddenFiles warns about the arguments of bot i (after its program) that name an
// existing file or folder outside s.Dir which the sandbox hides, such as a script under
// /home given to an interpreter: the bot cannot read it in its turns.
func hiddenFiles(b Bot, i int, s Setup, file string) []Problem {
	var problems []Problem
	for _, a := range b.Argv[1:] {
		if !strings.Contains(a, "/") {
			continue
		}
		p := a
		if !filepath.IsAbs(p) {
			p = filepath.Join(s.Dir, p)
		}
		if _, err := os.Stat(p); err != nil {
			continue
		}
		if h := s.Sandbox.Hidden(p, s.Dir); h != "" {
			problems = append(problems, Problem{Text: fmt.Sprintf("%s:%d: bot %d (%s): its file %s is under %s, which the sandbox hides: the bot cannot read it; move it into a folder of the tournament directory or --expose it",
				file, b.Line, i+1, b.Name, p, h)})
		}
	}
	return problems
}

// PlayAll plays every pairing on jobs workers and adds the results in pairing order,
// so the standings do not depend on jobs; it writes one JSON line per game to log
// when not nil and calls progress (when not nil) after each game. It returns the
// standings, the games played and ctx's error if it stopped early. With
// opts.Disqualify, the games of a bot after the one where it was disqualified are
// skipped (logged with result "skipped"), decided in pairing order too.
func PlayAll(ctx context.Context, players []Player, names []string, jobs int, opts Options, log io.Writer, progress func(done, total int)) (Standings, int, error) {
	pairs := Pairings(len(players))
	standings := NewStandings(names)
	type outcome struct {
		r   Result
		err error
	}
	played := 0
	var enc *json.Encoder
	if log != nil {
		enc = json.NewEncoder(log)
	}
	var mu sync.Mutex
	out := make(map[int]int) // bot -> index of the game that disqualified it
	ruledOut := func(i int) bool {
		mu.Lock()
		defer mu.Unlock()
		for _, b := range pairs[i] {
			if g, ok := out[b]; ok && g < i {
				return true
			}
		}
		return false
	}
	err := pipeline.Items(ctx, len(pairs), jobs, func(i int) outcome {
		x, o := pairs[i][0], pairs[i][1]
		var r Result
		var err error
		if ruledOut(i) {
			r.Result = "skipped"
		} else {
			r, err = PlayWith(ctx, players[x], players[o], opts)
		}
		r.Game, r.X, r.O, r.XName, r.OName = i+1, x+1, o+1, names[x], names[o]
		return outcome{r, err}
	}, func(i int, oc outcome) {
		if oc.err != nil {
			return
		}
		played++
		if ruledOut(i) {
			oc.r = Result{Game: oc.r.Game, X: oc.r.X, O: oc.r.O, XName: oc.r.XName, OName: oc.r.OName, Result: "skipped"}
		} else {
			standings.Add(&oc.r)
			if d := oc.r.Disqualified; d != "" {
				b := oc.r.X - 1
				if d == "O" {
					b = oc.r.O - 1
				}
				// The reason without the bot's stderr line (the log has it).
				why, _, _ := strings.Cut(oc.r.Turns[len(oc.r.Turns)-1].Invalid, ";")
				standings[b].Disqualified = fmt.Sprintf("in game %d, turn %d: %s", i+1, len(oc.r.Turns), why)
				mu.Lock()
				out[b] = i
				mu.Unlock()
			}
		}
		if enc != nil {
			enc.Encode(oc.r)
		}
		if progress != nil {
			progress(played, len(pairs))
		}
	})
	if err == nil && played < len(pairs) {
		err = ctx.Err()
	}
	return standings, played, err
}

// AnyDisqualified reports whether a bot of s was disqualified.
func (s Standings) AnyDisqualified() bool {
	for _, b := range s {
		if b.Disqualified != "" {
			return true
		}
	}
	return false
}
