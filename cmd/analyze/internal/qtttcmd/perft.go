package qtttcmd

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/cmd/analyze/internal/term"
	"github.com/boardlab/boardlab/engine/qttt"
	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/internal/plural"
)

const perftUsage = "analyze qttt perft [--divide] [--tt SIZE] [--record RECORD] D"

const perftHelp = `Counts the move sequences of length 1..D from the start (or from RECORD), each
measurement choice a separate branch, and prints "d COUNT" per depth: the last line is
"D COUNT". Sequences that end the game early are not counted at greater depths.
--divide prints the count of depth D below each first move instead ("MOVE COUNT",
"MOVE MARK COUNT" per measurement choice), then "D COUNT". Timing goes to stderr.
Counts are shared through a table between positions that agree on the classical owners
and the quantum marks' cells and owners (mark order never changes a count) and between
symmetric ones; --tt 0 counts every sequence one by one.
D is at most 9 - the number of moves made: no game lasts longer than nine moves.`

// ttPerftRange is the one message saying what qttt perft --tt takes.
const ttPerftRange = "want 0 (no table) or 24KiB to 24GiB (a bare number is MiB: 1 to 24576)"

func runPerft(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("qttt perft", perftUsage, perftHelp, stderr)
	divide := fs.Bool("divide", false, "print the count below each first move")
	tt := cli.SizeVar(fs, "tt", 24<<22,
		"table `SIZE` of counts such as 96MiB (a bare number is MiB), rounded down to 2^N entries of 24 bytes;\n0 counts without a table").
		Within(0, 24<<30, ttPerftRange)
	record := fs.String("record", "", "start from the position `RECORD` reaches")
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	if len(pos) != 1 {
		return cli.Usagef(stderr, "qttt perft", "want one depth D, got %s", plural.Of(len(pos), "argument"))
	}
	p, err := qttt.Replay([]byte(*record), nil)
	if err != nil {
		return cli.Usagef(stderr, "qttt perft", "--record %s: %v; %s", fileio.QuotePrefix([]byte(*record), 40), err, recordExpected)
	}
	ttBits := qttt.TableBits(int64(tt.Bytes), qttt.PerftEntryBytes)
	if tt.Bytes != 0 && ttBits < 10 {
		return cli.Usagef(stderr, "qttt perft", "--tt %s: %s", tt.Text, ttPerftRange)
	}
	if ttBits != 0 {
		if err := checkTable(ttBits, qttt.PerftEntryBytes, memoryBounds()); err != nil {
			return cli.Usagef(stderr, "qttt perft", "--tt %s: %v; give a smaller --tt", tt.Text, err)
		}
	}
	count := qttt.Perft
	if ttBits != 0 {
		count = qttt.NewPerftHasher(ttBits).Perft
	}
	maxD := 9 - p.Marks()
	d, err := strconv.Atoi(pos[0])
	if err != nil || d < 0 || d > maxD {
		return cli.Usagef(stderr, "qttt perft", "depth %q: want an integer 0..%d", pos[0], maxD)
	}
	start := time.Now()
	// Depths that take long show their progress, first move by first move.
	var progress *term.Progress
	at := -1
	total, err := qttt.WritePerft(ctx, stdout, count, &p, d, *divide, func(depth, done, all int) {
		if depth != at {
			progress.Done()
			label := fmt.Sprintf("qttt perft: depth %d", depth)
			if *divide {
				label = fmt.Sprintf("qttt perft %d", d)
			}
			progress, at = term.NewProgress(stderr, label, "first moves"), depth
		}
		progress.Update(int64(done), int64(all))
	})
	progress.Done()
	if err != nil {
		fmt.Fprintf(stderr, "analyze qttt perft: interrupted\n")
		return cli.ExitInterrupted
	}
	el := time.Since(start)
	fmt.Fprintf(stderr, "perft %d: %v, %.3g sequences/s\n", d, el.Round(time.Microsecond), float64(total)/el.Seconds())
	return cli.ExitOK
}

// joinRecord joins positional arguments into one record ("AB BE" or "AB" "BE").
func joinRecord(args []string) string { return strings.Join(args, " ") }
