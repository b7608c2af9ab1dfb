package goban

import (
	"bytes"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/boardlab/boardlab/fileio/textin"
	"github.com/boardlab/boardlab/internal/asmtest"
)

// TestMain runs the tests a second time with the assembly parser turned off, so that
// the portable parser (the only one on other CPUs) is checked on this machine too.
// Benchmarks and fuzzing run once, with the parser the CPU gets.
func TestMain(m *testing.M) {
	asmEnabled()
	os.Exit(asmtest.RunBoth(m, &useAsm))
}

// withAsm runs f with useAsm set to on (and every input length going through the
// assembly parser when on), restoring both after.
func withAsm(on bool, f func()) {
	asmEnabled()
	old, oldMin := useAsm, asmMin
	useAsm = on
	if on {
		asmMin = 0
	}
	defer func() { useAsm, asmMin = old, oldMin }()
	f()
}

// feedAlphabets are the byte sets random feed inputs are drawn from.
var feedAlphabets = []string{
	"XO-",
	"XO- ",
	"XO- \n",
	"XO-\r\n\t ,.;|xo0123456789",
	"X",
	"-",
	" ",
	"", // any byte
}

func randomText(r *rand.Rand, n int, alphabet string) []byte {
	b := make([]byte, n)
	for i := range b {
		if alphabet == "" {
			b[i] = byte(r.Uint32())
		} else {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
	}
	return b
}

// feedBoth feeds data from state s0 through the assembly and the portable feed and
// fails when the states or the stored words differ.
func feedBoth(t testing.TB, s0 bitStream, data []byte) {
	t.Helper()
	words := s0.k + len(data)/64 + 2
	xa, oa := make([]uint64, words), make([]uint64, words)
	xg, og := make([]uint64, words), make([]uint64, words)
	sa, sg := s0, s0
	withAsm(true, func() { sa.feed(xa, oa, data, true) })
	sg.feedGo(xg, og, data)
	if sa != sg {
		t.Fatalf("%d bytes from %+v: state %+v, want %+v (data %q)", len(data), s0, sa, sg, data)
	}
	for i := 0; i < sg.k; i++ {
		if xa[i] != xg[i] || oa[i] != og[i] {
			t.Fatalf("%d bytes from %+v: word %d = %#x %#x, want %#x %#x", len(data), s0, i, xa[i], oa[i], xg[i], og[i])
		}
	}
}

// randomState is a stream state part way through: off pending bits, k words stored.
func randomState(r *rand.Rand) bitStream {
	off := uint(r.IntN(64))
	m := uint64(1)<<off - 1
	x := r.Uint64() & m
	return bitStream{ax: x, ao: r.Uint64() & m &^ x, off: off, k: r.IntN(3)}
}

func TestFeedAsmMatchesGo(t *testing.T) {
	if !useAsm {
		t.Skip("no assembly parser on this CPU")
	}
	r := rand.New(rand.NewPCG(7, 11))
	for _, alpha := range feedAlphabets {
		for n := 0; n <= 1024; n += 16 {
			for rep := 0; rep < 4; rep++ {
				s := bitStream{}
				if rep > 0 {
					s = randomState(r)
				}
				feedBoth(t, s, randomText(r, n, alpha))
			}
		}
	}
	// Long inputs, and every count of symbols in a 64-byte block from every offset.
	for _, alpha := range feedAlphabets[:4] {
		feedBoth(t, randomState(r), randomText(r, 1<<16, alpha))
	}
	for c := 0; c <= 64; c++ {
		for off := uint(0); off < 64; off++ {
			data := make([]byte, 128)
			for i := range data {
				data[i] = ' '
			}
			for _, i := range r.Perm(64)[:c] {
				data[i] = "XO-"[r.IntN(3)]
			}
			s := randomState(r)
			s.ax &= 1<<off - 1
			s.ao &= 1<<off - 1
			s.off = off
			feedBoth(t, s, data)
		}
	}
}

// parseBoth parses data with the assembly and the portable parser, and by the symbols.
func parseBoth(t testing.TB, data []byte) {
	t.Helper()
	var sym []byte
	for _, c := range data {
		if c == 'X' || c == 'O' || c == '-' {
			sym = append(sym, c)
		}
	}
	var ba, bg Board
	var ea, eg error
	withAsm(true, func() { ea = ba.Parse(data) })
	withAsm(false, func() { eg = bg.Parse(data) })
	if (ea == nil) != (eg == nil) || ea != nil && ea.Error() != eg.Error() {
		t.Fatalf("%d bytes: error %v, portable %v", len(data), ea, eg)
	}
	if ea != nil {
		return
	}
	if !equalBoards(&ba, &bg) {
		t.Fatalf("%d bytes: boards differ:\n%s\nportable\n%s", len(data), ba.String(), bg.String())
	}
	n := ba.N
	if n*n != len(sym) {
		t.Fatalf("%d bytes: size %d for %d symbols", len(data), n, len(sym))
	}
	for i, c := range sym {
		if got := ba.At(i/n, i%n); got != c {
			t.Fatalf("%d bytes: point %d: %c, want %c", len(data), i, got, c)
		}
	}
}

func TestParseAsmMatchesGo(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	var texts [][]byte
	for _, n := range []int{0, 1, 2, 5, 7, 8, 9, 11, 13, 19, 31, 32, 33, 63, 64, 65, 100, 129} {
		b := RandomBoard(n, uint64(n))
		texts = append(texts, b.AppendText(nil), dense(b.AppendText(nil)), noisy(b.AppendText(nil)))
	}
	for _, alpha := range feedAlphabets {
		for n := 0; n < 300; n += 1 + r.IntN(7) {
			texts = append(texts, randomText(r, n, alpha))
		}
	}
	// Every alignment of the input in memory, and every length near a block's end.
	for _, text := range texts {
		buf := make([]byte, len(text)+64)
		for _, align := range []int{0, 1, 7, 15, 16, 31, 32, 63} {
			in := buf[align : align+len(text)]
			copy(in, text)
			parseBoth(t, in)
		}
		for cut := max(0, len(text)-70); cut < len(text); cut++ {
			parseBoth(t, text[:cut])
		}
	}
}

// TestParserAsm streams inputs in random pieces with both parsers.
func TestParserAsm(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 9))
	ins := streamInputs()
	ins = append(ins, RandomBoard(300, 2).AppendText(nil), dense(RandomBoard(97, 1).AppendText(nil)))
	for _, on := range []bool{true, false} {
		withAsm(on, func() {
			var p Parser
			for i, in := range ins {
				var want Board
				werr := want.Parse(in)
				p.Reset()
				feedPieces(t, &p, in, r)
				var got Board
				gerr := p.Board(&got)
				if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
					t.Fatalf("asm %v, input %d: error %v, want %v", on, i, gerr, werr)
				}
				if werr == nil && !equalBoards(&got, &want) {
					t.Fatalf("asm %v, input %d: board differs", on, i)
				}
			}
		})
	}
}

// FuzzFeed compares the assembly feed with the portable one from a state the first
// bytes choose.
func FuzzFeed(f *testing.F) {
	f.Add([]byte("X - O\n- X O\nO O -\n"))
	f.Add(noisy(RandomBoard(9, 1).AppendText(nil)))
	f.Add(RandomBoard(19, 1).AppendText(nil))
	f.Fuzz(func(t *testing.T, data []byte) {
		if !useAsm {
			t.Skip("no assembly parser on this CPU")
		}
		parseBoth(t, data)
		checkParseText(t, data)
		var s bitStream
		if len(data) > 0 {
			s.off = uint(data[0] & 63)
			s.ax = ^uint64(0) >> (64 - s.off) >> 1 & 0x5555555555555555
			s.ao = ^uint64(0) >> (64 - s.off) >> 1 & 0xaaaaaaaaaaaaaaaa
		}
		feedBoth(t, s, data[:len(data)&^15])
	})
}

// parseTextWant is ParseText by its definition: the first NUL byte, else Parse.
func parseTextWant(data []byte) (*Board, error) {
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return nil, &textin.BinaryError{What: TextWhat, Offset: int64(i)}
	}
	return Parse(data)
}

func checkParseText(t testing.TB, data []byte) {
	t.Helper()
	want, werr := parseTextWant(data)
	for _, on := range []bool{true, false} {
		var got Board
		var gerr error
		withAsm(on && useAsm, func() { gerr = got.ParseText(data) })
		if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
			t.Fatalf("asm %v, %d bytes: error %v, want %v", on, len(data), gerr, werr)
		}
		if werr == nil && !equalBoards(&got, want) {
			t.Fatalf("asm %v, %d bytes: board differs", on, len(data))
		}
	}
}

// TestParseText puts a NUL byte at every offset of texts of many lengths.
func TestParseText(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 17))
	for _, n := range []int{0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 200, 722} {
		text := randomText(r, n, "XO- \n")
		checkParseText(t, text)
		for i := range text {
			c := append([]byte(nil), text...)
			c[i] = 0
			checkParseText(t, c)
			if i+1 < n {
				c[n-1] = 0
				checkParseText(t, c)
			}
		}
	}
	for _, alpha := range feedAlphabets {
		for n := 0; n < 300; n += 1 + r.IntN(9) {
			checkParseText(t, randomText(r, n, alpha))
		}
	}
}
