package gobancmd

import (
	"bytes"
	"compress/gzip"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/goban"
)

// TestSortPaths compares sortPaths with a plain sort on paths whose differences lie
// before, inside and after the 8 bytes its radix sort looks at, and checks that each
// sorted path is followed by a NUL byte in memory.
func TestSortPaths(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := "ab/.-0123456789\xff"
	word := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		return string(b)
	}
	cases := [][]string{
		{},
		{"one"},
		{"", "a", ""},
		{"b", "a"},
		{"d/x", "d/x.txt", "d/x.txt.gz", "d/", "d/x.tx", "d-x", "d/x\xff"},
		{"p/same-first-8-bytes-1", "p/same-first-8-bytes-0", "p/same-first-8-bytes", "p/same-first-8-bytez"},
	}
	for _, n := range []int{10, 1000, 20000} {
		var ps []string
		prefix := word(r.IntN(12))
		for range n {
			ps = append(ps, prefix+word(r.IntN(4))+word(r.IntN(14)))
		}
		cases = append(cases, ps)
	}
	var gen []string
	for i := range 3000 { // as goban gen names them
		gen = append(gen, filepath.Join("dir", "random-19-"+strconv.Itoa(i+1)+".txt"))
	}
	cases = append(cases, gen)
	for _, c := range cases {
		var l pathList
		for _, p := range c {
			l.add([]byte(p))
		}
		sorted := sortPaths(&l)
		got := sorted.strings()
		want := slices.Sorted(slices.Values(c))
		if !slices.Equal(got, want) {
			t.Fatalf("sortPaths(%d paths) differs from sort: %q..., want %q...", len(c), got[:min(5, len(got))], want[:min(5, len(want))])
		}
		for i := range sorted.len() {
			p := sorted.path(i)
			if p != want[i] || *(*byte)(unsafe.Add(unsafe.Pointer(unsafe.StringData(p)), len(p))) != 0 {
				t.Fatalf("path %d: %q is not %q followed by a NUL byte", i, p, want[i])
			}
		}
	}
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

	list, ok := walkPlain(dir)
	if !ok {
		t.Fatal("not a plain tree")
	}
	files := list.strings()
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
