package bulk

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// edgeValues are uint64s around every power of ten and the ends of the range.
func edgeValues() []uint64 {
	vs := []uint64{0, 1, math.MaxUint64, math.MaxUint64 - 1}
	for _, p := range pow10u[:20] {
		vs = append(vs, p-1, p, p+1, 2*p-1, 9*p, 9*p+p-1)
	}
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 100000; i++ {
		vs = append(vs, r.Uint64()>>r.IntN(64))
	}
	return vs
}

func TestPutDec(t *testing.T) {
	b := make([]byte, 64)
	for _, v := range edgeValues() {
		for i := range b {
			b[i] = 'x'
		}
		n := putDec(b, 3, v)
		want := strconv.FormatUint(v, 10)
		if got := string(b[3:n]); got != want || string(b[:3]) != "xxx" {
			t.Fatalf("%d: %q (before %q), want %q", v, got, b[:3], want)
		}
		if decLen(v) != len(want) {
			t.Fatalf("decLen(%d) = %d", v, decLen(v))
		}
	}
}

func TestDec8(t *testing.T) {
	for x := uint64(0); x < 1e8; x += 1 + x/1000 {
		w := dec8(x)
		var b [8]byte
		for i := range b {
			b[i] = byte(w >> (8 * i))
		}
		if got, want := string(b[:]), strconv.FormatUint(x+1e8, 10)[1:]; got != want {
			t.Fatalf("%d: %q, want %q", x, got, want)
		}
	}
}

// parse20Ref is parse20 a digit at a time.
func parse20Ref(s []byte) (uint64, int, bool) {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	if n == 0 || n > 20 {
		return 0, 0, false
	}
	v, err := strconv.ParseUint(string(s[:n]), 10, 64)
	return v, n, err == nil
}

func TestParse20(t *testing.T) {
	cases := []string{"0", "00", "7", "1234567", "12345678", "123456789", "1234567890123456", "12345678901234567",
		"18446744073709551615", "18446744073709551616", "99999999999999999999", "00000000000000000001",
		"000000000000000000001", "123456789012345678901", ""}
	for _, v := range edgeValues() {
		cases = append(cases, strconv.FormatUint(v, 10))
	}
	for _, c := range cases {
		for _, tail := range []string{" 5\n", "\n", "x", "/", ":", "\x80", "\xff", "0123456789012345678901234"} {
			b := []byte(c + tail + "........................")
			checkParse20(t, b)
		}
	}
}

func checkParse20(t *testing.T, b []byte) {
	t.Helper()
	v, n, ok := parse20(b)
	wv, wn, wok := parse20Ref(b)
	if ok != wok || ok && (v != wv || n != wn) {
		t.Fatalf("%q: (%d, %d, %v), want (%d, %d, %v)", b, v, n, ok, wv, wn, wok)
	}
}

func FuzzParse20(f *testing.F) {
	f.Add("123 456")
	f.Add("18446744073709551616")
	f.Fuzz(func(t *testing.T, s string) {
		checkParse20(t, []byte(s+"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"))
	})
}

var sinkU uint64

func BenchmarkPutDec(b *testing.B) {
	vs := edgeValues()
	buf := make([]byte, 64)
	for b.Loop() {
		for _, v := range vs {
			sinkU += uint64(putDec(buf, 0, v))
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(vs)), "ns/value")
}

func BenchmarkAppendUint(b *testing.B) {
	vs := edgeValues()
	buf := make([]byte, 64)
	for b.Loop() {
		for _, v := range vs {
			sinkU += uint64(len(strconv.AppendUint(buf[:0], v, 10)))
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(vs)), "ns/value")
}

// edgeText is edgeValues and their text, each followed by a space, then 32 NUL bytes
// for the parsers' reads past the last value.
func edgeText() ([]uint64, []byte) {
	vs := edgeValues()
	var in []byte
	for _, v := range vs {
		in = strconv.AppendUint(in, v, 10)
		in = append(in, ' ')
	}
	return vs, append(in, make([]byte, 32)...)
}

func BenchmarkParse20(b *testing.B) {
	vs, in := edgeText()
	for b.Loop() {
		for p := 0; p+32 < len(in); {
			v, n, _ := parse20(in[p:])
			sinkU += v
			p += n + 1
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(vs)), "ns/value")
}

func BenchmarkParseDigits(b *testing.B) {
	vs, in := edgeText()
	for b.Loop() {
		for p := 0; p+32 < len(in); {
			v, n := parseDigits(in[p:], 20)
			sinkU += v
			p += n + 1
			if n == 19 && in[p-1] != ' ' {
				p++
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(vs)), "ns/value")
}
