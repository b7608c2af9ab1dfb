package utttcmd

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/uttt/selfplay"
	"github.com/boardlab/boardlab/shard"
)

// IsSelfplayOut reports whether head, the first bytes of a file, starts a self-play
// --out file: a shard header or a game record.
func IsSelfplayOut(head []byte) bool {
	head = bytes.TrimLeft(head, " \t\r\n")
	return bytes.HasPrefix(head, []byte(`{"selfplay":"shard"`)) || bytes.HasPrefix(head, []byte(`{"game":`))
}

// IsPerftDivide reports whether head, the first bytes of a file, starts the output of
// a sharded "uttt perft --divide".
func IsPerftDivide(head []byte) bool {
	return bytes.HasPrefix(head, []byte(perftDivideHeader+" "))
}

// MergeSelfplay reads the --out files of a sharded self-play run (or unsharded --out
// files of one match) and prints exactly the report the unsharded run prints: W/D/L,
// Elo and its interval, pairs, first player, mean length and the SPRT's state, judged
// over the games in index order. A missing or doubled shard or game is an error (exit
// 1) naming it.
func MergeSelfplay(ctx context.Context, paths []string, stdout, stderr io.Writer) int {
	return reportSelfplay(ctx, "merge", paths, nil, false, "", stdout, stderr)
}

func reportSelfplay(ctx context.Context, name string, paths []string, sprt *selfplay.SPRT, asJSON bool, plotPath string, stdout, stderr io.Writer) int {
	plot, err := openPlot(plotPath, stdout)
	if err != nil {
		return cli.Usagef(stderr, name, "--plot: %v", err)
	}
	res, err := selfplay.Merge(ctx, paths, sprt, plot != nil)
	if err != nil {
		if plot != nil {
			plot.Abort()
		}
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			fmt.Fprintf(stderr, "analyze %s: interrupted\n", name)
			return cli.ExitInterrupted
		}
		fmt.Fprintf(stderr, "analyze %s: %v\n", name, err)
		return cli.ExitFail
	}
	if res.Missing != "" {
		fmt.Fprintf(stderr, "analyze %s: %s (an interrupted run?); the report counts the %d games present\n", name, res.Missing, res.Summary.Counted)
	}
	return printSelfplay(stdout, stderr, name, res.Match, &res.Summary, res.SPRT, asJSON, plot)
}

const reportUsage = "analyze uttt report [--json] [--plot FILE.svg] [--sprt ELO0,ELO1] OUT.jsonl..."

func runReport(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	const name = "uttt report"
	fs := cli.NewFlagSet(name, reportUsage, `Prints the self-play report of one match from its --out files: one unsharded file,
or the files of all shards of a sharded run (FILE.K-of-N, in any order), exactly as
the unsharded run prints it. The games are counted in index order and the SPRT (from
the shards' headers, or --sprt) is judged after each game, so the report does not
depend on how the games were split. A missing or doubled shard or game is an error
naming it. --plot draws the running score with its 95% interval and the SPRT's
log-likelihood ratio against its bounds.`, stderr)
	asJSON := fs.Bool("json", false, "print the summary as one JSON object")
	plot := fs.String("plot", "", "draw the running score and the SPRT to `FILE.svg`")
	sprtFlag := fs.String("sprt", "", "judge an SPRT of `ELO0,ELO1` (default: the shards' own)")
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	if len(pos) == 0 {
		return cli.Usagef(stderr, name, "want one or more --out files")
	}
	var sprt *selfplay.SPRT
	if *sprtFlag != "" {
		var err error
		if sprt, err = parseSPRT(*sprtFlag); err != nil {
			return cli.Usagef(stderr, name, "--sprt: %v", err)
		}
	}
	return reportSelfplay(ctx, name, pos, sprt, *asJSON, *plot, stdout, stderr)
}

// perftDivideHeader starts a perft --divide shard's output:
// "#boardlab-perft-divide K/N depth D moves M first F end E position ARGS...".
const perftDivideHeader = "#boardlab-perft-divide"

type divideShard struct {
	path               string
	k, n, depth, moves int
	first, end         int
	position           string
	lines              []string // "MOVE COUNT"
	total              uint64
}

// MergePerft reads the outputs of the shards of "uttt perft --divide --shard K/N" and
// prints what the unsharded --divide prints: every first move's count in move order,
// then "D TOTAL". A missing, doubled or unfinished shard is an error (exit 1) naming it.
func MergePerft(paths []string, stdout, stderr io.Writer) int {
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "analyze merge: "+format+"\n", args...)
		return cli.ExitFail
	}
	if len(paths) == 0 {
		return fail("no perft --divide outputs to merge")
	}
	var byK []*divideShard
	var s0 *divideShard
	for _, p := range paths {
		s, err := readDivideShard(p)
		if err != nil {
			return fail("%v", err)
		}
		if s0 == nil {
			s0, byK = s, make([]*divideShard, s.n)
		}
		if s.n != s0.n || s.depth != s0.depth || s.moves != s0.moves || s.position != s0.position {
			return fail("%s (shard %d/%d, depth %d, position %s) and %s (shard %d/%d, depth %d, position %s) are parts of different runs",
				s.path, s.k, s.n, s.depth, s.position, s0.path, s0.k, s0.n, s0.depth, s0.position)
		}
		if byK[s.k] != nil {
			return fail("shard %d/%d given twice: %s and %s", s.k, s.n, byK[s.k].path, s.path)
		}
		byK[s.k] = s
	}
	w := bufio.NewWriter(stdout)
	var total uint64
	end := 0
	for k, s := range byK {
		if s == nil {
			lo, hi := shardRange(s0.moves, k, s0.n)
			return fail("shard %d/%d (first moves %d..%d of %d) is missing", k, s0.n, lo, hi-1, s0.moves)
		}
		if s.first != end {
			return fail("%s holds first moves %d..%d, but the shards before it end at %d", s.path, s.first, s.end-1, end)
		}
		end = s.end
	}
	for _, s := range byK {
		for _, l := range s.lines {
			w.WriteString(l)
			w.WriteByte('\n')
		}
		total += s.total
	}
	fmt.Fprintf(w, "%d %d\n", s0.depth, total)
	if err := w.Flush(); err != nil {
		return fail("%v", err)
	}
	return cli.ExitOK
}

func shardRange(n, k, parts int) (int, int) {
	lo, hi := shard.Shard{K: k, N: parts}.Range(int64(n))
	return int(lo), int(hi)
}

func readDivideShard(path string) (*divideShard, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	if !sc.Scan() {
		return nil, fmt.Errorf("%s: empty: not the output of 'uttt perft --divide --shard K/N'", path)
	}
	s := &divideShard{path: path}
	h := strings.Fields(sc.Text())
	bad := fmt.Errorf("%s:1: not a perft --divide shard header (%s K/N depth D moves M first F end E position ...)", path, perftDivideHeader)
	if len(h) < 12 || h[0] != perftDivideHeader || h[2] != "depth" || h[4] != "moves" || h[6] != "first" || h[8] != "end" || h[10] != "position" {
		return nil, bad
	}
	var sh shard.Shard
	if sh.Set(h[1]) != nil {
		return nil, bad
	}
	s.k, s.n = sh.K, sh.N
	for _, v := range []struct {
		dst *int
		s   string
	}{{&s.depth, h[3]}, {&s.moves, h[5]}, {&s.first, h[7]}, {&s.end, h[9]}} {
		if *v.dst, err = strconv.Atoi(v.s); err != nil {
			return nil, bad
		}
	}
	s.position = strings.Join(h[11:], " ")
	if lo, hi := shardRange(s.moves, s.k, s.n); lo != s.first || hi != s.end {
		return nil, fmt.Errorf("%s:1: shard %d/%d of %d first moves should hold %d..%d, not %d..%d", path, s.k, s.n, s.moves, lo, hi-1, s.first, s.end-1)
	}
	var sum uint64
	done := false
	for ln := 2; sc.Scan(); ln++ {
		mv, cnt, ok := strings.Cut(sc.Text(), " ")
		n, err := strconv.ParseUint(cnt, 10, 64)
		if !ok || err != nil {
			return nil, fmt.Errorf("%s:%d: want \"MOVE COUNT\" or \"DEPTH TOTAL\", got %.40q", path, ln, sc.Text())
		}
		if done {
			return nil, fmt.Errorf("%s:%d: a line after the total", path, ln)
		}
		if mv == strconv.Itoa(s.depth) && len(s.lines) == s.end-s.first {
			if n != sum {
				return nil, fmt.Errorf("%s:%d: total %d, but the moves add up to %d", path, ln, n, sum)
			}
			s.total, done = n, true
			continue
		}
		s.lines = append(s.lines, sc.Text())
		sum += n
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if !done {
		return nil, fmt.Errorf("%s: %d of its %d first moves and no total line: the shard did not finish; run it again", path, len(s.lines), s.end-s.first)
	}
	return s, nil
}
