package bulk_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/engine/goban/bulk"
	"github.com/boardlab/boardlab/fileio"
)

// The library reports typed errors and names no flag: a board over MaxSize is a
// *goban.SizeError, a second picture for one output file is ErrManyPictures.
func TestErrorsNameNoFlag(t *testing.T) {
	var got []error
	report := func(err error) error { got = append(got, err); return nil }
	_, err := bulk.WriteLines(context.Background(), paths("-"), strings.NewReader("XO-X\n"+strings.Repeat("X", 10)+"\n"), io.Discard,
		bulk.Options{MaxSize: 2, OnError: report})
	if err != nil {
		t.Fatal(err)
	}
	var se *goban.SizeError
	if len(got) != 1 || !errors.As(got[0], &se) || strings.Contains(got[0].Error(), "--") {
		t.Errorf("ScoreLines with MaxSize 2 reported %v, want one *goban.SizeError naming no flag", got)
	}

	got = nil
	const game = "(;GM[1]FF[4]SZ[5];B[cc])"
	err = bulk.Draw(context.Background(), paths("-"), strings.NewReader("(;GM[1]FF[4]SZ[5];B[cc])"+game), io.Discard,
		bulk.DrawOptions{Out: filepath.Join(t.TempDir(), "one.svg"), OnError: report})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || !errors.Is(got[0], bulk.ErrManyPictures) || strings.Contains(got[0].Error(), "--") {
		t.Errorf("Draw of two games to one file reported %v, want ErrManyPictures naming no flag", got)
	}
}

// An error OnError returns stops the job, which returns it: the error is an
// *InputError naming the input (and line), and nothing after it is reported.
func TestOnErrorStops(t *testing.T) {
	stop := errors.New("stop")
	var got []error
	onError := func(err error) error { got = append(got, err); return stop }
	check := func(job string, err error, name string, line int64) {
		t.Helper()
		var ie *bulk.InputError
		if !errors.Is(err, stop) || len(got) != 1 || !errors.As(got[0], &ie) || ie.Name != name || ie.Line != line {
			t.Errorf("%s: returned %v after reports %v, want stop after one *InputError for %s line %d", job, err, got, name, line)
		}
		got = nil
	}
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.txt")
	var out strings.Builder
	_, err := bulk.WriteScores(context.Background(), paths(missing, missing, "testdata/games"), nil, &out, bulk.Options{Workers: 1, OnError: onError})
	check("Score", err, missing, 0)
	if out.Len() != 0 {
		t.Errorf("Score wrote %q after the error that stopped it", out.String())
	}
	_, err = bulk.WriteLines(context.Background(), paths("-"), strings.NewReader("XO-X\nXX\nXX\n----\n"), &out, bulk.Options{OnError: onError})
	check("ScoreLines", err, "stdin", 2)
	if out.String() != "B+2\n" {
		t.Errorf("ScoreLines wrote %q, want the line before the error only", out.String())
	}
	err = bulk.Draw(context.Background(), paths(missing, "testdata/games"), nil, io.Discard, bulk.DrawOptions{Out: dir + "/pics/", OnError: onError})
	check("Draw", err, missing, 0)
	if ents, _ := os.ReadDir(filepath.Join(dir, "pics")); len(ents) != 0 {
		t.Errorf("Draw drew %d pictures after the error that stopped it", len(ents))
	}
}

// Stats carries the counts every bulk package has: inputs read, records scored and
// failures, beside goban's own; Progress sees them grow to the totals.
func TestStatsShared(t *testing.T) {
	var last bulk.Stats
	st, err := bulk.WriteScores(context.Background(), paths("testdata/games", "nosuch"), nil, io.Discard,
		bulk.Options{Workers: 1, Progress: func(s bulk.Stats) { last = s }})
	if err != nil {
		t.Fatal(err)
	}
	if st.Inputs != 5 || st.Records != 4 || st.Failed != 1 || st.Games != 2 || st.Boards != 2 || last.Inputs != 5 || last.Total != 5 {
		t.Errorf("Score: stats %+v, last progress %+v; want 5 inputs, 4 records (2 games, 2 boards), 1 failed", st, last)
	}
	st, err = bulk.WriteLines(context.Background(), paths("-"), strings.NewReader("XO-X\nXX\n\n----\n"), io.Discard,
		bulk.Options{Progress: func(s bulk.Stats) { last = s }})
	if err != nil {
		t.Fatal(err)
	}
	if st.Inputs != 1 || st.Records != 2 || st.Failed != 1 || st.Lines != 4 || last.Lines != 4 {
		t.Errorf("ScoreLines: stats %+v, last progress %+v; want 1 input, 2 records, 1 failed, 4 lines", st, last)
	}
}

// An input whose Err is set (fileio.Expand could not make it one) fails in its place,
// with that error, and the inputs around it are still scored.
func TestInputErrInPlace(t *testing.T) {
	bad := fileio.Input{Path: "gone", Err: errors.New("cannot list it")}
	var out strings.Builder
	onError := func(err error) error { fmt.Fprintf(&out, "report %v\n", err); return nil }
	ins := []fileio.Input{{Path: "testdata/games/2.txt"}, bad, {Path: "testdata/games/1.sgf"}}
	if _, err := bulk.WriteScores(context.Background(), ins, nil, &out, bulk.Options{OnError: onError}); err != nil {
		t.Fatal(err)
	}
	if want := "testdata/games/2.txt\tB+2\nreport gone: cannot list it\ntestdata/games/1.sgf\tW+5.5\n"; out.String() != want {
		t.Errorf("WriteScores wrote\n%s\nwant\n%s", out.String(), want)
	}
	out.Reset()
	if _, err := bulk.WriteLines(context.Background(), ins[:2], nil, &out, bulk.Options{OnError: onError}); err != nil {
		t.Fatal(err)
	}
	if want := "report gone: cannot list it\n"; !strings.HasSuffix(out.String(), want) {
		t.Errorf("WriteLines wrote\n%s\nwant it to end with\n%s", out.String(), want)
	}
}
