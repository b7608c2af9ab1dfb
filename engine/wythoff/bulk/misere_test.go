package bulk

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/boardlab/boardlab/fileio/textin"
	"github.com/boardlab/boardlab/internal/wythoffref"
)

// TestMisereAgainstBruteForce: in misère play, every position with piles below 40,
// answered on every path (plain, Go fast loop, AVX-512 passes, several workers), is
// "lose" exactly where the rules' brute force finds it cold, "win" at (0,0) where the
// game is over and the opponent took the last counter, and otherwise a move to a
// position the brute force finds cold; --all gives every such move. Normal play is
// checked alike.
func TestMisereAgainstBruteForce(t *testing.T) {
	const n = 40
	defer func() { noAsm, plainPath = false, false }()
	for _, misere := range []bool{true, false} {
		cold := wythoffref.Cold(n, misere)
		var in strings.Builder
		var want, wantAll []string
		for x := 0; x < n; x++ {
			for y := 0; y < n; y++ {
				fmt.Fprintf(&in, "%d %d\n", x, y)
				var moves []string
				for i := 0; i < x; i++ {
					if cold[i*n+y] {
						moves = append(moves, fmt.Sprintf("%d %d", i, y))
					}
				}
				for j := 0; j < y; j++ {
					if cold[x*n+j] {
						moves = append(moves, fmt.Sprintf("%d %d", x, j))
					}
				}
				for d := min(x, y); d >= 1; d-- {
					if cold[(x-d)*n+y-d] {
						moves = append(moves, fmt.Sprintf("%d %d", x-d, y-d))
					}
				}
				switch {
				case cold[x*n+y]:
					want, wantAll = append(want, "lose"), append(wantAll, "lose")
				case len(moves) == 0: // no move left, and not cold: won already
					want, wantAll = append(want, "win"), append(wantAll, "win")
				default:
					want = append(want, strings.Join(moves, "|"))
					wantAll = append(wantAll, strings.Join(moves, "; "))
				}
			}
		}
		mode := "--misere=" + fmt.Sprint(misere)
		for _, path := range []string{"plain", "fast", "asm", "jobs3"} {
			plainPath, noAsm = path == "plain", path == "fast"
			args := []string{"move", mode, "--jobs", map[bool]string{true: "3", false: "1"}[path == "jobs3"]}
			out, errOut, code := run(t, in.String(), args...)
			got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if code != 0 || errOut != "" || len(got) != n*n {
				t.Fatalf("%s %s: code %d, %d lines, stderr %q", mode, path, code, len(got), errOut)
			}
			for i, g := range got {
				// one move: any of the winning ones (the engine picks the first)
				if !strings.Contains("|"+want[i]+"|", "|"+g+"|") || strings.Contains(g, "|") {
					t.Fatalf("%s %s: (%d,%d) answered %q, brute force %q", mode, path, i/n, i%n, g, want[i])
				}
			}
			// every winning move, as a set (the order is the engine's)
			out, _, _ = run(t, in.String(), append(args, "--all")...)
			for i, g := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
				if !sameSet(strings.Split(g, "; "), strings.Split(wantAll[i], "; ")) {
					t.Fatalf("%s %s --all: (%d,%d) answered %q, brute force %q", mode, path, i/n, i%n, g, wantAll[i])
				}
			}
		}
	}
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	seen := map[string]int{}
	for _, s := range a {
		seen[s]++
	}
	for _, s := range b {
		seen[s]--
	}
	for _, v := range seen {
		if v != 0 {
			return false
		}
	}
	return true
}

// TestTextReader: a byte order mark is dropped only at the start, even when it comes a
// byte at a time; a NUL byte ends the input after the bytes before it, with its offset.
func TestTextReader(t *testing.T) {
	for _, c := range []struct{ in, out, err string }{
		{"\ufeff1 2\n", "1 2\n", ""},
		{"\ufeff", "", ""},
		{"\xef\xbb", "\xef\xbb", ""},
		{"\xef\xbbx", "\xef\xbbx", ""},
		{"1 2\n\ufeff", "1 2\n\ufeff", ""},
		{"\x00", "", "NUL byte at offset 0"},
		{"\ufeff1 2\x00\n", "1 2", "NUL byte at offset 6"},
		{"1 2\n3 5\x00", "1 2\n3 5", "NUL byte at offset 7"},
	} {
		for _, oneByte := range []bool{false, true} {
			var r io.Reader = strings.NewReader(c.in)
			if oneByte {
				r = iotest.OneByteReader(r)
			}
			got, err := io.ReadAll(textin.NewReader(r, "positions"))
			if string(got) != c.out || (err == nil) != (c.err == "") || err != nil && !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q (one byte a read %v): %q %v, want %q %q", c.in, oneByte, got, err, c.out, c.err)
			}
		}
	}
}

// TestHostilePaths: a NUL byte and a byte order mark are handled alike by the plain
// path and the block path, whatever the block size.
func TestHostilePaths(t *testing.T) {
	saved := blockBytes
	defer func() { blockBytes, plainPath = saved, false }()
	for _, in := range []string{"13 9\n1 2\x00\n5 3\n", "\x00", "\ufeff13 9\n", "x\n13 9\n\x00", "\ufeff\x00", "13 9\n" + strings.Repeat("7", 300) + "\x00\n"} {
		for _, bb := range []int{1, 7, 128 << 10} {
			blockBytes = bb
			plainPath = true
			want, wantErr, wantCode := run(t, in, "move", "--max-line", "100")
			plainPath = false
			for _, j := range []string{"1", "3"} {
				got, gotErr, code := run(t, in, "move", "--max-line", "100", "--jobs", j)
				if got != want || gotErr != wantErr || code != wantCode {
					t.Errorf("%q block %d --jobs %s: %q %q %d, plain path %q %q %d", in, bb, j, got, gotErr, code, want, wantErr, wantCode)
				}
			}
		}
	}
	var b bytes.Buffer
	if _, err := (Answerer{MaxLine: 10}).Answer(t.Context(), strings.NewReader("1 2\n"), &b); err == nil {
		t.Fatal("MaxLine 10 accepted")
	}
}

// TestCheckMemory: blocks beyond the memory are refused before anything is read, the
// sizes' product included when it overflows.
func TestCheckMemory(t *testing.T) {
	for _, a := range []Answerer{{Options: Options{Workers: 1 << 40}}, {MaxLine: 1 << 60}, {Options: Options{Workers: 100000}}} {
		if _, err := a.Answer(t.Context(), strings.NewReader("13 9\n"), io.Discard); err == nil || !strings.Contains(err.Error(), "more than half the memory") && !strings.Contains(err.Error(), "needs") {
			t.Errorf("%+v: %v", a, err)
		}
	}
	if err := (Answerer{Options: Options{Workers: 2}}).CheckMemory(); err != nil {
		t.Fatal(err)
	}
}
