package qtttcmd

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/qttt"
	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/internal/machine"
)

const solveUsage = "analyze qttt solve [--all] [--json] [--tt SIZE] [RECORD]"

const solveHelp = `Solves a position exactly: the start, or the position RECORD reaches (its tokens
may be one argument or several; a record may end with a cycle-closing move whose
measurement is then the decision). Both players maximise their own margin, so the
value V is X's score minus O's under perfect play. Prints:

  value V        e.g. 0.5: X scores half a point more than O
  best MOVES     an optimal move (--all: every optimal move, one proof per other move)
  pv LINE        one line of perfect play to the end, in record notation
  score X O      the score at the end of that line
  nodes N        positions visited to prove the value
  time T         time to prove the value
  total ...      nodes and time including the line and the best moves, and the
                 process's CPU time (the wall clock on a shared machine says less)

The solver is negamax alpha-beta with null windows, a transposition table on the
canonical form under the board's eight symmetries, history move ordering and static
bounds; it does not know any published result.`

func runSolve(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("qttt solve", solveUsage, solveHelp, stderr)
	all := fs.Bool("all", false, "list every optimal move")
	asJSON := fs.Bool("json", false, "print one JSON object")
	tt := cli.SizeVar(fs, "tt", 16<<20,
		"transposition table `SIZE` such as 64MiB (a bare number is MiB), rounded down to 2^N entries of 16 bytes").
		Within(16<<10, 16<<30, "want 16KiB to 16GiB (a bare number is MiB: 1 to 16384)")
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	ttBits := qttt.TableBits(int64(tt.Bytes), qttt.SolverEntryBytes)
	if err := checkTable(ttBits, qttt.SolverEntryBytes, memoryBounds()); err != nil {
		return cli.Usagef(stderr, "qttt solve", "--tt %s: %v; give a smaller --tt", tt.Text, err)
	}
	rec := joinRecord(pos)
	p, err := qttt.ReplayOpen([]byte(rec), nil)
	if err != nil {
		return cli.Usagef(stderr, "qttt solve", "record %s: %v; %s", fileio.QuotePrefix([]byte(rec), 40), err, recordExpected)
	}
	s := qttt.NewSolver(ttBits)
	cpu0, _ := machine.ProcessCPU()
	r, err := s.Solve(ctx, p, *all)
	cpu1, _ := machine.ProcessCPU()
	cpu := cpu1 - cpu0
	if err != nil {
		fmt.Fprintf(stderr, "analyze qttt solve: interrupted after %d nodes, %v\n", r.TotalNodes, r.TotalTime.Round(time.Millisecond))
		return cli.ExitInterrupted
	}
	sol := qttt.NewSolution(rec, p, r)
	if *asJSON {
		b, _ := json.Marshal(sol)
		fmt.Fprintf(stdout, "%s\n", b)
		return cli.ExitOK
	}
	sol.WriteText(stdout, cpu)
	return cli.ExitOK
}
