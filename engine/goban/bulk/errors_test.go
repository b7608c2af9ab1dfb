package bulk_test

import (
	"context"
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/engine/goban/bulk"
)

// The library reports typed errors and names no flag: a board over MaxSize is a
// *goban.SizeError, a second picture for one output file is ErrManyPictures.
func TestErrorsNameNoFlag(t *testing.T) {
	var got []error
	report := func(name string, err error) { got = append(got, err) }
	err := bulk.ScoreLines(context.Background(), nil, strings.NewReader("XO-X\n"+strings.Repeat("X", 10)+"\n"), io.Discard,
		bulk.Options{MaxSize: 2, Report: report})
	if err != nil {
		t.Fatal(err)
	}
	var se *goban.SizeError
	if len(got) != 1 || !errors.As(got[0], &se) || strings.Contains(got[0].Error(), "--") {
		t.Errorf("ScoreLines with MaxSize 2 reported %v, want one *goban.SizeError naming no flag", got)
	}

	got = nil
	const game = "(;GM[1]FF[4]SZ[5];B[cc])"
	err = bulk.Draw(context.Background(), []string{"-"}, strings.NewReader("(;GM[1]FF[4]SZ[5];B[cc])"+game), io.Discard,
		bulk.DrawOptions{Out: filepath.Join(t.TempDir(), "one.svg"), Report: report})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || !errors.Is(got[0], bulk.ErrManyPictures) || strings.Contains(got[0].Error(), "--") {
		t.Errorf("Draw of two games to one file reported %v, want ErrManyPictures naming no flag", got)
	}
}
