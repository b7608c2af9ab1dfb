package bulk

import (
	"strconv"
	"testing"
)

func TestParseDigits(t *testing.T) {
	for _, s := range []string{"0", "7", "12", "123", "1234567", "12345678", "123456789", "1234567890123456", "12345678901234567", "1234567890123456789", "9999999999999999999", "0000000000000000001", "18446744073709551615"} {
		for _, tail := range []string{" 5\n........", "\n........", "x.......", ",.......", "/.......", ":.......", "\x80\xff......"} {
			b := []byte(s + tail + "........................")
			v, n := parseDigits(b, len(b))
			want := s
			if len(want) > 19 {
				want = want[:19]
			}
			w, _ := strconv.ParseUint(want, 10, 64)
			if v != w || n != len(want) {
				t.Fatalf("%q: (%d, %d), want (%d, %d)", b, v, n, w, len(want))
			}
		}
	}
	if v, n := parseDigits([]byte(" 12345678......................."), 9); n != 0 || v != 0 {
		t.Fatalf("leading space: %d %d", v, n)
	}
}

func FuzzParseDigits(f *testing.F) {
	f.Add("123 456")
	f.Fuzz(func(t *testing.T, s string) {
		b := []byte(s + "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00")
		v, n := parseDigits(b, len(s))
		i := 0
		for i < len(s) && i < 19 && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		w, _ := strconv.ParseUint(s[:i], 10, 64)
		if n != i || (i > 0 && v != w) {
			t.Fatalf("%q: (%d, %d), want (%d, %d)", s, v, n, w, i)
		}
	})
}
