// Package sgf reads Go game records in SGF (FF[4], and FF[3] files of the same syntax)
// and replays their main line with Go's capture rule, so that the final position can be
// scored by Tromp-Taylor area rules. Bytes go in, moves come out: the parser keeps no
// copy of the record and allocates nothing per property once its buffers have grown.
package sgf

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
)

// MaxSize is the largest board side SGF coordinates can name (a-z then A-Z).
const MaxSize = 52

// Error is a fault in a game record: the game's place in the collection (from 1), the
// number of moves played before it, the byte offset where it was met, and what is wrong.
type Error struct {
	Game   int    // index of the game in the collection, from 1
	Move   int    // move number (B or W property, from 1) of the fault; 0 before the first move
	Offset int    // byte offset in the input
	Msg    string // what is wrong
	After  bool   // the fault is not a move but comes after Move moves (setup, tree structure)
	Fatal  bool   // the tree structure is broken: later games of the input cannot be read
}

func (e *Error) Error() string {
	switch {
	case e.Move > 0 && !e.After:
		return fmt.Sprintf("game %d, move %d, byte %d: %s", e.Game, e.Move, e.Offset, e.Msg)
	case e.Move > 0:
		return fmt.Sprintf("game %d, after move %d, byte %d: %s", e.Game, e.Move, e.Offset, e.Msg)
	}
	return fmt.Sprintf("game %d, byte %d: %s", e.Game, e.Offset, e.Msg)
}

// Op kinds: what a step of the main line does to the board.
const (
	OpBlack = iota // a black move at (X, Y), or a pass when X < 0
	OpWhite        // a white move
	OpSetB         // setup: a black stone at (X, Y)
	OpSetW         // setup: a white stone at (X, Y)
	OpSetE         // setup: (X, Y) becomes empty
)

// Op is one step of a game's main line: a move or a setup change at column X, row Y
// (from 0, top left; X < 0 for a pass), with the byte offset of its property value.
type Op struct {
	Kind   uint8
	X, Y   int8
	Offset int32
}

// Letters returns the point in SGF letters ("dd"), or "" for a pass.
func (o Op) Letters() string {
	if o.X < 0 {
		return ""
	}
	return string([]byte{letter(int(o.X)), letter(int(o.Y))})
}

func letter(v int) byte {
	if v < 26 {
		return byte('a' + v)
	}
	return byte('A' + v - 26)
}

// Game is one game of a collection as read from its root and main line.
type Game struct {
	Index      int     // place in the collection, from 1
	Offset     int     // byte offset of the game's opening parenthesis
	Cols, Rows int     // board size (SZ; 19 when absent)
	Komi       float64 // KM as recorded; 0 when absent (see PlayKomi)
	HasKomi    bool    // KM was given
	Handicap   int     // HA (its integer part, at most the board's points); 0 when absent
	RE         []byte  // the recorded result (RE), pointing into the input; nil when absent
	RU         []byte  // the rule set (RU), pointing into the input; nil when absent
	Moves      int     // B and W properties on the main line, passes included
	Ops        []Op    // the main line, in order
}

// PlayKomi is the komi the players meant: KM, except that a KM larger than the number
// of points on the board is read as hundredths (YuanYu/Fox records write KM[750] for 7.5).
func (g *Game) PlayKomi() float64 {
	if k := g.Komi; k > float64(g.Cols*g.Rows) || k < -float64(g.Cols*g.Rows) {
		return k / 100
	}
	return g.Komi
}

// Parser reads the games of one SGF input in turn. The zero value is ready for Reset.
type Parser struct {
	data  []byte
	pos   int
	game  int
	fatal bool
	props []prop
	g     *Game
	err   *Error // first fault of the current game
}

// prop is a property of the current node: its identifier and value spans.
type prop struct {
	id         uint16
	start, end int32 // value bytes, brackets excluded
}

// Identifiers of the properties the parser uses, as two packed upper-case letters.
const (
	idB    = 'B'
	idW    = 'W'
	idAB   = 'A'<<8 | 'B'
	idAW   = 'A'<<8 | 'W'
	idAE   = 'A'<<8 | 'E'
	idSZ   = 'S'<<8 | 'Z'
	idKM   = 'K'<<8 | 'M'
	idHA   = 'H'<<8 | 'A'
	idRE   = 'R'<<8 | 'E'
	idRU   = 'R'<<8 | 'U'
	idLong = 0xffff // three letters or more: never used
)

// Reset starts reading data, which must stay unchanged while games are read from it.
func (p *Parser) Reset(data []byte) {
	p.data, p.pos, p.game, p.fatal = data, 0, 0, false
	if len(data) >= 3 && data[0] == 0xef && data[1] == 0xbb && data[2] == 0xbf {
		p.pos = 3
	}
}

// Games returns how many games have been started so far.
func (p *Parser) Games() int { return p.game }

// Next reads the next game's root and main line into g (reusing g.Ops). It returns
// io.EOF when no game is left, or an *Error for a faulty game; after an error that is
// not Fatal the following games can still be read.
func (p *Parser) Next(g *Game) error {
	if p.fatal {
		return io.EOF
	}
	// Bytes between game trees (and before the first) are skipped.
	i := bytes.IndexByte(p.data[p.pos:], '(')
	if i < 0 {
		p.pos = len(p.data)
		return io.EOF
	}
	p.pos += i
	p.game++
	*g = Game{Index: p.game, Offset: p.pos, Cols: 19, Rows: 19, Ops: g.Ops[:0]}
	p.g, p.err = g, nil
	p.tree()
	if p.err != nil {
		if p.err.Fatal {
			p.fatal = true
		}
		return p.err
	}
	return nil
}

// fail records the first fault of the game.
func (p *Parser) fail(off int, fatal, after bool, format string, args ...any) {
	if p.err == nil {
		p.err = &Error{Game: p.g.Index, Move: p.g.Moves, Offset: off, After: after || fatal, Msg: fmt.Sprintf(format, args...)}
	}
	if fatal {
		p.err.Fatal = true
	}
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\v' || c == '\f'
}

// tree reads one game tree at p.pos ('('): the nodes of its main line (the first child
// at every branch) are applied, the other variations skipped.
func (p *Parser) tree() {
	data := p.data
	pos := p.pos + 1
	depth := 1    // open parentheses of the game
	tail := false // a variation has closed: what follows are the later siblings
	nodes := 0
	for {
		for pos < len(data) && isSpace(data[pos]) {
			pos++
		}
		if pos >= len(data) {
			p.pos = pos
			p.fail(pos, true, false, "unexpected end of input: %d unclosed parenthes%s", depth, plural(depth, "is", "es"))
			return
		}
		switch c := data[pos]; c {
		case ';':
			if tail {
				p.pos = pos
				p.fail(pos, true, false, "node after a variation")
				return
			}
			// The common node, ";B[xy]" or ";W[xy]" alone, takes a short path.
			if nodes > 0 && pos+6 < len(data) && (data[pos+1] == 'B' || data[pos+1] == 'W') &&
				data[pos+2] == '[' && data[pos+5] == ']' {
				k := pos + 6
				for k < len(data) && isSpace(data[k]) {
					k++
				}
				if k < len(data) && (data[k] == ';' || data[k] == '(' || data[k] == ')') {
					x, ok1 := coord(data[pos+3])
					y, ok2 := coord(data[pos+4])
					g := p.g
					if ok1 && ok2 && x < g.Cols && y < g.Rows && !(x == 19 && y == 19) {
						g.Moves++
						g.Ops = append(g.Ops, Op{Kind: (data[pos+1] - 'B') / ('W' - 'B'), X: int8(x), Y: int8(y), Offset: int32(pos + 3)})
						nodes++
						pos = k
						continue
					}
				}
			}
			var ok bool
			if pos, ok = p.node(pos+1, nodes == 0); !ok {
				p.pos = pos
				return
			}
			nodes++
		case '(':
			if nodes == 0 {
				p.fail(pos, true, false, "variation before the first node")
				p.pos = pos
				return
			}
			if !tail {
				depth++
				pos++
				continue
			}
			var ok bool
			if pos, ok = p.skipTree(pos); !ok {
				p.pos = pos
				return
			}
		case ')':
			if nodes == 0 {
				p.pos = pos
				p.fail(pos, true, false, "empty game tree")
				return
			}
			depth--
			tail = true
			pos++
			if depth == 0 {
				p.pos = pos
				return
			}
		default:
			p.pos = pos
			p.fail(pos, true, false, "unexpected %s between nodes", quoteByte(c))
			return
		}
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func quoteByte(c byte) string {
	if c >= 0x20 && c < 0x7f {
		return strconv.QuoteRune(rune(c))
	}
	return fmt.Sprintf("byte 0x%02x", c)
}

// skipTree skips the game tree at pos ('(') and returns the position after it.
func (p *Parser) skipTree(pos int) (int, bool) {
	data := p.data
	start := pos
	depth := 0
	for pos < len(data) {
		switch data[pos] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return pos + 1, true
			}
		case '[':
			end, ok := p.valueEnd(pos + 1)
			if !ok {
				return end, false
			}
			pos = end
		}
		pos++
	}
	p.fail(start, true, false, "unexpected end of input in a variation")
	return pos, false
}

// valueEnd returns the index of the ']' that closes the value starting at pos.
func (p *Parser) valueEnd(pos int) (int, bool) {
	data := p.data
	start := pos
	for {
		i := bytes.IndexByte(data[pos:], ']')
		if i < 0 {
			p.fail(start-1, true, false, "unterminated property value")
			return len(data), false
		}
		pos += i
		// The ']' is escaped when an odd number of backslashes precede it.
		k := pos - 1
		for k >= start && data[k] == '\\' {
			k--
		}
		if (pos-1-k)%2 == 0 {
			return pos, true
		}
		pos++
	}
}

// node reads the properties of the node starting at pos (after ';') and applies them;
// it returns the position of the first byte after the node.
func (p *Parser) node(pos int, root bool) (int, bool) {
	data := p.data
	p.props = p.props[:0]
	for {
		for pos < len(data) && isSpace(data[pos]) {
			pos++
		}
		if pos >= len(data) {
			break
		}
		c := data[pos]
		if c < 'A' || c > 'Z' {
			if c >= 'a' && c <= 'z' {
				p.fail(pos, true, false, "property identifier starts with lower-case %s", quoteByte(c))
				return pos, false
			}
			break
		}
		// Identifier: upper-case letters; lower-case ones (FF[3]) are ignored.
		var id uint16
		n := 0
		for pos < len(data) {
			c := data[pos]
			if c >= 'A' && c <= 'Z' {
				if n < 2 {
					id = id<<8 | uint16(c)
				}
				n++
			} else if c < 'a' || c > 'z' {
				break
			}
			pos++
		}
		if n > 2 {
			id = idLong
		}
		for pos < len(data) && isSpace(data[pos]) {
			pos++
		}
		if pos >= len(data) || data[pos] != '[' {
			if pos >= len(data) {
				p.fail(pos, true, false, "unexpected end of input after a property identifier")
			} else {
				p.fail(pos, true, false, "property without a value: %s instead of '['", quoteByte(data[pos]))
			}
			return pos, false
		}
		for pos < len(data) && data[pos] == '[' {
			end, ok := p.valueEnd(pos + 1)
			if !ok {
				return end, false
			}
			switch id {
			case idB, idW, idAB, idAW, idAE, idSZ, idKM, idHA, idRE, idRU:
				p.props = append(p.props, prop{id, int32(pos + 1), int32(end)})
			}
			pos = end + 1
			for pos < len(data) && isSpace(data[pos]) {
				pos++
			}
		}
	}
	if len(p.props) > 0 {
		p.apply(root)
	}
	return pos, true
}

// apply turns the properties of one node into the game's header and ops: the size
// first (root only), then the game information, setup, and the move.
func (p *Parser) apply(root bool) {
	g := p.g
	data := p.data
	// The common node: one move on a point.
	if pr := p.props[0]; len(p.props) == 1 && pr.id <= idW && pr.end-pr.start == 2 {
		x, ok1 := coord(data[pr.start])
		y, ok2 := coord(data[pr.start+1])
		if ok1 && ok2 && x < g.Cols && y < g.Rows && !(x == 19 && y == 19) {
			g.Moves++
			g.Ops = append(g.Ops, Op{Kind: uint8(pr.id-idB) / uint8(idW-idB), X: int8(x), Y: int8(y), Offset: pr.start})
			return
		}
	}
	if root {
		for _, pr := range p.props {
			if pr.id == idSZ {
				p.size(pr)
			}
		}
	}
	for _, pr := range p.props {
		v := data[pr.start:pr.end]
		switch pr.id {
		case idSZ:
			if !root {
				p.fail(int(pr.start), false, false, "SZ outside the root node")
			}
		case idKM:
			if len(trim(v)) == 0 {
				continue
			}
			k, err := strconv.ParseFloat(string(trim(v)), 64) // no allocation: the conversion does not escape
			if err != nil || math.IsNaN(k) || math.IsInf(k, 0) {
				p.fail(int(pr.start), false, false, "KM[%s]: komi is not a number", shown(v))
				continue
			}
			g.Komi, g.HasKomi = k, true
		case idHA:
			h, ok := handicap(trim(v), g.Cols*g.Rows)
			if !ok {
				p.fail(int(pr.start), false, false, "HA[%s]: handicap larger than the %d points of the %dx%d board", shown(v), g.Cols*g.Rows, g.Cols, g.Rows)
				continue
			}
			g.Handicap = h
		case idRE:
			g.RE = trim(v)
		case idRU:
			g.RU = trim(v)
		case idAB, idAW, idAE:
			kind := uint8(OpSetB)
			if pr.id == idAW {
				kind = OpSetW
			} else if pr.id == idAE {
				kind = OpSetE
			}
			p.setup(kind, pr)
		}
	}
	for _, pr := range p.props {
		if pr.id != idB && pr.id != idW {
			continue
		}
		g.Moves++
		kind := uint8(OpBlack)
		if pr.id == idW {
			kind = OpWhite
		}
		v := data[pr.start:pr.end]
		op := Op{Kind: kind, X: -1, Y: -1, Offset: pr.start}
		if len(trim(v)) > 0 {
			x, y, ok := p.point(trim(v))
			switch {
			case !ok:
				p.fail(int(pr.start), false, false, "%s[%s]: not a point", idName(pr.id), shown(v))
				continue
			case x == 19 && y == 19 && g.Cols <= 19 && g.Rows <= 19: // tt: a pass
			case x >= g.Cols || y >= g.Rows:
				p.fail(int(pr.start), false, false, "%s[%s]: off the %dx%d board", idName(pr.id), shown(v), g.Cols, g.Rows)
				continue
			default:
				op.X, op.Y = int8(x), int8(y)
			}
		}
		g.Ops = append(g.Ops, op)
	}
}

// size reads SZ[n] or SZ[cols:rows].
func (p *Parser) size(pr prop) {
	v := trim(p.data[pr.start:pr.end])
	cols, rows := 0, 0
	if i := bytes.IndexByte(v, ':'); i >= 0 {
		cols, rows = atoi(trim(v[:i])), atoi(trim(v[i+1:]))
	} else {
		cols = atoi(v)
		rows = cols
	}
	if cols < 1 || cols > MaxSize || rows < 1 || rows > MaxSize {
		p.fail(int(pr.start), false, false, "SZ[%s]: board size must be 1..%d (or cols:rows)", shown(p.data[pr.start:pr.end]), MaxSize)
		return
	}
	p.g.Cols, p.g.Rows = cols, rows
}

// setup adds the points of an AB, AW or AE value (a point or a rectangle aa:cc).
func (p *Parser) setup(kind uint8, pr prop) {
	g := p.g
	v := trim(p.data[pr.start:pr.end])
	name := [...]string{OpSetB: "AB", OpSetW: "AW", OpSetE: "AE"}[kind]
	x0, y0, x1, y1 := 0, 0, 0, 0
	var ok bool
	if len(v) == 5 && v[2] == ':' {
		var ok2 bool
		x0, y0, ok = p.point(v[:2])
		x1, y1, ok2 = p.point(v[3:])
		ok = ok && ok2
		if x0 > x1 {
			x0, x1 = x1, x0
		}
		if y0 > y1 {
			y0, y1 = y1, y0
		}
	} else {
		x0, y0, ok = p.point(v)
		x1, y1 = x0, y0
	}
	if !ok {
		p.fail(int(pr.start), false, true, "%s[%s]: not a point or a rectangle of points", name, shown(v))
		return
	}
	if x1 >= g.Cols || y1 >= g.Rows {
		p.fail(int(pr.start), false, true, "%s[%s]: off the %dx%d board", name, shown(v), g.Cols, g.Rows)
		return
	}
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			g.Ops = append(g.Ops, Op{Kind: kind, X: int8(x), Y: int8(y), Offset: pr.start})
		}
	}
}

// point decodes a two-letter point: a-z are 0-25, A-Z are 26-51; column first.
func (p *Parser) point(v []byte) (x, y int, ok bool) {
	if len(v) != 2 {
		return 0, 0, false
	}
	x, ok1 := coord(v[0])
	y, ok2 := coord(v[1])
	return x, y, ok1 && ok2
}

func coord(c byte) (int, bool) {
	switch {
	case c >= 'a' && c <= 'z':
		return int(c - 'a'), true
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 26, true
	}
	return 0, false
}

func idName(id uint16) string {
	if id < 256 {
		return string(rune(id))
	}
	return string([]byte{byte(id >> 8), byte(id)})
}

func trim(v []byte) []byte {
	for len(v) > 0 && isSpace(v[0]) {
		v = v[1:]
	}
	for len(v) > 0 && isSpace(v[len(v)-1]) {
		v = v[:len(v)-1]
	}
	return v
}

// atoi reads a small non-negative decimal number; anything else gives -1.
func atoi(v []byte) int {
	if len(v) == 0 || len(v) > 4 {
		return -1
	}
	n := 0
	for _, c := range v {
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// handicap reads the integer at the start of v (HA[2], and HA[7.5] as 7; 0 if none),
// which must be at most max: ok is false for a larger one, however many digits it has.
func handicap(v []byte, max int) (n int, ok bool) {
	for _, c := range v {
		if c < '0' || c > '9' {
			break
		}
		if n = n*10 + int(c-'0'); n > max {
			return 0, false
		}
	}
	return n, true
}

// shown is a property value as a message names it: as it is when short and plain
// ASCII, else quoted in Go syntax (control characters escaped), cut to its first 20
// bytes and followed by its length when longer, so that a message stays one short line.
func shown(v []byte) string {
	const n = 20
	if len(v) > n {
		return fmt.Sprintf("%q... (%d bytes)", v[:n], len(v))
	}
	for _, c := range v {
		if c < 0x20 || c > 0x7e {
			return strconv.Quote(string(v))
		}
	}
	return string(v)
}

// IsSGF reports whether data looks like an SGF record: '(' then ';' after optional
// whitespace, at the start or after a UTF-8 byte-order mark and whitespace.
func IsSGF(data []byte) bool {
	data = bytes.TrimPrefix(data, []byte{0xef, 0xbb, 0xbf})
	data = trimLeft(data)
	if len(data) == 0 || data[0] != '(' {
		return false
	}
	data = trimLeft(data[1:])
	return len(data) > 0 && data[0] == ';'
}

func trimLeft(v []byte) []byte {
	for len(v) > 0 && isSpace(v[0]) {
		v = v[1:]
	}
	return v
}

// ErrNoGame is returned for an input holding no game tree at all.
var ErrNoGame = errors.New("no SGF game tree in the input")
