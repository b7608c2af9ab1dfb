package bulk

import (
	"encoding/json"
	"strings"

	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/engine/goban/dead"
	"github.com/boardlab/boardlab/engine/goban/sgf"
	"github.com/boardlab/boardlab/fileio"
)

// Result is the outcome of one text board or one SGF game, as Score hands it over and
// AppendText and AppendJSON render it.
type Result struct {
	// Name is the input's name: PATH, ARCHIVE/MEMBER, or NAME#k for the k-th game of an
	// SGF collection. Alone says it is the run's only input and one board or game: the
	// command then prints its result without the name.
	Name  string
	Alone bool
	// SGF says it is a game of an SGF record (else a text board); Game is its index in
	// the record, from 1.
	SGF  bool
	Game int
	// Board is the Tromp-Taylor count of the final position (size, columns, black and
	// white points).
	Board goban.Result
	// Komi is the komi used (a text board: Options.Komi when KomiSet, else 0); Lead is
	// black's lead after it, under Options.Rules the count's: its sign and size are the
	// result (B+k, W+k, Jigo).
	Komi    float64
	KomiSet bool
	Lead    float64
	// Owner is the ownership map when Options.Map, row by row (X/O stones, x/o empty
	// points counted for black/white, - for nobody; # and @ dead black and white stones
	// under Options.Rules), else nil.
	Owner []byte

	// The fields of an SGF game: the board's Cols and Rows, the Handicap stones, the
	// Moves played, the record's KM when HasKM, the stones captured by black and by white
	// (Captured), the record's RE (nil without one), how RE compares with Lead (Check),
	// and under Options.Rules the Count (nil for Tromp-Taylor).
	Cols, Rows, Handicap, Moves int
	HasKM                       bool
	KM                          float64
	Captured                    [2]int
	RE                          []byte
	Check                       sgf.Check
	Count                       *dead.Score
}

// AppendText appends r as "goban score" prints it: NAME<TAB>RESULT (RESULT alone when
// r.Alone), then the ownership map's rows when r.Owner is set.
func AppendText(dst []byte, r Result) []byte {
	if !r.Alone {
		dst = append(fileio.AppendSafeName(dst, r.Name), '\t')
	}
	dst = append(appendResult(dst, &r), '\n')
	if r.Owner != nil {
		dst = goban.AppendMapRect(dst, r.Owner, r.Board.Size, r.Board.Cols)
	}
	return dst
}

// appendResult appends r's result: B+k, W+k or Jigo.
func appendResult(dst []byte, r *Result) []byte {
	if r.SGF || r.KomiSet {
		return sgf.FormatScore(dst, r.Lead)
	}
	return r.Board.AppendText(dst)
}

// AppendJSON appends r as "goban score --json" prints it: one JSON object and a newline.
func AppendJSON(dst []byte, r Result) []byte {
	var b []byte
	if r.SGF {
		b = sgfJSON(&r)
	} else {
		v := struct {
			Path   string    `json:"path"`
			Size   int       `json:"size"`
			Black  int       `json:"black"`
			White  int       `json:"white"`
			Komi   *float64  `json:"komi,omitempty"`
			Result string    `json:"result"`
			Map    *[]string `json:"map,omitempty"`
		}{Path: r.Name, Size: r.Board.Size, Black: r.Board.Black, White: r.Board.White, Result: string(appendResult(nil, &r))}
		if r.KomiSet {
			v.Komi = &r.Komi
		}
		if r.Owner != nil {
			v.Map = mapLines(r.Board, r.Owner)
		}
		b, _ = json.Marshal(v)
	}
	return append(append(dst, b...), '\n')
}

// sgfJSON is the JSON object of an SGF game.
func sgfJSON(r *Result) []byte {
	v := struct {
		Path          string    `json:"path"`
		Format        string    `json:"format"`
		Game          int       `json:"game"`
		Cols          int       `json:"cols"`
		Rows          int       `json:"rows"`
		Black         int       `json:"black"`
		White         int       `json:"white"`
		Komi          float64   `json:"komi"`
		KM            *float64  `json:"km,omitempty"`
		Handicap      int       `json:"handicap"`
		Result        string    `json:"result"`
		Moves         int       `json:"moves"`
		CapturedBlack int       `json:"captured_by_black"`
		CapturedWhite int       `json:"captured_by_white"`
		RE            *string   `json:"re"`
		REKind        string    `json:"re_kind"`
		REAgrees      *bool     `json:"re_agrees"`
		RENotCompared string    `json:"re_not_comparable,omitempty"`
		Map           *[]string `json:"map,omitempty"`
		*countJSON
	}{
		Path: r.Name, Format: "sgf", Game: r.Game, Cols: r.Cols, Rows: r.Rows,
		Black: r.Board.Black, White: r.Board.White, Komi: r.Komi, Handicap: r.Handicap,
		Result: string(sgf.FormatScore(nil, r.Lead)), Moves: r.Moves, CapturedBlack: r.Captured[0], CapturedWhite: r.Captured[1],
		REKind: r.Check.Kind,
	}
	if r.HasKM && r.KM != r.Komi {
		km := r.KM
		v.KM = &km
	}
	if r.RE != nil {
		re := string(r.RE)
		v.RE = &re
	}
	if r.Check.Comparable() {
		a := r.Check.Agrees
		v.REAgrees = &a
	} else {
		v.RENotCompared = map[string]string{
			"resign": "resignation", "time": "loss on time", "forfeit": "forfeit",
			"none": "no RE", "unknown": "RE names no score", "nocount": "no count: a win by 0, or not by whole or half points",
		}[r.Check.Kind]
	}
	if r.Owner != nil {
		v.Map = mapLines(r.Board, r.Owner)
	}
	v.countJSON = newCountJSON(r.Count, r.Cols)
	b, _ := json.Marshal(v)
	return b
}

// mapLines returns the ownership map as one string per row, for JSON.
func mapLines(res goban.Result, owner []byte) *[]string {
	lines := []string{}
	if res.Size > 0 {
		m := string(goban.AppendMapRect(nil, owner, res.Size, res.Cols))
		lines = strings.Split(strings.TrimSuffix(m, "\n"), "\n")
	}
	return &lines
}

// appendResultAs appends r rendered as JSON or text.
func appendResultAs(dst []byte, r *Result, asJSON bool) []byte {
	if asJSON {
		return AppendJSON(dst, *r)
	}
	return AppendText(dst, *r)
}
