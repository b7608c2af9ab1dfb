package bulk

import (
	"bytes"
	"fmt"
	"math/big"
	"math/bits"
	"strconv"

	"github.com/boardlab/boardlab/engine/wythoff"
)

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
	// typed: the blocks' answers are Results handed to yield, not text
	typed bool
	yield func(Result) error
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
				if m.misere && a.small|b.small == 0 {
					return append(buf, "win\n"...)
				}
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
		buf = strconv.AppendBool(buf, n == 0 && !(m.misere && a.small|b.small == 0))
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
// tuple "(A,B)" or a list "[A, B]". text is trimmed and not empty.
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
