package review

import (
	"strings"
	"testing"
)

func TestParseRecord(t *testing.T) {
	for _, c := range []struct {
		line   string
		x, o   string
		events int
		passes int
		skip   bool
		err    string
	}{
		{line: "44 40 04", x: "X", o: "O", events: 3},
		{line: "44,40,04", x: "X", o: "O", events: 3},
		{line: `{"game":1,"a":"naive","b":"random","seed":1,"openings":0,"x":"b","moves":"44 40","result":"X","score":0,"plies":2}`, x: "random", o: "naive", events: 2},
		{line: `{"selfplay":"shard","k":0,"n":2}`, skip: true},
		{line: `{"game":1,"x":1,"o":2,"x_name":"a","o_name":"b","result":"skipped","turns":[]}`, skip: true},
		{line: `{"game":1,"x":1,"o":2,"x_name":"a","o_name":"b","result":"O","turns":[{"side":"X","invalid":"no output"},{"side":"O","move":"44"},{"side":"X","move":"40"}]}`, x: "a", o: "b", events: 3, passes: 1},
		{line: "44 44", err: "move 2 (44): tile 4 of board 4 is taken"},
		{line: "44 9x", err: `move 2 ("9x")`},
		{line: `{"moves":"44","x":"c"}`, err: `field x: "c"`},
		{line: `{"moves":"44 44","x":"a"}`, err: "field moves: move 2 (44)"},
		{line: `{"turns":[{"side":"O","move":"44"}]}`, err: `field turns[0].side: "O", but X is to move`},
		{line: `{"turns":[{"side":"X","move":"4"}]}`, err: `field turns[0].move: "4"`},
		{line: `{"turns":[{"side":"X","move":"44"},{"side":"O","move":"00"}]}`, err: "field turns[1].move: 00: board 0 is not the board to play in"},
		{line: `{"game":3}`, err: "not a game record"},
		{line: `{"moves":`, err: "not a game record (JSON)"},
		// A long token is quoted by its start only.
		{line: "44 " + strings.Repeat("9", 100000), err: `move 2 ("999`},
		{line: `{"moves":"44 ` + strings.Repeat("9", 100000) + `","x":"a"}`, err: `field moves: move 2 ("999`},
		{line: `{"turns":[{"side":"` + strings.Repeat("O", 100000) + `","move":"44"}]}`, err: `field turns[0].side: "OOO`},
		{line: `{"turns":[{"side":"X","move":"` + strings.Repeat("4", 100000) + `"}]}`, err: `field turns[0].move: "444`},
		{line: `{"moves":"44","x":"` + strings.Repeat("c", 100000) + `"}`, err: `field x: "ccc`},
	} {
		rec, skip, err := ParseRecord([]byte(c.line))
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) || len(err.Error()) > 200 {
				t.Errorf("%.80s: error %.300v, want %q", c.line, err, c.err)
			}
			continue
		}
		passes := 0
		for _, e := range rec.Events {
			if e.Pass {
				passes++
			}
		}
		if err != nil || skip != c.skip || !skip && (rec.X != c.x || rec.O != c.o || len(rec.Events) != c.events || passes != c.passes) {
			t.Errorf("%s: %+v skip %v err %v", c.line, rec, skip, err)
		}
	}
}

// TestReadRecordsBinary: a NUL byte ends the input with an error naming its line, after
// the records before it; a byte order mark at the start is skipped.
func TestReadRecordsBinary(t *testing.T) {
	var bad []error
	recs, err := ReadRecords(strings.NewReader("\ufeff44 40 04\n40 04\x00 44\n80 04\n"), "g.txt", func(e error) { bad = append(bad, e) })
	if len(recs) != 1 || len(bad) != 0 || err == nil || err.Error() != "g.txt:2: binary data, not game records: NUL byte at offset 17" {
		t.Errorf("%d records, bad %v, error %v", len(recs), bad, err)
	}
}
