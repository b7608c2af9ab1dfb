package bulk

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/wythoff"
	"github.com/boardlab/boardlab/internal/machine"
	"github.com/boardlab/boardlab/shard"
)

// benchLines makes n random positions "A B", one per line, a quarter of them cold.
func benchLines(n int) []byte { return benchLinesCold(n, 4) }

// benchLinesCold makes n random positions "A B", one per line, with piles of every
// magnitude below 2^64; every coldEvery-th is cold (none when 0, like the positions
// of bench/'s end-to-end job).
func benchLinesCold(n, coldEvery int) []byte {
	r := rand.New(rand.NewPCG(11, 12))
	var b []byte
	for i := 0; i < n; i++ {
		x, y := r.Uint64()>>r.IntN(64), r.Uint64()>>r.IntN(64)
		if coldEvery > 0 && i%coldEvery == 0 {
			k := x >> 2
			x, _ = wythoff.Lower(k)
			y, _ = wythoff.Upper(k)
		}
		b = strconv.AppendUint(b, x, 10)
		b = append(b, ' ')
		b = strconv.AppendUint(b, y, 10)
		b = append(b, '\n')
	}
	return b
}

// BenchmarkMoveBatch is the in-process rate of "wythoff move --jobs 1" on 1 M lines:
// the same block reader, fast loop, engine and formatting as the command, on one
// worker, without the process and pipes. Compare with the end-to-end rate in bench/.
func BenchmarkMoveBatch(b *testing.B) {
	benchMove(b, func(m *mover, in io.Reader) (Stats, error) {
		return m.batchParallel(context.Background(), in, io.Discard, DefaultMaxLine, Options{Workers: 1})
	})
}

// BenchmarkMovePlain is BenchmarkMoveBatch on the plain line-by-line path (the one a
// terminal gets, and the tests' reference).
func BenchmarkMovePlain(b *testing.B) {
	benchMove(b, func(m *mover, in io.Reader) (Stats, error) {
		return m.batch(context.Background(), in, io.Discard, DefaultMaxLine, Options{})
	})
}

func benchMove(b *testing.B, batch func(*mover, io.Reader) (Stats, error)) {
	in := benchLines(1 << 20)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	c0, _ := machine.ProcessCPU()
	for b.Loop() {
		m := mover{}
		if st, err := batch(&m, bytes.NewReader(in)); st.Failed != 0 || err != nil {
			b.Fatal(st, err)
		}
	}
	c1, _ := machine.ProcessCPU()
	b.ReportMetric(float64(1<<20)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
	b.ReportMetric(float64(1<<20)*float64(b.N)/(c1-c0).Seconds(), "lines/cpu-s")
}

// BenchmarkMoveEngine is the engine alone on the same positions (already parsed, no
// output): the rate the end-to-end target compares "wythoff move" with.
func BenchmarkMoveEngine(b *testing.B) {
	in := benchLines(1 << 20)
	var ps []wythoff.Position
	for _, l := range bytes.Split(bytes.TrimSuffix(in, []byte("\n")), []byte("\n")) {
		x, y, _, _ := fastLine(l)
		ps = append(ps, wythoff.Position{X: x, Y: y})
	}
	c0, _ := machine.ProcessCPU()
	var sink uint64
	for b.Loop() {
		for _, p := range ps {
			m, _ := wythoff.Move(p.X, p.Y, false)
			sink += m.X
		}
	}
	c1, _ := machine.ProcessCPU()
	_ = sink
	b.ReportMetric(float64(len(ps))*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
	b.ReportMetric(float64(len(ps))*float64(b.N)/(c1-c0).Seconds(), "lines/cpu-s")
}

// FuzzFastLine: whenever the one-pass parser accepts a line, the general parser reads
// the same two piles from it.
func FuzzFastLine(f *testing.F) {
	for _, s := range []string{"13 9", "0 0", "1234567890123456789 9", "12345678901234567890 1", "1  2", "1 2 ", "(1,2)", "1 x", " 1 2", "1 2\r", "-1 2", "1 +2", "007 3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		// with room after the line (digits there must not count) and without
		roomy := append([]byte(s), "1234567890123456789012345"...)[:len(s)]
		a, b, _, ok := fastLine(roomy)
		a2, b2, _, ok2 := fastLineScalar([]byte(s))
		if ok != ok2 || ok && (a != a2 || b != b2) {
			t.Fatalf("%q: SWAR (%d, %d, %v), scalar (%d, %d, %v)", s, a, b, ok, a2, b2, ok2)
		}
		if !ok {
			return
		}
		var p, q pile
		text := bytes.TrimSpace([]byte(s))
		if err := parseLine(text, &p, &q); err != nil || p.big != nil || q.big != nil || p.small != a || q.small != b {
			t.Fatalf("%q: fast (%d, %d), general (%d, %d) %v", s, a, b, p.small, q.small, err)
		}
	})
}

// TestMoveParallelSameAsSequential: with several workers the output and the
// diagnostics are byte for byte those of one worker, in every mode, with bad and
// too-long lines among the good ones.
func TestMoveParallelSameAsSequential(t *testing.T) {
	var in strings.Builder
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 40000; i++ {
		switch i % 1009 {
		case 7:
			in.WriteString("bad\n")
		case 99:
			in.WriteString(strings.Repeat("1", 300) + " 2\n") // beyond --max-line 200
		case 500:
			in.WriteString("(123456789012345678901234567890, 5)\n")
		case 501:
			in.WriteString("# comment\n\n")
		default:
			fmt.Fprintf(&in, "%d %d\n", r.Uint64()>>r.IntN(64), r.Uint64()>>r.IntN(64))
		}
	}
	in.WriteString("13 9") // no newline at the end
	for _, mode := range [][]string{{}, {"--all"}, {"--json"}, {"--misere", "--all", "--json"}, {"--shard", "2/3"}} {
		args := append([]string{"move", "--max-line", "200"}, mode...)
		want, wantErr, wantCode := runPlain(t, in.String(), append(args, "--jobs", "1")...)
		for _, j := range []string{"1", "2", "3", "8"} {
			got, gotErr, code := run(t, in.String(), append(args, "--jobs", j)...)
			if got != want || gotErr != wantErr || code != wantCode {
				t.Fatalf("%v --jobs %s: differs from --jobs 1 (code %d vs %d, %d vs %d bytes, stderr %d vs %d bytes)",
					mode, j, code, wantCode, len(got), len(want), len(gotErr), len(wantErr))
			}
		}
		if wantCode != 1 || len(mode) == 0 && !strings.Contains(wantErr, "stdin:100: line of 302 bytes") {
			t.Fatalf("%v: code %d, stderr %.300s", mode, wantCode, wantErr)
		}
	}
}

// TestMoveParallelEdges: the block reader of the parallel path against the line
// reader of the sequential one on edge inputs: lines across block boundaries, lines
// longer than a block but within --max-line, lines of exactly --max-line bytes, longer
// ones, a last line without a newline, CRLF, empty input.
func TestMoveParallelEdges(t *testing.T) {
	long200k := strings.Repeat("x", 200<<10)
	fill := strings.Repeat("3 5\n", (blockBytes-3)/4)                  // ends 3 bytes short of a block
	exact := strings.Repeat("1", 150) + " " + strings.Repeat("2", 149) // 300 bytes
	inputs := map[string]string{
		"empty":           "",
		"newline":         "\n",
		"no newline":      "13 9",
		"crlf":            "13 9\r\n1 2\r\n",
		"across blocks":   fill + "13 9\n25 30\n",
		"long in block":   "1 2\n" + long200k + "\n13 9\n",
		"long at end":     "1 2\n" + long200k,
		"too long":        "1 2\n" + strings.Repeat("7", 3<<20) + "\n13 9\n",
		"too long at end": fill + strings.Repeat("7", 3<<20),
		"exact max":       exact + "\n" + exact + "1\n2 2\n",
	}
	for name, in := range inputs {
		for _, maxLine := range []string{"300", "1048576"} {
			args := []string{"move", "--max-line", maxLine}
			want, wantErr, wantCode := runPlain(t, in, append(args, "--jobs", "1")...)
			for _, j := range []string{"1", "3"} {
				got, gotErr, code := run(t, in, append(args, "--jobs", j)...)
				if got != want || gotErr != wantErr || code != wantCode {
					t.Errorf("%s, --max-line %s, --jobs %s: block path differs: code %d vs %d\nout %.200q\nvs  %.200q\nerr %.300q\nvs  %.300q", name, maxLine, j, code, wantCode, got, want, gotErr, wantErr)
				}
			}
		}
	}
}

// FuzzMoveParallel: on any input, with tiny blocks and a small --max-line, the block
// path (one worker or three, with and without its fast loop) prints exactly what the
// plain line-by-line path prints, and the plain one answers exactly the lines a plain
// split finds.
func FuzzMoveParallel(f *testing.F) {
	f.Add("13 9\n1 2\nx\n\n#c\n(3,5)\n", uint8(70))
	f.Add(strings.Repeat("9", 100)+"\n2 2", uint8(64))
	f.Add("1 2\r\n3 5", uint8(200))
	f.Add("007 3\n13 9\n18446744073709551615 1\n18446744073709551616 1\n0 0\n1 2\n", uint8(0))
	saved := blockBytes
	defer func() { blockBytes = saved }()
	f.Fuzz(func(t *testing.T, in string, max uint8) {
		blockBytes = 37
		maxLine := fmt.Sprint(64 + int(max))
		// one move per line takes the fast path for "A B" lines, --all the plain one
		for _, mode := range []string{"--all", "--misere"} {
			plain, plainErr, plainCode := runPlain(t, in, "move", mode, "--max-line", maxLine, "--jobs", "1")
			for _, j := range []string{"1", "3"} {
				got, gotErr, code := run(t, in, "move", mode, "--max-line", maxLine, "--jobs", j)
				if got != plain || gotErr != plainErr || code != plainCode {
					t.Fatalf("%s --jobs %s differs from the plain path:\n%q %q %d\n%q %q %d", mode, j, got, gotErr, code, plain, plainErr, plainCode)
				}
			}
		}
		want, wantErr, _ := runPlain(t, in, "move", "--all", "--max-line", maxLine, "--jobs", "1")
		// every line is answered, reported or skipped, in order, up to the line of a
		// NUL byte, where the input stops with one message (a leading BOM is dropped)
		answered := strings.Count(want, "\n")
		bad := strings.Count(wantErr, "\n")
		text, stopped := strings.TrimPrefix(in, "\ufeff"), 0
		if i := strings.IndexByte(text, 0); i >= 0 {
			text, stopped = text[:strings.LastIndexByte(text[:i], '\n')+1], 1
		}
		lines := strings.Split(text, "\n")
		if len(lines) > 0 && lines[len(lines)-1] == "" {
			lines = lines[:len(lines)-1]
		}
		skipped := 0
		for _, l := range lines {
			if tl := strings.TrimSpace(l); len(l) <= 64+int(max) && (tl == "" || tl[0] == '#') {
				skipped++
			}
		}
		if answered+bad+skipped != len(lines)+stopped {
			t.Fatalf("%d lines: %d answered, %d bad, %d skipped", len(lines), answered, bad, skipped)
		}
	})
}

// BenchmarkMoveFastLines is the fast path's loop alone (parse, engine, format) on the
// lines of BenchmarkMoveBatch held in memory: no reading, no writing, one goroutine.
func BenchmarkMoveFastLines(b *testing.B) {
	in := benchLines(1 << 20)
	in = append(in, make([]byte, fastSlack)...)[:len(in)]
	out := make([]byte, 0, 2*len(in))
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	c0, _ := machine.ProcessCPU()
	m := mover{}
	for b.Loop() {
		o, used, lines := m.fastLines(out[:0], in)
		if lines != 1<<20 || used != len(in) {
			b.Fatalf("%d lines, %d of %d bytes", lines, used, len(in))
		}
		out = o
	}
	c1, _ := machine.ProcessCPU()
	b.ReportMetric(float64(1<<20)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
	b.ReportMetric(float64(1<<20)*float64(b.N)/(c1-c0).Seconds(), "lines/cpu-s")
}

// runPlain is run with the plain line-by-line path (batch) instead of the block path.
func runPlain(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	plainPath = true
	defer func() { plainPath = false }()
	return run(t, stdin, args...)
}

// fuzzLineSeeds are the seed inputs of the fast paths' fuzz targets: every pile
// length's edges, leading zeros, values at and past 2^64, and lines of other forms.
var fuzzLineSeeds = []string{"13 9\n1 2\n", "0 0\n007 3\n3 007\n", "18446744073709551615 18446744073709551614\n",
	"18446744073709551616 1\n", "99999999999999999999 1\n", "1 2\r\n", "(3,5)\n", "1  2\n", "12345678901234567 123\n",
	"00000000000000000000 00000000000000000001\n", "123456789012345678901 1\n"}

// fuzzBlock is s, ended by a newline if it is not, as a block with room bytes of
// capacity after it, filled with digits that must not count as part of any line.
func fuzzBlock(s string, room uint8) []byte {
	if !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	data := append([]byte(s), make([]byte, int(room))...)[:len(s)]
	for i := len(s); i < cap(data); i++ {
		data[:cap(data)][i] = '7'
	}
	return data
}

// FuzzFastLines: on blocks of any lines (each ending in '\n', with or without room
// after them), the fast loop answers a prefix of the lines exactly as the plain
// mover.line does, and stops only before a line the plain path would not answer
// the same way (or near the end of the block's room).
func FuzzFastLines(f *testing.F) {
	for _, s := range fuzzLineSeeds {
		f.Add(s, false, uint8(0))
		f.Add(s, true, uint8(70))
	}
	f.Fuzz(func(t *testing.T, s string, misere bool, room uint8) {
		data := fuzzBlock(s, room)
		s = string(data) // ended by a newline
		m := mover{misere: misere}
		out, used, lines := m.fastLines(nil, data)
		if used > len(s) || used > 0 && s[used-1] != '\n' || strings.Count(s[:used], "\n") != lines {
			t.Fatalf("%q: used %d bytes, %d lines", s, used, lines)
		}
		var want []byte
		var a, b pile
		for i, l := range strings.SplitAfter(s[:used], "\n")[:lines] {
			var msg error
			if want, msg = m.line(want, []byte(strings.TrimSuffix(l, "\n")), int64(i), shard.Shard{}, &a, &b); msg != nil {
				t.Fatalf("%q: fast path answered line %q that the plain path rejects: %s", s, l, msg)
			}
		}
		if string(out) != string(want) {
			t.Fatalf("%q: fast %q, plain %q", s, out, want)
		}
		// where it stopped, the line is not of the fast form, or room ran out
		if used < len(s) && used+fastSlack <= cap(data) {
			l := s[used : used+strings.IndexByte(s[used:], '\n')]
			x, y, ok := "", "", false
			if sp := strings.IndexByte(l, ' '); sp >= 0 {
				x, y = l[:sp], l[sp+1:]
				vx, e1 := strconv.ParseUint(x, 10, 64)
				vy, e2 := strconv.ParseUint(y, 10, 64)
				ok = e1 == nil && e2 == nil && x != "" && y != "" && len(x) <= 20 && len(y) <= 20 &&
					strings.Trim(x, "0123456789") == "" && strings.Trim(y, "0123456789") == ""
				// misère's (0,0) is left to the plain path
				ok = ok && !(misere && vx == 0 && vy == 0)
			}
			if ok {
				t.Fatalf("%q: stopped before the fast line %q", s, l)
			}
		}
	})
}
