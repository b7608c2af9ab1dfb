package bulk_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/goban/bulk"
	"github.com/boardlab/boardlab/fileio"
)

// TestScoreTypedMatchesText: Score's Results, rendered with AppendText or AppendJSON,
// are WriteScores's output byte for byte, with the reports in the same places and the
// same counts, for text boards, zip members, a collection with a bad game, a missing
// file, komi, the map and the rules.
func TestScoreTypedMatchesText(t *testing.T) {
	game := "(;GM[1]SZ[9]KM[0.5]RU[Japanese]RE[B+9.5]AB[ea:ei]AW[fa:fi][be];B[];W[])\n"
	coll := game + "(;GM[1]SZ[9];B[zz])\n" + strings.Replace(game, "RE[B+9.5]", "RE[W+R]", 1)
	for _, in := range [][]fileio.Input{
		paths("testdata/games", "-", "nosuch", "testdata/games/2.txt"),
		paths("testdata/games/2.txt"),
		paths("-"),
	} {
		for _, o := range []bulk.Options{
			{}, {JSON: true}, {Map: true}, {Map: true, JSON: true}, {Komi: 6.5, KomiSet: true}, {Komi: 6.5, KomiSet: true, JSON: true},
			{Rules: "territory", Map: true}, {Rules: "area", JSON: true, Map: true}, {Workers: 1, Rules: "record", JSON: true},
		} {
			var text bytes.Buffer
			o.OnError = func(err error) error { fmt.Fprintf(&text, "report %v\n", err); return nil }
			wst, werr := bulk.WriteScores(context.Background(), in, strings.NewReader(coll), &text, o)
			var typed []byte
			o.OnError = func(err error) error { typed = fmt.Appendf(typed, "report %v\n", err); return nil }
			st, err := bulk.Score(context.Background(), in, strings.NewReader(coll), o, func(r bulk.Result) error {
				if o.JSON {
					typed = bulk.AppendJSON(typed, r)
				} else {
					typed = bulk.AppendText(typed, r)
				}
				return nil
			})
			if err != nil || werr != nil {
				t.Fatalf("%v with %+v: errors %v, %v", in, o, err, werr)
			}
			if !bytes.Equal(typed, text.Bytes()) {
				t.Errorf("%v with %+v: typed results rendered\n%s\nwant\n%s", in, o, typed, text.Bytes())
			}
			if !reflect.DeepEqual(st, wst) {
				t.Errorf("%v with %+v: stats %+v, want %+v", in, o, st, wst)
			}
		}
	}
}

// The Results are values: they stay as they were after the job, and an error yield
// returns stops the job, which returns it.
func TestScoreTypedValues(t *testing.T) {
	var got []bulk.Result
	_, err := bulk.Score(context.Background(), paths("testdata/games"), nil, bulk.Options{Map: true, Workers: 1}, func(r bulk.Result) error {
		got = append(got, r)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var text bytes.Buffer
	if _, err := bulk.WriteScores(context.Background(), paths("testdata/games"), nil, &text, bulk.Options{Map: true, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	var typed []byte
	for _, r := range got {
		typed = bulk.AppendText(typed, r)
	}
	if !bytes.Equal(typed, text.Bytes()) {
		t.Errorf("results kept to the end render as\n%s\nwant\n%s", typed, text.Bytes())
	}
	if len(got) != 4 || !got[0].SGF || got[0].Game != 1 || got[0].Name != "testdata/games/1.sgf" || got[1].SGF || got[1].Lead != 2 || got[1].Board.String() != "B+2" {
		t.Errorf("results %+v", got)
	}

	stop := errors.New("stop")
	n := 0
	_, err = bulk.Score(context.Background(), paths("testdata/games"), nil, bulk.Options{}, func(r bulk.Result) error {
		n++
		return stop
	})
	if !errors.Is(err, stop) || n != 1 {
		t.Errorf("Score returned %v after %d results, want stop after 1", err, n)
	}
}
