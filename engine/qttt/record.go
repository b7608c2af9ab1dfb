package qttt

import (
	"fmt"
	"math/bits"
	"strings"
)

// RecordError is an invalid record: which token, where, and why.
type RecordError struct {
	Col   int    // 1-based byte column of the token (one past the end for the end of record)
	Index int    // 1-based token number (moves and measurement numbers both count)
	Token string // the token as written (cut after 24 bytes); empty at the end of the record
	Msg   string
}

func (e *RecordError) Error() string {
	if e.Token == "" {
		return fmt.Sprintf("end of record (column %d): %s", e.Col, e.Msg)
	}
	return fmt.Sprintf("token %d %q (column %d): %s", e.Index, e.Token, e.Col, e.Msg)
}

// TraceMove is one move of a replayed record with its measurement, if any.
type TraceMove struct {
	A, B      int    // the move's cells (equal for the single-cell move)
	Cycle     uint16 // cells on the cycle the move closed, 0 if none
	Mark      int    // the measurement number written, 0 if none
	Collapsed uint16 // cells that became classical in the measurement
}

// Trace collects the moves and measurements of a replayed record.
type Trace struct {
	Moves []TraceMove
}

// ScoreRecord replays a record and scores the position it reaches. It does not
// allocate unless the record is invalid.
func ScoreRecord(rec []byte) (Score, error) {
	var p Position
	if err := replay(&p, rec, nil, false); err != nil {
		return Score{}, err
	}
	return p.Score(), nil
}

// Replay plays a record in the spec notation from the start and returns the position it
// reaches. Moves are two cell letters (either case), a cycle-closing move is followed by
// its measurement number, and tokens may be separated by blanks or written together.
// When tr is not nil each move is appended to it.
func Replay(rec []byte, tr *Trace) (Position, error) {
	var p Position
	err := replay(&p, rec, tr, false)
	return p, err
}

// ReplayOpen is Replay for a record that may end with a move whose measurement is still
// to be chosen (Position.Pending is then not zero), as a position to analyse.
func ReplayOpen(rec []byte, tr *Trace) (Position, error) {
	var p Position
	err := replay(&p, rec, tr, true)
	return p, err
}

// replay plays rec on p, which must be the start position.
func replay(p *Position, rec []byte, tr *Trace, allowPending bool) error {
	var closed uint16 // cells with classical marks
	over := false
	tok := 0
	i := 0
	for i < len(rec) {
		c := rec[i]
		cls := byteClass[c]
		if cls == classSpace {
			i++
			continue
		}
		tok++
		start := i
		switch {
		case cls == classDigit:
			j := i
			v := 0
			for j < len(rec) && rec[j] >= '0' && rec[j] <= '9' {
				if v < 100 {
					v = v*10 + int(rec[j]-'0')
				}
				j++
			}
			if c == '0' {
				v = -1 // no mark is written with a leading zero (or is zero)
			}
			i = j
			if p.pend == 0 {
				return recErr(rec, start, i, tok, superfluous(p))
			}
			if tr != nil {
				tm := &tr.Moves[len(tr.Moves)-1]
				tm.Cycle = p.CycleCells()
				tm.Mark = v
				tm.Collapsed = p.Open()
			}
			k := int(p.pend)
			if ok, na, nb := p.MeasureNumber(v); !ok {
				return recErr(rec, start, i, tok, notPossible(k, na, nb))
			}
			// Cells close and games end only in measurements.
			closed = p.xs | p.os
			over = lineCount[p.xs]|lineCount[p.os] != 0 || closed == allCells
			if tr != nil {
				tm := &tr.Moves[len(tr.Moves)-1]
				tm.Collapsed &^= p.Open()
			}
		default:
			if cls >= classOther {
				return recErr(rec, start, i+1, tok, badChar(c))
			}
			a := int(cls)
			if i+1 >= len(rec) || byteClass[rec[i+1]] >= classOther {
				if i+1 < len(rec) && isLetter(rec[i+1]) {
					return recErr(rec, start, i+2, tok, badChar(rec[i+1]))
				}
				return recErr(rec, start, i+1, tok, "a move names two cells (e.g. AB)")
			}
			b := int(byteClass[rec[i+1]])
			i += 2
			if p.pend != 0 {
				return recErr(rec, start, i, tok, "measurement number missing: "+pendingText(p))
			}
			if closed&(1<<a|1<<b) != 0 || a == b || over {
				if msg := moveError(p, a, b); msg != "" {
					return recErr(rec, start, i, tok, msg)
				}
			}
			p.Play(a, b)
			if tr != nil {
				tr.Moves = append(tr.Moves, TraceMove{A: a, B: b})
			}
		}
	}
	if p.pend != 0 && !allowPending {
		return &RecordError{Col: len(rec) + 1, Index: tok + 1, Msg: "measurement number missing: " + pendingText(p)}
	}
	return nil
}

// moveError says why a-b is not a legal move in p, or returns "" if it is.
func moveError(p *Position, a, b int) string {
	if p.Over() {
		return "move after the game ended (" + endText(p) + ")"
	}
	open := p.Open()
	for _, c := range [2]int{a, b} {
		if open>>c&1 == 0 {
			m := p.mark[c]
			return fmt.Sprintf("move into classical cell %c (it holds %s%d)", CellName(c), Owner(int(m)), m)
		}
	}
	if a == b {
		if n := bits.OnesCount16(open); n != 1 {
			return fmt.Sprintf("single-cell move while %d cells are open (allowed only when one is left)", n)
		}
	}
	return ""
}

// byteClass maps a record byte to its cell (0..8 for A..I, either case) or to one of the
// classes below; it is a literal in tables.go.

const (
	classOther = 9 + iota
	classSpace
	classDigit
)

func cellIndex(c byte) int {
	c |= 0x20 // lower case
	if c >= 'a' && c <= 'i' {
		return int(c - 'a')
	}
	return -1
}

func isLetter(c byte) bool { c |= 0x20; return c >= 'a' && c <= 'z' }

func badChar(c byte) string {
	if isLetter(c) {
		return fmt.Sprintf("unknown cell %q (cells are A to I)", c)
	}
	if c >= 0x80 {
		// A byte of a multi-byte character: %q of the byte alone would show another
		// character (0xEF, the first byte of a byte order mark, as 'ï').
		return fmt.Sprintf("unexpected byte 0x%02X (a record holds cell letters A-I and measurement numbers)", c)
	}
	return fmt.Sprintf("unexpected character %q (a record holds cell letters A-I and measurement numbers)", c)
}

// maxToken is the longest token an error quotes whole; longer ones (a run of digits)
// are cut and end in "...".
const maxToken = 24

func recErr(rec []byte, start, end, tok int, msg string) *RecordError {
	t := string(rec[start:min(end, start+maxToken)])
	if end-start > maxToken {
		t += "..."
	}
	return &RecordError{Col: start + 1, Index: tok, Token: t, Msg: msg}
}

func pendingText(p *Position) string {
	k := int(p.pend)
	a, b := p.Edge(k)
	_, na, _, nb := p.Choices()
	if a == b {
		return fmt.Sprintf("the single-cell move %d (%c%c) is measured at once; write %d", k, CellName(a), CellName(b), k)
	}
	return fmt.Sprintf("move %d (%c%c) closed a cycle; write %d or %d", k, CellName(a), CellName(b), min(na, nb), max(na, nb))
}

func superfluous(p *Position) string {
	if p.n == 0 {
		return "superfluous measurement number: no move has been made"
	}
	k := int(p.n)
	a, b := p.Edge(k)
	return fmt.Sprintf("superfluous measurement number: move %d (%c%c) did not close a cycle", k, CellName(a), CellName(b))
}

func notPossible(k, na, nb int) string {
	if na == nb {
		return fmt.Sprintf("not a possible mark: the single-cell move %d is measured as %d", k, na)
	}
	return fmt.Sprintf("not one of the two possible marks (%d or %d) for the first cell on the cycle", min(na, nb), max(na, nb))
}

func endText(p *Position) string {
	lx, lo := lineCount[p.xs], lineCount[p.os]
	switch {
	case lx > 0 && lo > 0:
		return "both players have a tic-tac-toe"
	case lx > 0:
		return "X has a tic-tac-toe"
	case lo > 0:
		return "O has a tic-tac-toe"
	}
	return "every cell is classical"
}

// FormatMove writes a move as two cell letters.
func FormatMove(a, b int) string { return string([]byte{CellName(a), CellName(b)}) }

// CellSet formats a set of cells as letters, e.g. "ABE".
func CellSet(s uint16) string {
	var b strings.Builder
	for ; s != 0; s &= s - 1 {
		b.WriteByte(CellName(bits.TrailingZeros16(s)))
	}
	return b.String()
}
