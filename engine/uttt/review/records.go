package review

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/fileio/textin"
)

// Record is one game read for review: where it stood, its players and its turns.
type Record struct {
	ID     string // FILE:LINE
	Path   string
	Line   int
	X, O   string // the players' names
	Events []Event
	Result string // as recorded ("" for a move list)
	Ended  string // why the game ended before its end on the board, if it did ("forfeit")
}

// Event is a turn: a move, or a pass (an invalid answer in a tournament: the
// other side then moves freely on the unchanged board).
type Event struct {
	Move uttt.Move
	Pass bool
}

// maxRecordLine bounds a record's line: a tournament game of 250 turns with long
// reasons stays well below it.
const maxRecordLine = 1 << 20

// ReadRecords reads the game records of r, named path: self-play --out lines,
// tournament --log lines, or move lists (one game a line, moves as two digits
// separated by spaces or commas). Blank lines, lines starting with '#' and self-play
// shard headers are skipped, and so is a UTF-8 byte order mark at the start. A bad
// record is reported to bad with its line and field, and reading goes on; the error is
// a failure to read r, or a NUL byte (binary data, such as /dev/zero), which ends it.
func ReadRecords(r io.Reader, path string, bad func(error)) ([]Record, error) {
	lr := fileio.NewLineReader(textin.NewReader(r, "game records"), maxRecordLine)
	var recs []Record
	last := 0
	for {
		line, n, length, ok := lr.Next()
		if !ok || lr.Err() != nil { // a line cut by a read error or a NUL byte: the error
			break
		}
		ln := int(n)
		last = ln
		if length > maxRecordLine {
			bad(fmt.Errorf("%s:%d: line longer than %d bytes: not a game record", path, ln, maxRecordLine))
			continue
		}
		t := bytes.TrimSpace(line)
		if len(t) == 0 || t[0] == '#' {
			continue
		}
		rec, skip, rerr := ParseRecord(t)
		if rerr != nil {
			bad(fmt.Errorf("%s:%d: %v", path, ln, rerr))
			continue
		}
		if skip {
			continue
		}
		rec.ID, rec.Path, rec.Line = fmt.Sprintf("%s:%d", path, ln), path, ln
		recs = append(recs, rec)
	}
	if err := lr.Err(); err != nil {
		return recs, fmt.Errorf("%s:%d: %v", path, last+1, err)
	}
	return recs, nil
}

// rawRecord holds the fields of the JSON records review reads.
type rawRecord struct {
	Selfplay *string         `json:"selfplay"`
	Moves    *string         `json:"moves"`
	Turns    *[]rawTurn      `json:"turns"`
	X        json.RawMessage `json:"x"`
	A        string          `json:"a"`
	B        string          `json:"b"`
	XName    string          `json:"x_name"`
	OName    string          `json:"o_name"`
	Result   string          `json:"result"`
	Forfeit  bool            `json:"forfeit"`
}

type rawTurn struct {
	Side    string `json:"side"`
	Move    string `json:"move"`
	Invalid string `json:"invalid"`
}

// ParseRecord reads one non-blank line; skip is set for lines that hold no game
// (a shard header, a tournament game that was skipped).
func ParseRecord(line []byte) (rec Record, skip bool, err error) {
	if line[0] != '{' {
		rec.X, rec.O = "X", "O"
		rec.Events, err = ParseMoveList(string(line))
		return rec, false, err
	}
	var raw rawRecord
	if err := json.Unmarshal(line, &raw); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			return rec, false, fmt.Errorf("field %s: a JSON %s, want a %s", te.Field, te.Value, jsonKind(te.Type.Kind().String()))
		}
		return rec, false, fmt.Errorf("not a game record (JSON): %v", err)
	}
	switch {
	case raw.Selfplay != nil:
		return rec, true, nil
	case raw.Moves != nil:
		var x string
		if err := json.Unmarshal(raw.X, &x); err != nil || x != "a" && x != "b" {
			return rec, false, fmt.Errorf(`field x: %s: want "a" or "b" (who moved first)`, clip(string(raw.X)))
		}
		rec.X, rec.O = raw.A, raw.B
		if x == "b" {
			rec.X, rec.O = raw.B, raw.A
		}
		rec.Result = raw.Result
		if raw.Forfeit {
			rec.Ended = "forfeit"
		}
		rec.Events, err = ParseMoveList(*raw.Moves)
		if err != nil {
			return rec, false, fmt.Errorf("field moves: %v", err)
		}
		return rec, false, nil
	case raw.Turns != nil:
		if raw.Result == "skipped" {
			return rec, true, nil
		}
		rec.X, rec.O, rec.Result = raw.XName, raw.OName, raw.Result
		p := uttt.Start()
		for k, t := range *raw.Turns {
			if p.Status() != uttt.Ongoing {
				return rec, false, fmt.Errorf("field turns[%d]: the game is over after %d turns", k, k)
			}
			if t.Side != p.Side().String() {
				return rec, false, fmt.Errorf("field turns[%d].side: %q, but %s is to move", k, clip(t.Side), p.Side())
			}
			if t.Invalid != "" || t.Move == "" {
				rec.Events = append(rec.Events, Event{Pass: true})
				p = p.Pass()
				continue
			}
			m, err := uttt.ParseMove(t.Move)
			if err != nil {
				return rec, false, fmt.Errorf("field turns[%d].move: %q: %v", k, clip(t.Move), err)
			}
			if !p.IsLegal(m) {
				return rec, false, fmt.Errorf("field turns[%d].move: %s: %s", k, t.Move, p.WhyIllegal(m))
			}
			rec.Events = append(rec.Events, Event{Move: m})
			p = p.Play(m)
		}
		if len(rec.Events) == 0 {
			return rec, false, fmt.Errorf("field turns: empty")
		}
		return rec, false, nil
	}
	return rec, false, fmt.Errorf(`not a game record: want a self-play line ("moves"), a tournament line ("turns") or a move list`)
}

// ParseMoveList reads moves as two digits separated by spaces or commas, played from
// the start; an illegal or malformed move is an error naming its number.
func ParseMoveList(s string) ([]Event, error) {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
	if len(f) == 0 {
		return nil, fmt.Errorf("no moves")
	}
	p := uttt.Start()
	ev := make([]Event, 0, len(f))
	for i, t := range f {
		m, err := uttt.ParseMove(t)
		if err != nil {
			return nil, fmt.Errorf("move %d (%q): %v", i+1, clip(t), err)
		}
		if p.Status() != uttt.Ongoing {
			return nil, fmt.Errorf("move %d (%s): the game is over after move %d", i+1, t, i)
		}
		if !p.IsLegal(m) {
			return nil, fmt.Errorf("move %d (%s): %s", i+1, t, p.WhyIllegal(m))
		}
		ev = append(ev, Event{Move: m})
		p = p.Play(m)
	}
	return ev, nil
}

// jsonKind names a Go kind as JSON does.
func jsonKind(k string) string {
	switch k {
	case "string":
		return "string"
	case "slice":
		return "list"
	case "struct", "map":
		return "object"
	case "bool":
		return "boolean"
	}
	return "number"
}

// clip shortens s to 60 bytes for an error message.
func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}
