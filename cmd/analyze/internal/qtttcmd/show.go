package qtttcmd

import (
	"context"
	"io"
	"strings"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/qttt"
	"github.com/boardlab/boardlab/engine/qttt/draw"
	"github.com/boardlab/boardlab/fileio"
)

const showUsage = "analyze qttt show [--svg] [-o FILE] RECORD"

const showHelp = `Draws the position a record reaches: the 3x3 board with each classical mark large
(X or O with its number) and each cell's quantum marks as X1 O2 ..., then the
entanglements (each quantum mark joins two cells), the tic-tac-toes made and whose turn
it is. A record may end with a cycle-closing move: the cycle is then flagged (cells
marked * on the board, highlighted in the SVG) with the two possible measurements.
The record's tokens may be one argument or several; no record shows the empty board.

--svg writes an SVG picture instead: classical marks as large glyphs, quantum marks
in their own place in each cell (mark k always in slot k of the cell's 3x3 grid) and
the entanglement edges drawn between the two places of each mark, X's in blue, O's in
orange; the edges of a cycle awaiting measurement are highlighted in yellow.`

func runShow(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("qttt show", showUsage, showHelp, stderr)
	svg := fs.Bool("svg", false, "write an SVG picture instead of text")
	outPath := cli.OutFlag(fs, "write to `FILE` (created atomically) instead of standard output")
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	rec := joinRecord(pos)
	p, err := qttt.ReplayOpen([]byte(rec), nil)
	if err != nil {
		return cli.Usagef(stderr, "qttt show", "record %s: %v; %s", fileio.QuotePrefix([]byte(rec), 40), err, recordExpected)
	}
	return cli.Output("qttt show", *outPath, false, stdout, stderr, func(out io.Writer) error {
		if *svg {
			return draw.SVG(out, &p, strings.Join(strings.Fields(rec), " "))
		}
		return draw.Text(out, &p)
	})
}
