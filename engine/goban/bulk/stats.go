package bulk

import (
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/boardlab/boardlab/internal/plural"
)

// Stats counts what a run read and scored. Inputs, Records and Failed are the counts
// of every game's bulk package (Failed sits among goban's counters, in the order of
// the JSON summary); the others are goban's own, the counts of --summary.
type Stats struct {
	Inputs  int64 `json:"-"` // inputs read (WriteLines: files and streams)
	Records int64 `json:"-"` // text boards and SGF games scored (WriteLines: lines scored)
	// Total is the number of inputs the run has to read, when known before (Score), for
	// a progress display; Lines is the number of lines read (WriteLines).
	Total int64 `json:"-"`
	Lines int64 `json:"-"`

	Boards      int   `json:"boards"`      // text boards scored
	Games       int   `json:"games"`       // SGF games scored
	Failed      int64 `json:"failed"`      // inputs, games or lines that failed (an --svg picture not written is reported, not counted)
	Skipped     int   `json:"skipped"`     // files of a walked folder that are not game files
	Compared    int   `json:"re_compared"` // games whose RE can be compared with the score
	Agree       int   `json:"re_agree"`    // of those, agreeing on winner and margin
	WinnerAgree int   `json:"re_winner"`   // of those, agreeing on the winner
	Resigned    int   `json:"re_resigned"` // games whose RE is a resignation
	TimeLoss    int   `json:"re_time"`     // games lost on time
	NoCount     int   `json:"re_no_count"` // games whose RE margin no count can end with under the komi (B+0.0)
	Other       int   `json:"re_other"`    // games whose RE is anything else or missing
	Bytes       int64 `json:"bytes"`       // bytes of the inputs scored
	// Rules names the count the RE are compared with when --rules is not Tromp-Taylor
	// ("area", "territory", "record"), and Differs lists the games it differs from RE
	// in, in input order ("NAME: RE W+2.5, counted W+1.5 (japanese)").
	Rules   string   `json:"rules,omitempty"`
	Differs []string `json:"re_differs,omitempty"`
}

// Add adds the counts of t to s.
func (s *Stats) Add(t Stats) {
	s.Inputs += t.Inputs
	s.Records += t.Records
	s.Lines += t.Lines
	s.Boards += t.Boards
	s.Games += t.Games
	s.Failed += t.Failed
	s.Skipped += t.Skipped
	s.Compared += t.Compared
	s.Agree += t.Agree
	s.WinnerAgree += t.WinnerAgree
	s.Resigned += t.Resigned
	s.TimeLoss += t.TimeLoss
	s.NoCount += t.NoCount
	s.Other += t.Other
	s.Bytes += t.Bytes
	s.Differs = append(s.Differs, t.Differs...)
}

// WriteText writes the summary lines of "goban score --summary" for a run that took d.
func (s *Stats) WriteText(w io.Writer, d time.Duration) error {
	sec := seconds(d)
	skipped := ""
	if s.Skipped > 0 {
		skipped = fmt.Sprintf(", %d skipped (not game files)", s.Skipped)
	}
	if _, err := fmt.Fprintf(w, "summary: %d SGF games and %d text boards scored, %d failed%s\n", s.Games, s.Boards, s.Failed, skipped); err != nil {
		return err
	}
	if s.Games > 0 {
		count := "the Tromp-Taylor result"
		if s.Rules != "" {
			count = "the count under --rules " + s.Rules
		}
		if _, err := fmt.Fprintf(w, "summary: RE comparable in %s: %d agree with %s (winner and margin), %d on the winner; not comparable: %d resigned, %d lost on time, %d no count (a win by 0, or not by whole or half points), %d other or missing\n",
			plural.Of(s.Compared, "game"), s.Agree, count, s.WinnerAgree, s.Resigned, s.TimeLoss, s.NoCount, s.Other); err != nil {
			return err
		}
		for _, d := range s.Differs {
			if _, err := fmt.Fprintf(w, "summary: differs: %s\n", d); err != nil {
				return err
			}
		}
	}
	_, err := fmt.Fprintf(w, "summary: %.3f s, %.0f records/s, %.1f MB/s\n", sec, float64(s.Games+s.Boards)/sec, float64(s.Bytes)/sec/1e6)
	return err
}

// WriteJSON writes the summary as one JSON object on one line: the counts of Stats
// under their JSON names, then "seconds", "records_per_second" and "mb_per_second".
func (s *Stats) WriteJSON(w io.Writer, d time.Duration) error {
	sec := seconds(d)
	v := struct {
		Stats
		Seconds  float64 `json:"seconds"`
		Records  float64 `json:"records_per_second"`
		MBPerSec float64 `json:"mb_per_second"`
	}{*s, d.Seconds(), float64(s.Games+s.Boards) / sec, float64(s.Bytes) / sec / 1e6}
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

func seconds(d time.Duration) float64 {
	if sec := d.Seconds(); sec > 0 {
		return sec
	}
	return 1e-9
}
