package wythoffcmd

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/big"
	"math/bits"
	"os"
	"runtime"
	"strconv"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/wythoff"
	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/internal/machine"
	"github.com/boardlab/boardlab/shard"
)

const moveDescription = `Prints a winning move of Wythoff's Nim from the position with piles A and B, as the
position after the move ("C D"), or "lose" when the player to move loses against
perfect play. Piles are non-negative decimal integers of any size; a position with
both piles below 2^64 is answered in constant time with 128-bit integer arithmetic,
larger ones exactly with math/big.

With --all, every winning move (there are at most three: from A, from B, from both),
one per line. With --misere, the player who takes the last counter loses.

With no A B, reads positions "A B" (also "A,B", "(A,B)" or "[A, B]") from standard
input, one per line (blank lines and lines starting with # are skipped) and answers
each on one line; with --all the moves of one position are separated by "; ". A bad
line is reported on stderr with its line number (quoting at most its first 40 bytes),
the other lines are still answered, and the exit status is 1. A line longer than
--max-line bytes is reported and skipped without being held in memory. --json prints
one JSON object per position instead: {"position":[A,B],"cold":bool,"moves":[[C,D],...]};
a pile above 2^53-1 (beyond what JavaScript and jq read exactly) is written as a
string, "12345678901234567890".

Lines are answered on --jobs cores (default: all) in blocks of about 128 KiB; the
output keeps the input order and is the same whatever --jobs. Lines of the common
form "A B" (one space, piles below 2^64) take a fast path; any other line is answered
exactly as before.

--shard K/N answers only the input lines i (0-based, blank and comment lines counted)
with i mod N = K: the output starts with a "#boardlab-shard-lines K/N" line and every
answer is prefixed with its input line number and a tab, so the shards' outputs,
sorted by that number, give the unsharded output.`

// defaultMaxLine bounds the length of an input line in batch mode.
const defaultMaxLine = 1 << 20

func runMove(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("wythoff move", "analyze wythoff move [--all] [--misere] [--json] [--max-line BYTES] [--jobs N] [--shard K/N] [--out FILE] [A B]", moveDescription, stderr)
	all := fs.Bool("all", false, "print every winning move, not just one")
	misere := fs.Bool("misere", false, "misère play: whoever takes the last counter loses")
	asJSON := fs.Bool("json", false, "print one JSON object per position")
	maxLine := fs.Int("max-line", defaultMaxLine, "longest input line in `BYTES`; longer lines are reported and skipped")
	outPath := cli.OutFlag(fs, "write to `FILE` atomically instead of stdout (with --shard: FILE.K-of-N)")
	jobs := cli.JobsFlag(fs, 0, 0, "goroutines answering stdin lines (0: GOMAXPROCS; the output keeps the input order)")
	shardSpec := cli.ShardFlag(fs)
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	// only a stream is sharded: a scheduler's index variables do not apply to one
	// position given on the command line
	var sh shard.Shard
	if len(pos) == 0 {
		var err error
		if sh, err = shardSpec.Resolve("wythoff move", nil, stderr); err != nil {
			return cli.Usagef(stderr, "wythoff move", "%v", err)
		}
	}
	if *maxLine < 64 {
		return cli.Usagef(stderr, "wythoff move", "--max-line must be at least 64 bytes, got %d", *maxLine)
	}
	// the default's 2 MiB needs no check (reading the machine's bounds costs 0.1 ms)
	if *maxLine > defaultMaxLine {
		if err := machine.CheckAlloc(2 * int64(*maxLine)); err != nil {
			return cli.Usagef(stderr, "wythoff move", "--max-line %d: holding such a line %v", *maxLine, err)
		}
	}
	m := mover{all: *all, misere: *misere, json: *asJSON}
	workers := *jobs
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	switch len(pos) {
	case 0:
		path := sh.Path(*outPath)
		if code := checkOutPath("move", path, stderr); code >= 0 {
			return code
		}
		out, err := fileio.CreateOutput(path, stdout)
		if err != nil {
			return finish(nil, err, "move", stderr)
		}
		var code int
		if f, ok := stdin.(*os.File); ok && cli.IsTerminal(f) {
			// typed by hand: answer each line as it is entered
			m.interactive = true
			code, err = m.batch(ctx, stdin, out, stderr, *maxLine, sh)
		} else if plainPath {
			code, err = m.batch(ctx, stdin, out, stderr, *maxLine, sh)
		} else {
			code, err = m.batchParallel(ctx, stdin, out, stderr, *maxLine, sh, workers)
		}
		if err != nil {
			return finish(out, err, "move", stderr)
		}
		if fc := finish(out, nil, "move", stderr); fc != cli.ExitOK {
			return fc
		}
		return code
	case 2:
		if shardSpec.Enabled() {
			return cli.Usagef(stderr, "wythoff move", "--shard splits the lines of standard input; it does not apply to one position A B")
		}
		var p, q pile
		if err := p.parse([]byte(pos[0])); err != nil {
			return cli.Usagef(stderr, "wythoff move", "pile A: %v", err)
		}
		if err := q.parse([]byte(pos[1])); err != nil {
			return cli.Usagef(stderr, "wythoff move", "pile B: %v", err)
		}
		if code := checkOutPath("move", *outPath, stderr); code >= 0 {
			return code
		}
		out, err := fileio.CreateOutput(*outPath, stdout)
		if err != nil {
			return finish(nil, err, "move", stderr)
		}
		m.single = true
		out.Write(m.answer(nil, &p, &q))
		return finish(out, nil, "move", stderr)
	default:
		return cli.Usagef(stderr, "wythoff move", "want two piles A B (or none to read stdin), got %d arguments", len(pos))
	}
}

// plainPath makes a stream go through batch, the plain line-by-line path, instead of
// the block path (with its fast loop) even with --jobs 1: the tests' reference.
var plainPath bool

// pile is a parsed pile size: a uint64 when it fits, else a big integer.
type pile struct {
	small uint64
	big   *big.Int // nil when the value fits in small
	spare *big.Int // reused for the next big value
	// digits is small in decimal without leading zeros, when known: a move keeps one
	// pile as it is, which is then copied instead of formatted again
	digits []byte
}

// parse reads a non-negative decimal integer of any size: up to 19 digits are summed
// directly, 20 with an overflow check, longer ones with math/big.
func (p *pile) parse(s []byte) error {
	if len(s) == 0 {
		return fmt.Errorf("empty pile")
	}
	var v uint64
	for i, c := range s {
		d := c - '0'
		if d > 9 {
			return fmt.Errorf("%s is not a non-negative decimal integer (byte %d)", quoteShort(s), i+1)
		}
		v = v*10 + uint64(d) // wraps beyond 19 digits; only used when it does not
	}
	p.big, p.digits = nil, nil
	if len(s) <= 19 {
		p.small = v
		return nil
	}
	// drop leading zeros, then 20 digits may still fit
	t := bytes.TrimLeft(s, "0")
	if len(t) <= 19 || len(t) == 20 && fits20(t) {
		p.small = v
		return nil
	}
	if p.spare == nil {
		p.spare = new(big.Int)
	}
	p.big = p.spare
	p.big.SetString(string(t), 10)
	return nil
}

// fits20 reports whether the 20 digits t are below 2^64.
func fits20(t []byte) bool {
	var v uint64
	for _, c := range t[:19] {
		v = v*10 + uint64(c-'0')
	}
	hi, lo := bits.Mul64(v, 10)
	_, carry := bits.Add64(lo, uint64(t[19]-'0'), 0)
	return hi == 0 && carry == 0
}

func (p *pile) toBig() *big.Int {
	if p.big != nil {
		return p.big
	}
	return new(big.Int).SetUint64(p.small)
}

// quoteShort quotes s for an error message, at most its first 40 bytes.
func quoteShort(s []byte) string {
	const limit = 40
	if len(s) <= limit {
		return strconv.Quote(string(s))
	}
	return fmt.Sprintf("%s... (%d bytes)", strconv.Quote(string(s[:limit])), len(s))
}

type mover struct {
	all, misere, json, single bool
	interactive               bool // flush the answer of every line
}

// maxSafeJSON is the largest integer JSON readers that use float64 (JavaScript, jq)
// read exactly: 2^53-1. Larger piles are written as strings.
const maxSafeJSON = 1<<53 - 1

// answer appends the answer for (a, b), ending in a newline.
func (m *mover) answer(buf []byte, a, b *pile) []byte {
	if a.big == nil && b.big == nil {
		small, n := wythoff.Moves(a.small, b.small, m.misere)
		if !m.all && n > 1 {
			n = 1
		}
		if !m.json {
			if n == 0 {
				return append(buf, "lose\n"...)
			}
			for i := 0; i < n; i++ {
				if i > 0 {
					buf = m.sep(buf)
				}
				buf = appendPile(buf, small[i].X, a)
				buf = append(buf, ' ')
				buf = appendPile(buf, small[i].Y, b)
			}
			return append(buf, '\n')
		}
		buf = append(buf, `{"position":[`...)
		buf = appendJSONUint(buf, a.small)
		buf = append(buf, ',')
		buf = appendJSONUint(buf, b.small)
		buf = append(buf, `],"cold":`...)
		buf = strconv.AppendBool(buf, n == 0)
		buf = append(buf, `,"moves":[`...)
		for i, mv := range small[:n] {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = append(buf, '[')
			buf = appendJSONUint(buf, mv.X)
			buf = append(buf, ',')
			buf = appendJSONUint(buf, mv.Y)
			buf = append(buf, ']')
		}
		return append(buf, "]}\n"...)
	}
	bm := wythoff.MovesBig(a.toBig(), b.toBig(), m.misere)
	if !m.all && len(bm) > 1 {
		bm = bm[:1]
	}
	if !m.json {
		if len(bm) == 0 {
			return append(buf, "lose\n"...)
		}
		for i, mv := range bm {
			if i > 0 {
				buf = m.sep(buf)
			}
			buf = mv.X.Append(buf, 10)
			buf = append(buf, ' ')
			buf = mv.Y.Append(buf, 10)
		}
		return append(buf, '\n')
	}
	buf = append(buf, `{"position":[`...)
	buf = appendJSONBig(buf, a.toBig())
	buf = append(buf, ',')
	buf = appendJSONBig(buf, b.toBig())
	buf = append(buf, `],"cold":`...)
	buf = strconv.AppendBool(buf, len(bm) == 0)
	buf = append(buf, `,"moves":[`...)
	for i, mv := range bm {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = append(buf, '[')
		buf = appendJSONBig(buf, mv.X)
		buf = append(buf, ',')
		buf = appendJSONBig(buf, mv.Y)
		buf = append(buf, ']')
	}
	return append(buf, "]}\n"...)
}

// appendPile appends v in decimal, copying p's digits when v is p's value.
func appendPile(buf []byte, v uint64, p *pile) []byte {
	if v == p.small && p.digits != nil {
		return append(buf, p.digits...)
	}
	return strconv.AppendUint(buf, v, 10)
}

// sep separates two moves of one position: a new line for a single position, "; " in
// batch mode.
func (m *mover) sep(buf []byte) []byte {
	if m.single {
		return append(buf, '\n')
	}
	return append(buf, "; "...)
}

// appendJSONUint writes v as a JSON number, or as a string above 2^53-1.
func appendJSONUint(buf []byte, v uint64) []byte {
	if v > maxSafeJSON {
		buf = append(buf, '"')
		buf = strconv.AppendUint(buf, v, 10)
		return append(buf, '"')
	}
	return strconv.AppendUint(buf, v, 10)
}

func appendJSONBig(buf []byte, v *big.Int) []byte {
	if v.IsUint64() {
		return appendJSONUint(buf, v.Uint64())
	}
	buf = append(buf, '"')
	buf = v.Append(buf, 10)
	return append(buf, '"')
}

// batch answers the positions of in, one line each, on out. It returns the exit
// status for the lines (ExitFail when some were bad) and an error when reading or
// writing failed or ctx was cancelled.
func (m *mover) batch(ctx context.Context, in io.Reader, out io.Writer, stderr io.Writer, maxLine int, sh shard.Shard) (int, error) {
	if sh.Enabled() {
		if err := shard.WriteLinesHeader(out, sh); err != nil {
			return cli.ExitFail, err
		}
	}
	lr := newLineReader(fileio.NewContextReader(ctx, in), maxLine)
	code := cli.ExitOK
	var a, b pile
	buf := make([]byte, 0, 64<<10)
	for i := int64(0); ; i++ {
		if i&4095 == 0 && ctx.Err() != nil {
			out.Write(buf)
			return code, ctx.Err()
		}
		line, long, err := lr.next(ctx)
		if err == io.EOF {
			break
		}
		if err != nil {
			out.Write(buf)
			return code, fmt.Errorf("stdin:%d: %w", i+1, err)
		}
		if !sh.Owns(i) {
			continue
		}
		if long > 0 {
			fmt.Fprint(stderr, longLine(i, long, maxLine, line))
			code = cli.ExitFail
			continue
		}
		var msg string
		if buf, msg = m.line(buf, line, i, sh, &a, &b); msg != "" {
			fmt.Fprint(stderr, msg)
			code = cli.ExitFail
		}
		if m.interactive {
			if _, err := out.Write(buf); err != nil {
				return code, err
			}
			buf = buf[:0]
			if f, ok := out.(interface{ Flush() error }); ok {
				if err := f.Flush(); err != nil {
					return code, err
				}
			}
		}
		if len(buf) >= 60<<10 {
			if _, err := out.Write(buf); err != nil {
				return code, err
			}
			buf = buf[:0]
		}
	}
	_, err := out.Write(buf)
	return code, err
}

// line answers input line i (0-based), appending the answer to buf; for a bad line it
// returns the diagnostic instead. a and b are scratch piles.
func (m *mover) line(buf, line []byte, i int64, sh shard.Shard, a, b *pile) ([]byte, string) {
	if x, y, sp, ok := fastLine(line); ok {
		a.small, a.big, a.digits = x, nil, canonical(line[:sp])
		b.small, b.big, b.digits = y, nil, canonical(line[sp+1:])
	} else if text := bytes.TrimSpace(line); len(text) == 0 || text[0] == '#' {
		return buf, ""
	} else if err := parseLine(text, a, b); err != nil {
		return buf, fmt.Sprintf("analyze wythoff move: stdin:%d: %v\n", i+1, err)
	}
	if sh.Enabled() {
		buf = shard.AppendLineIndex(buf, i)
	}
	return m.answer(buf, a, b), ""
}

// longLine is the diagnostic for input line i longer than maxLine.
func longLine(i, long int64, maxLine int, prefix []byte) string {
	return fmt.Sprintf("analyze wythoff move: stdin:%d: line of %d bytes is longer than --max-line %d (starts %s...)\n",
		i+1, long, maxLine, strconv.Quote(string(prefix[:min(len(prefix), 40)])))
}

// canonical returns the digits d when they have no leading zero, else nil.
func canonical(d []byte) []byte {
	if len(d) > 1 && d[0] == '0' {
		return nil
	}
	return d
}

// fastLine parses the common line "A B" (one space, 1 to 19 digits each) in one pass;
// sp is the index of the space. ok is false for anything else, which parseLine then
// handles. The digits are read 8 at a time when the line's buffer extends 24 bytes
// beyond it (lines read by lineReader do, but for the last bytes of its buffer).
func fastLine(line []byte) (a, b uint64, sp int, ok bool) {
	if cap(line)-len(line) < 24 {
		return fastLineScalar(line)
	}
	full := line[:cap(line)]
	a, sp = parseDigits(full, len(line))
	if sp == 0 || sp >= len(line) || line[sp] != ' ' {
		return 0, 0, 0, false
	}
	b, n := parseDigits(full[sp+1:], len(line)-sp-1)
	return a, b, sp, n > 0 && sp+1+n == len(line)
}

// fastLineScalar is fastLine a digit at a time.
func fastLineScalar(line []byte) (a, b uint64, sp int, ok bool) {
	i := 0
	for ; i < len(line) && i < 19; i++ {
		d := line[i] - '0'
		if d > 9 {
			break
		}
		a = a*10 + uint64(d)
	}
	if i == 0 || i >= len(line) || line[i] != ' ' {
		return 0, 0, 0, false
	}
	sp = i
	i++
	j := i
	for ; j < len(line) && j-i < 19; j++ {
		d := line[j] - '0'
		if d > 9 {
			return 0, 0, 0, false
		}
		b = b*10 + uint64(d)
	}
	return a, b, sp, j > i && j == len(line)
}

func isSep(c byte) bool { return c == ' ' || c == '\t' || c == ',' }

// parseLine reads "A B" (separated by spaces, tabs or a comma), also written as the
// seed's tuple "(A,B)" or a list "[A, B]". text is trimmed and not empty.
func parseLine(text []byte, a, b *pile) error {
	if n := len(text); n >= 2 && (text[0] == '(' && text[n-1] == ')' || text[0] == '[' && text[n-1] == ']') {
		text = text[1 : n-1]
	}
	var f [2][]byte
	nf := 0
	for i := 0; i < len(text); {
		for i < len(text) && isSep(text[i]) {
			i++
		}
		if i == len(text) {
			break
		}
		j := i
		for j < len(text) && !isSep(text[j]) {
			j++
		}
		if nf < 2 {
			f[nf] = text[i:j]
		}
		nf++
		i = j
	}
	if nf != 2 {
		return fmt.Errorf("want two piles \"A B\", got %d fields in %s", nf, quoteShort(text))
	}
	if err := a.parse(f[0]); err != nil {
		return fmt.Errorf("pile A: %v", err)
	}
	if err := b.parse(f[1]); err != nil {
		return fmt.Errorf("pile B: %v", err)
	}
	return nil
}
