// Package tournament is the spec's meta tic-tac-toe tournament controller: it reads
// instructions.txt, runs each bot as an external process per turn with the 12 protocol
// arguments, judges every answer with the engine's rules, scores games as the spec does
// and prints the spec's report.
package tournament

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/fileio/textin"
	"github.com/boardlab/boardlab/internal/plural"
)

// Bot is one entry of instructions.txt.
type Bot struct {
	Name    string
	Command string   // the command line as written (without a leading "cg:")
	Argv    []string // the command split as a shell would, program path resolved: set by the caller
	Line    int      // line of the command in the file
	// CodinGame is set for a command written "cg: COMMAND": the bot speaks CodinGame's
	// protocol (CGPlayer), one process per game, instead of the tournament protocol.
	CodinGame bool
}

// ReadInstructions reads DIR/instructions.txt (see ParseInstructions). It returns an
// error wrapping ctx.Err() when ctx is cancelled, also while a FIFO or device blocks.
func ReadInstructions(ctx context.Context, dir string) ([]Bot, error) {
	path := filepath.Join(dir, "instructions.txt")
	f, err := fileio.Input{Path: path}.Open(ctx, nil)
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("%s: %w", path, ctx.Err())
		}
		return nil, err
	}
	defer f.Close()
	bots, err := ParseInstructions(f, path)
	if err != nil && ctx.Err() != nil {
		return nil, fmt.Errorf("%s: %w", path, ctx.Err())
	}
	return bots, err
}

// ParseInstructions reads the instructions format: the number of bots, then a name line
// and a command line per bot; a command line "cg: COMMAND" declares a bot speaking
// CodinGame's protocol. Blank lines are skipped, and so is a UTF-8 byte order mark at
// the start; a NUL byte (binary data) is an error. Errors name the file and line. A
// Bot's Argv is left for the caller, which splits Command as a shell would.
func ParseInstructions(r io.Reader, name string) ([]Bot, error) {
	sc := bufio.NewScanner(textin.NewReader(r, "instructions"))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	line := 0
	next := func() (string, bool) {
		for sc.Scan() {
			line++
			if s := strings.TrimSpace(sc.Text()); s != "" {
				return s, true
			}
		}
		return "", false
	}
	errf := func(format string, args ...any) error {
		return fmt.Errorf("%s:%d: %s", name, line, fmt.Sprintf(format, args...))
	}
	s, ok := next()
	if !ok {
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		return nil, fmt.Errorf("%s: empty file: want the number of bots on the first line", name)
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > 1000 {
		return nil, errf("want the number of bots (1..1000), got %q", s)
	}
	bots := make([]Bot, 0, n)
	for i := 1; i <= n; i++ {
		nm, ok := next()
		if !ok {
			return bots, fmt.Errorf("%s:%d: file ends after %d of %d bots: want the name of bot %d", name, line, i-1, n, i)
		}
		cmd, ok := next()
		if !ok {
			return bots, fmt.Errorf("%s:%d: file ends before the command of bot %d (%s)", name, line, i, nm)
		}
		cg := false
		if rest, ok := strings.CutPrefix(cmd, "cg:"); ok {
			cg, cmd = true, strings.TrimSpace(rest)
		}
		if cmd == "" {
			return bots, errf("command of bot %d (%s) is empty", i, nm)
		}
		bots = append(bots, Bot{Name: nm, Command: cmd, Line: line, CodinGame: cg})
	}
	if s, ok := next(); ok {
		return bots, errf("unexpected line %q after the %s", s, plural.Of(n, "bot"))
	}
	if err := sc.Err(); err != nil {
		return bots, fmt.Errorf("%s:%d: %v", name, line, err)
	}
	return bots, nil
}
