package bulk

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/wythoff"
	"github.com/boardlab/boardlab/internal/machine"
)

// checkAsmLines runs asmLines and fastLines on the block data (with its capacity) and
// fails unless both take the same lines and answer them byte for byte alike.
func checkAsmLines(t testing.TB, data []byte, misere bool) {
	t.Helper()
	m := mover{misere: misere}
	want, wantUsed, wantLines := m.fastLines(nil, data)
	got, used, lines := m.asmLines(nil, data, new(asmScratch))
	if used != wantUsed || lines != wantLines || !bytes.Equal(got, want) {
		t.Fatalf("%q (cap %d, misere %v):\nasm  %d bytes %d lines %q\nfast %d bytes %d lines %q",
			data, cap(data), misere, used, lines, got, wantUsed, wantLines, want)
	}
}

// asmEdgePiles are piles at the edges the passes treat apart: lengths 1, 8, 16, 19, 20
// and 21 digits, 2^64-1 and 2^64, leading zeros.
var asmEdgePiles = []string{"0", "1", "9", "10", "00", "007", "99999999", "100000000", "12345678",
	"9999999999999999", "10000000000000000", "1234567890123456", "9999999999999999999",
	"10000000000000000000", "18446744073709551615", "18446744073709551616", "18446744073709551614",
	"18446744073709551625", "18446744073709551715", "18446744073709552615", "18446744073709651615",
	"18446744074709551615", "18446745073709551615", "18446844073709551615", "18456744073709551615",
	"18546744073709551615", "19446744073709551615", "28446744073709551615", "1844674407370955161",
	"18440000000000000000", "18450000000000000000", "00000000000000000001", "00018446744073709551615",
	"000000000000000000000", "99999999999999999999", "123456789012345678901", "1844", "6744073709551615"}

// randomAsmLine returns a line: mostly "A B" with random piles of every length, else
// an edge pile, a variant the fast path must refuse, or noise.
func randomAsmLine(r *rand.Rand) string {
	pile := func() string {
		switch r.IntN(6) {
		case 0:
			return asmEdgePiles[r.IntN(len(asmEdgePiles))]
		case 1:
			return strings.Repeat("0", r.IntN(4)) + strconv.FormatUint(r.Uint64()>>r.IntN(64), 10)
		default:
			return strconv.FormatUint(r.Uint64()>>r.IntN(64), 10)
		}
	}
	switch r.IntN(20) {
	case 0:
		return pile() + "  " + pile()
	case 1:
		return pile() + " " + pile() + "\r"
	case 2:
		return "(" + pile() + "," + pile() + ")"
	case 3:
		return ""
	case 4:
		return pile() + " " + pile() + " " + pile()
	case 5:
		b := []byte(pile() + " " + pile())
		b[r.IntN(len(b))] = byte(r.IntN(256))
		return strings.ReplaceAll(string(b), "\n", "")
	case 6:
		return " " + pile() + " " + pile()
	case 7:
		return pile() + "\t" + pile()
	default:
		return pile() + " " + pile()
	}
}

// TestAsmLinesMatchesFastLines: on random and edge-case lines, at every alignment of
// the block and with every amount of room after it, the AVX-512 passes take exactly
// the lines fastLines takes and answer them alike; normal and misère play.
func TestAsmLinesMatchesFastLines(t *testing.T) {
	if !haveAsm() {
		t.Skip("no AVX-512 (F, BW, DQ, IFMA, VBMI, VBMI2) on this CPU")
	}
	r := rand.New(rand.NewPCG(3, 4))
	var text []string
	// each edge pair, then random lines
	for _, a := range asmEdgePiles {
		for _, b := range asmEdgePiles {
			text = append(text, a+" "+b)
		}
	}
	for i := 0; i < 3000; i++ {
		text = append(text, randomAsmLine(r))
	}
	// cold positions ("lose"), in both orders, in normal and misère play
	for i := 0; i < 300; i++ {
		k := r.Uint64() >> r.IntN(64) >> 1
		if i < 10 {
			k = uint64(i)
		}
		a, _ := wythoff.Lower(k)
		b, _ := wythoff.Upper(k)
		x, y := strconv.FormatUint(a, 10), strconv.FormatUint(b, 10)
		text = append(text, x+" "+y, y+" "+x)
	}
	// one line at a time, at every alignment and room
	for i, l := range text {
		s := l + "\n"
		for align := 0; align < 3; align++ {
			room := []int{0, 1, 63, 64, 65, 100}[(i+align)%6]
			buf := make([]byte, 64+len(s)+room)
			for k := range buf {
				buf[k] = '5' // digits around the block must not count
			}
			data := buf[align+i%61:]
			copy(data, s)
			data = data[: len(s) : len(s)+room]
			checkAsmLines(t, data, i%3 == 0)
		}
	}
	// long blocks crossing asmBlock boundaries, stopped anywhere by other lines
	for trial := 0; trial < 200; trial++ {
		var b strings.Builder
		n := r.IntN(3 * asmBlock)
		bad := r.IntN(40)
		for i := 0; i < n; i++ {
			if bad > 0 && i%bad == bad-1 {
				b.WriteString(randomAsmLine(r))
			} else {
				b.WriteString(strconv.FormatUint(r.Uint64()>>r.IntN(64), 10) + " " + strconv.FormatUint(r.Uint64()>>r.IntN(64), 10))
			}
			b.WriteByte('\n')
		}
		s := b.String()
		room := []int{0, 10, 64, 200}[trial%4]
		data := append(make([]byte, 0, len(s)+room+trial%7), s...)
		checkAsmLines(t, data, trial%5 == 0)
		// and from every line start of the first few lines on
		for k, off := 0, 0; k < 5 && off < len(s); k++ {
			checkAsmLines(t, data[off:], false)
			off += strings.IndexByte(s[off:], '\n') + 1
		}
	}
}

// FuzzAsmLines: asmLines and fastLines agree on any block (FuzzFastLines checks
// fastLines against the plain path).
func FuzzAsmLines(f *testing.F) {
	if !haveAsm() {
		f.Skip("no AVX-512 (F, BW, DQ, IFMA, VBMI, VBMI2) on this CPU")
	}
	for _, s := range fuzzLineSeeds {
		f.Add(s, false, uint8(0))
		f.Add(s, true, uint8(70))
	}
	f.Fuzz(func(t *testing.T, s string, misere bool, room uint8) {
		checkAsmLines(t, fuzzBlock(s, room), misere)
	})
}

// BenchmarkMoveAsmPhases is BenchmarkMoveFastPhases for the AVX-512 passes: CPU ns per
// line of each pass over bench/'s kind of lines held in memory, and of asmLines whole.
// parse reads the whole input once (from memory), parse-block the lines of one block
// of the command's size again and again (from L2, as the command's blocks are); emit
// writes into a buffer of the size the command's blocks have (reused, so in L2 like
// theirs); all reads the whole input and appends the whole output to one buffer.
func BenchmarkMoveAsmPhases(b *testing.B) {
	if !haveAsm() {
		b.Skip("no AVX-512 (F, BW, DQ, IFMA, VBMI, VBMI2) on this CPU")
	}
	const nl = 1 << 20
	in := benchLinesCold(nl, 0)
	in = append(in, make([]byte, fastSlack)...)[:len(in)]
	sc := new(asmScratch)
	out := make([]byte, 0, 2*len(in)+fastSlack)
	m := mover{}
	phase := func(name string, f func()) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			c0, _ := machine.ProcessCPU()
			for b.Loop() {
				f()
			}
			c1, _ := machine.ProcessCPU()
			b.ReportMetric(float64((c1-c0).Nanoseconds())/float64(b.N*nl), "cpu-ns/line")
		})
	}
	// each pass over the whole input, one asmBlock at a time
	blocks, lines := []int{0}, 0
	for pos, c := range in {
		if c == '\n' {
			if lines++; lines%asmBlock == 0 && pos+1 < len(in) {
				blocks = append(blocks, pos+1)
			}
		}
	}
	phase("parse", func() {
		for _, pos := range blocks {
			parseBlockAVX512(&in[pos], len(in)-pos, &sc.ps[0], asmBlock, &sc.nl[0])
		}
	})
	// the same passes over the lines of one block of the command's size, parsed again
	// and again (in L2 like the command's blocks, which the kernel has just written)
	blockIn := blocks
	for len(blockIn) > 1 && blockIn[len(blockIn)-1] > blockBytes {
		blockIn = blockIn[:len(blockIn)-1]
	}
	blockIn = blockIn[:len(blockIn)-1]
	phase("parse-block", func() {
		for k := 0; k < len(blocks); {
			for _, pos := range blockIn {
				parseBlockAVX512(&in[pos], len(in)-pos, &sc.ps[0], asmBlock, &sc.nl[0])
				k++
			}
		}
	})
	for i := range sc.hot {
		sc.hot[i] = 1
	}
	blockOut := make([]byte, blockBytes+blockBytes/4)
	phase("emit", func() {
		w := 0
		for range blocks {
			if w > len(blockOut)-asmBlock*64 {
				w = 0
			}
			w += emitBlockAVX512(&blockOut[w], &sc.ps[0], &sc.hot[0], asmBlock, &sc.lines[0], &sc.zm[0], &sc.dig[0])
		}
	})
	phase("all", func() {
		if _, used, _ := m.asmLines(out[:0], in, sc); used != len(in) {
			b.Fatalf("used %d of %d bytes", used, len(in))
		}
	})
}

// TestAsmEmit: emitBlockAVX512 writes every pair of values as strconv does, on values
// at the edges of its chunks (powers of ten, multiples of 1e8 and 1e16 plus or minus
// a little, where the double estimate of v/1e8 is one too small), of the doubles (2^53)
// and of uint64, and on random values of every magnitude; cold lines in between; every
// count of lines up to asmBlock.
func TestAsmEmit(t *testing.T) {
	if !haveAsm() {
		t.Skip("no AVX-512 (F, BW, DQ, IFMA, VBMI, VBMI2) on this CPU")
	}
	var vals []uint64
	for p := uint64(1); ; p *= 10 {
		vals = append(vals, p-1, p, p+1, 2*p-1, 9*p, 9*p+p-1)
		if p > ^uint64(0)/10 {
			break
		}
	}
	vals = append(vals, 0, 1<<53-1, 1<<53, 1<<53+1, 1<<63-1, 1<<63, ^uint64(0), ^uint64(0)-1, 18446744000000000000, 18446744073700000000)
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 200000; i++ {
		v := r.Uint64() >> r.IntN(64)
		switch i % 4 {
		case 0: // next to a multiple of 1e8 or 1e16
			m := []uint64{1e8, 1e16}[i/4%2]
			v = v/m*m + uint64(r.IntN(3)) - 1
		case 1:
			v = r.Uint64()
		case 2: // a little above a multiple of 1e8
			v = v/1e8*1e8 + uint64(r.IntN(100000))
		}
		vals = append(vals, v)
	}
	sc := new(asmScratch)
	out := make([]byte, asmBlock*maxFastAnswer+fastSlack)
	for start, k := 0, 0; start+1 < len(vals); k++ {
		n := 0
		var want []byte
		for ; n < 1+k%asmBlock && start+2*n+1 < len(vals); n++ {
			x, y := vals[start+2*n], vals[start+2*n+1]
			sc.ps[n].X, sc.ps[n].Y = x, y
			sc.hot[n] = byte(1 - n%7/6) // every seventh line cold
			if sc.hot[n] == 0 {
				want = append(want, "lose\n"...)
				continue
			}
			want = strconv.AppendUint(want, x, 10)
			want = append(want, ' ')
			want = strconv.AppendUint(want, y, 10)
			want = append(want, '\n')
		}
		w := emitBlockAVX512(&out[0], &sc.ps[0], &sc.hot[0], n, &sc.lines[0], &sc.zm[0], &sc.dig[0])
		if string(out[:w]) != string(want) {
			t.Fatalf("emit:\n%q\nwant\n%q", out[:w], want)
		}
		start += 2 * n
	}
}

// TestMoveAsmCommand: "wythoff move" on random inputs of mostly fast lines with bad,
// blank, CRLF, big and long ones among them, cut into blocks of random sizes, prints
// the same with the AVX-512 passes, with the Go fast loop and on the plain path.
func TestMoveAsmCommand(t *testing.T) {
	saved := blockBytes
	defer func() { blockBytes = saved; noAsm = false }()
	r := rand.New(rand.NewPCG(7, 8))
	iters := 40
	if testing.Short() {
		iters = 10
	}
	for iter := 0; iter < iters; iter++ {
		var b strings.Builder
		for k := r.IntN(3000); k > 0; k-- {
			if r.IntN(50) == 0 {
				b.WriteString(strings.Repeat("7", 60+r.IntN(100)))
			} else {
				b.WriteString(randomAsmLine(r))
			}
			b.WriteByte('\n')
		}
		if r.IntN(2) == 0 {
			b.WriteString("3 5") // no final newline
		}
		in := b.String()
		blockBytes = []int{1 + r.IntN(200), 1 + r.IntN(5000), 128 << 10}[iter%3]
		args := [][]string{{"move"}, {"move", "--misere"}, {"move", "--jobs", "1"}, {"move", "--jobs", "3", "--max-line", "100"}}[iter%4]
		want, wantErr, wantCode := runPlain(t, in, args...)
		noAsm = true
		fast, fastErr, fastCode := run(t, in, args...)
		noAsm = false
		got, gotErr, code := run(t, in, args...)
		if got != want || gotErr != wantErr || code != wantCode || fast != want || fastErr != wantErr || fastCode != wantCode {
			t.Fatalf("%v, block %d: asm, Go fast loop and plain path differ:\n%.300q %q %d\n%.300q %q %d\n%.300q %q %d",
				args, blockBytes, got, gotErr, code, fast, fastErr, fastCode, want, wantErr, wantCode)
		}
	}
}
