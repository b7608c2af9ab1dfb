package fileio

import (
	"io"
	"strings"
	"testing"
)

// FuzzLineReader: LineReader with room for any line agrees with splitting the input at
// "\n" (the reference), "\r\n" ends a line as "\n" does, and with a small limit it
// keeps each line's prefix and full length.
func FuzzLineReader(f *testing.F) {
	for _, s := range []string{"", "a", "a\n", "a\r\nb", "\n\n", strings.Repeat("x", 70000) + "\ny"} {
		f.Add(s, 3)
	}
	f.Fuzz(func(t *testing.T, in string, max int) {
		if max < 1 || max > 1<<20 {
			max = 5
		}
		want := strings.Split(in, "\n")
		if strings.HasSuffix(in, "\n") || in == "" {
			want = want[:len(want)-1]
		}
		l := NewLineReader(iotestHalf(strings.NewReader(in)), max)
		for i, w := range want {
			line, num, size, ok := l.Next()
			full := strings.TrimSuffix(w, "\r")
			if len(w) > max {
				full = w // a cut line keeps its '\r' in its length
			}
			if !ok || num != int64(i+1) || size != int64(len(full)) {
				t.Fatalf("line %d of %q: %q num %d size %d ok %v; want size %d", i+1, in, line, num, size, ok, len(full))
			}
			if p := full[:min(len(full), max)]; string(line) != p && !(len(w) > max && string(line) == w[:max]) {
				t.Fatalf("line %d of %q: got %q, want %q", i+1, in, line, p)
			}
		}
		if _, _, _, ok := l.Next(); ok {
			t.Fatalf("%q: a line after the last", in)
		}
	})
}

// iotestHalf returns a reader giving at most 7 bytes per Read, to cross buffer edges.
func iotestHalf(r io.Reader) io.Reader { return &smallReads{r} }

type smallReads struct{ r io.Reader }

func (s *smallReads) Read(p []byte) (int, error) {
	if len(p) > 7 {
		p = p[:7]
	}
	return s.r.Read(p)
}
