package utttcmd

import (
	"context"
	"io"
	"os"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/cmd/analyze/internal/term"
	"github.com/boardlab/boardlab/engine/uttt"
	udraw "github.com/boardlab/boardlab/engine/uttt/draw"
	"github.com/boardlab/boardlab/fileio"
)

const showUsage = "analyze uttt show [--svg] [-o FILE] [POSITION]"

func runShow(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	const name = "uttt show"
	fs := cli.NewFlagSet(name, showUsage, `Draws POSITION (the 12 protocol arguments SIDE B0..B8 MASTER LAST, or two-digit
moves from the start; none: the start) as text: the 9x9 grid with x and y labels, won
boards as a large X or O, the playable tiles as '*', the last move in [brackets] and
status lines; colour only on a terminal (not with TERM=dumb or NO_COLOR). --svg draws
a picture instead. See docs/uttt.md.`, stderr)
	svg := fs.Bool("svg", false, "write an SVG picture instead of text")
	out := cli.OutFlag(fs, "write to `FILE` instead of stdout")
	pos, code := parseArgs(fs, args)
	if code >= 0 {
		return code
	}
	p, err := uttt.ParsePosition(pos)
	if err != nil {
		return cli.Usagef(stderr, name, "position: %v", err)
	}
	w, err := fileio.CreateOutput(*out, stdout)
	if err != nil {
		return failf(stderr, name, "%v", err)
	}
	if *svg {
		err = udraw.SVG(w, &p)
	} else {
		err = udraw.Text(w, &p, *out == "" && useColour(stdout))
	}
	if err == nil {
		err = w.Commit()
	} else {
		w.Abort()
	}
	if err != nil {
		return failf(stderr, name, "%v", err)
	}
	return cli.ExitOK
}

// useColour reports whether text for w may carry ANSI colours: w is a terminal, TERM
// is not "dumb" and NO_COLOR is not set.
func useColour(w io.Writer) bool {
	if _, ok := os.LookupEnv("NO_COLOR"); ok || os.Getenv("TERM") == "dumb" {
		return false
	}
	return term.IsTerminal(w)
}
