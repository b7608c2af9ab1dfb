package gobancmd

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/goban"
)

// listedBuf is the size of the buffer the reader of listed files reads a file into
// with one call.
const listedBuf = 64 << 10

// walkFiles lists the regular files under dir, hidden names skipped, in sorted order.
func walkFiles(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != dir && d.Name()[0] == '.' {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(files)
	return files
}

// TestScoreDirMatchesFiles scores a directory whose files take every way through the
// reader of listed files (small boards, an empty file, a file of exactly the read
// buffer's size, files that fill a batch's buffer, a large board, gzip, SGF, binary and malformed files, a nested
// directory) and checks that stdout, stderr and the exit status are those of naming
// the same files one by one, which reads them through open, fstat and read.
func TestScoreDirMatchesFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i, c := range goban.SpecCases {
		write("spec-"+strconv.Itoa(i)+".txt", []byte(c.Input))
	}
	write("empty.txt", nil)
	write("exact.txt", append([]byte("X"), bytes.Repeat([]byte{' '}, listedBuf-1)...))
	write("exact-plus-1.txt", append([]byte("O"), bytes.Repeat([]byte{' '}, listedBuf)...))
	for i := range 6 { // a batch's buffer runs out of room: the last are read one by one
		write("room-"+strconv.Itoa(i)+".txt", append([]byte("XO"[i%2:i%2+1]), bytes.Repeat([]byte{'\n'}, 60000)...))
	}
	write("big.txt", []byte(goban.RandomBoard(200, 3).String()))
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(goban.RandomBoard(9, 4).String()))
	zw.Close()
	write("board.txt.gz", gz.Bytes())
	write("game.sgf", []byte("(;FF[4]GM[1]SZ[9]KM[6.5]RE[B+R];B[ee];W[cc];B[gg])"))
	write("nul.txt", []byte("X O\x00-"))
	write("bad.txt", []byte("X O - X O"))
	write("sub/a.txt", []byte("X"))
	write("sub/deeper/b.txt", []byte("O O O O"))
	write("sub-c.txt", []byte("- - - -"))

	files := walkFiles(t, dir)
	for _, flags := range [][]string{nil, {"--json"}, {"--map"}, {"-j", "1"}} {
		dOut, dErr, dCode := run(t, "", append(append([]string{"score"}, flags...), dir)...)
		fOut, fErr, fCode := run(t, "", append(append([]string{"score"}, flags...), files...)...)
		if dOut != fOut || dErr != fErr || dCode != fCode {
			t.Errorf("%q: directory gives %d\n%s%s\nthe files one by one give %d\n%s%s", flags, dCode, dOut, dErr, fCode, fOut, fErr)
		}
		if dCode != cli.ExitFail || strings.Count(dErr, "\n") != 2 {
			t.Errorf("%q: want 2 errors (nul.txt, bad.txt) and exit 1, got %d:\n%s", flags, dCode, dErr)
		}
	}
}
