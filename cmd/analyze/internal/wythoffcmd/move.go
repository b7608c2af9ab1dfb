package wythoffcmd

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"math/big"
	"strconv"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/wythoff"
)

const moveDescription = `Prints a winning move of Wythoff's Nim from the position with piles A and B, as the
position after the move ("C D"), or "lose" when the player to move loses against
perfect play. Piles are non-negative decimal integers of any size; a position with
both piles below 2^64 is answered in constant time with 128-bit integer arithmetic,
larger ones exactly with math/big.

With --all, every winning move (there are at most three: from A, from B, from both),
one per line. With --misere, the player who takes the last counter loses.

With no A B, reads positions "A B" (or "(A,B)") from standard input, one per line
(blank lines and lines starting with # are skipped) and answers each on one line; with
--all the moves of one position are separated by "; ". A bad line is reported on stderr with its line
number, the other lines are still answered, and the exit status is 1. --json prints one
JSON object per position instead: {"position":[A,B],"cold":bool,"moves":[[C,D],...]}.`

func runMove(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("wythoff move", "analyze wythoff move [--all] [--misere] [--json] [A B]", moveDescription, stderr)
	all := fs.Bool("all", false, "print every winning move, not just one")
	misere := fs.Bool("misere", false, "misère play: whoever takes the last counter loses")
	asJSON := fs.Bool("json", false, "print one JSON object per position")
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	m := mover{all: *all, misere: *misere, json: *asJSON}
	switch len(pos) {
	case 0:
		return m.batch(ctx, stdin, stdout, stderr)
	case 2:
		var p pile
		var q pile
		if err := p.parse([]byte(pos[0])); err != nil {
			return cli.Usagef(stderr, "wythoff move", "pile A: %v", err)
		}
		if err := q.parse([]byte(pos[1])); err != nil {
			return cli.Usagef(stderr, "wythoff move", "pile B: %v", err)
		}
		w := bufio.NewWriter(stdout)
		m.single = true
		w.Write(m.answer(nil, &p, &q))
		if err := w.Flush(); err != nil {
			fmt.Fprintf(stderr, "analyze wythoff move: %v\n", err)
			return cli.ExitFail
		}
		return cli.ExitOK
	default:
		return cli.Usagef(stderr, "wythoff move", "want two piles A B (or none to read stdin), got %d arguments", len(pos))
	}
}

// pile is a parsed pile size: a uint64 when it fits, else a big integer.
type pile struct {
	small uint64
	big   *big.Int // nil when the value fits in small
}

func (p *pile) parse(s []byte) error {
	if len(s) == 0 {
		return fmt.Errorf("empty pile")
	}
	for i, c := range s {
		if c < '0' || c > '9' {
			return fmt.Errorf("%q is not a non-negative decimal integer (byte %d)", s, i+1)
		}
	}
	p.big = nil
	v, err := strconv.ParseUint(string(s), 10, 64)
	if err == nil {
		p.small = v
		return nil
	}
	p.big = new(big.Int)
	p.big.SetString(string(s), 10)
	return nil
}

func (p *pile) toBig() *big.Int {
	if p.big != nil {
		return p.big
	}
	return new(big.Int).SetUint64(p.small)
}

type mover struct {
	all, misere, json, single bool
}

// answer appends the answer for (a, b), ending in a newline.
func (m *mover) answer(buf []byte, a, b *pile) []byte {
	var moves [][2]string
	var small [3]wythoff.Position
	n := 0
	if a.big == nil && b.big == nil {
		small, n = wythoff.Moves(a.small, b.small, m.misere)
		if !m.all && n > 1 {
			n = 1
		}
		if !m.json {
			return m.format(buf, n, func(i int, buf []byte) []byte {
				buf = strconv.AppendUint(buf, small[i].X, 10)
				buf = append(buf, ' ')
				return strconv.AppendUint(buf, small[i].Y, 10)
			})
		}
		for _, p := range small[:n] {
			moves = append(moves, [2]string{strconv.FormatUint(p.X, 10), strconv.FormatUint(p.Y, 10)})
		}
	} else {
		bm := wythoff.MovesBig(a.toBig(), b.toBig(), m.misere)
		if !m.all && len(bm) > 1 {
			bm = bm[:1]
		}
		for _, p := range bm {
			moves = append(moves, [2]string{p.X.String(), p.Y.String()})
		}
		n = len(moves)
	}
	if m.json {
		buf = append(buf, `{"position":[`...)
		buf = appendPile(buf, a)
		buf = append(buf, ',')
		buf = appendPile(buf, b)
		buf = append(buf, `],"cold":`...)
		buf = strconv.AppendBool(buf, n == 0)
		buf = append(buf, `,"moves":[`...)
		for i, mv := range moves {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = append(buf, '[')
			buf = append(buf, mv[0]...)
			buf = append(buf, ',')
			buf = append(buf, mv[1]...)
			buf = append(buf, ']')
		}
		return append(buf, "]}\n"...)
	}
	return m.format(buf, n, func(i int, buf []byte) []byte {
		buf = append(buf, moves[i][0]...)
		buf = append(buf, ' ')
		return append(buf, moves[i][1]...)
	})
}

func appendPile(buf []byte, p *pile) []byte {
	if p.big != nil {
		return p.big.Append(buf, 10)
	}
	return strconv.AppendUint(buf, p.small, 10)
}

// format appends n moves (or "lose"): one per line for a single position, joined by
// "; " on one line in batch mode.
func (m *mover) format(buf []byte, n int, move func(i int, buf []byte) []byte) []byte {
	if n == 0 {
		return append(buf, "lose\n"...)
	}
	for i := 0; i < n; i++ {
		if i > 0 {
			if m.single {
				buf = append(buf, '\n')
			} else {
				buf = append(buf, "; "...)
			}
		}
		buf = move(i, buf)
	}
	return append(buf, '\n')
}

// batch answers the positions on stdin, one line each.
func (m *mover) batch(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer) int {
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 64<<10), 1<<28)
	w := bufio.NewWriterSize(stdout, 1<<16)
	code := cli.ExitOK
	var a, b pile
	var out []byte
	for line := 1; sc.Scan(); line++ {
		if line&1023 == 0 && ctx.Err() != nil {
			w.Flush()
			fmt.Fprintf(stderr, "analyze wythoff move: interrupted at line %d\n", line)
			return cli.ExitInterrupted
		}
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 || text[0] == '#' {
			continue
		}
		if err := parseLine(text, &a, &b); err != nil {
			fmt.Fprintf(stderr, "analyze wythoff move: stdin:%d: %v\n", line, err)
			code = cli.ExitFail
			continue
		}
		out = m.answer(out[:0], &a, &b)
		if _, err := w.Write(out); err != nil {
			fmt.Fprintf(stderr, "analyze wythoff move: %v\n", err)
			return cli.ExitFail
		}
	}
	if err := sc.Err(); err != nil {
		w.Flush()
		fmt.Fprintf(stderr, "analyze wythoff move: stdin: %v\n", err)
		return cli.ExitFail
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(stderr, "analyze wythoff move: %v\n", err)
		return cli.ExitFail
	}
	return code
}

// parseLine reads "A B" (separated by spaces, tabs or a comma), also written as the
// seed's tuple "(A,B)" or a list "[A, B]".
func parseLine(text []byte, a, b *pile) error {
	if n := len(text); n >= 2 && (text[0] == '(' && text[n-1] == ')' || text[0] == '[' && text[n-1] == ']') {
		text = text[1 : n-1]
	}
	fields := bytes.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == '\t' || r == ',' })
	if len(fields) != 2 {
		return fmt.Errorf("want two piles \"A B\", got %d fields in %q", len(fields), text)
	}
	if err := a.parse(fields[0]); err != nil {
		return fmt.Errorf("pile A: %v", err)
	}
	if err := b.parse(fields[1]); err != nil {
		return fmt.Errorf("pile B: %v", err)
	}
	return nil
}
