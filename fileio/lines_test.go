package fileio

import (
	"strings"
	"testing"
)

func TestLineReader(t *testing.T) {
	long := strings.Repeat("x", 3<<20)
	in := "a\r\nbb\n" + long + "\nlast"
	l := NewLineReader(strings.NewReader(in), 10)
	type got struct {
		s         string
		num, size int64
		off       int64
	}
	want := []got{{"a", 1, 1, 0}, {"bb", 2, 2, 3}, {"xxxxxxxxxx", 3, 3 << 20, 6}, {"last", 4, 4, 7 + 3<<20}}
	for i, w := range want {
		line, num, size, ok := l.Next()
		if !ok || string(line) != w.s || num != w.num || size != w.size || l.Offset() != w.off {
			t.Fatalf("line %d: %q %d %d %v at %d, want %v", i, line, num, size, ok, l.Offset(), w)
		}
	}
	if _, _, _, ok := l.Next(); ok || l.Err() != nil {
		t.Fatalf("after the end: ok %v, err %v", ok, l.Err())
	}
	l = NewLineReader(strings.NewReader("abc\n\n"), 3)
	for _, w := range []string{"abc", ""} {
		if line, _, size, ok := l.Next(); !ok || string(line) != w || size != int64(len(w)) {
			t.Fatalf("%q: got %q size %d", w, line, size)
		}
	}
	if Prefix([]byte("abcdef"), 3) != "abc..." || Prefix([]byte("ab"), 3) != "ab" {
		t.Fatal("Prefix")
	}
}

func TestQuotePrefix(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{{"AB 1", 8, `"AB 1"`}, {"AB CD EF", 5, `"AB CD"...`}, {"a\tb", 3, `"a\tb"`}} {
		if got := QuotePrefix([]byte(c.in), c.n); got != c.want {
			t.Errorf("QuotePrefix(%q, %d) = %s, want %s", c.in, c.n, got, c.want)
		}
	}
}
