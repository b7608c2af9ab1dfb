package bulk

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/boardlab/boardlab/shard"
)

// lineStarts returns the offset of each line's first byte in in, from 0.
func lineStarts(in string) []int64 {
	starts := []int64{0}
	for i := 0; i < len(in); i++ {
		if in[i] == '\n' && i+1 < len(in) {
			starts = append(starts, int64(i+1))
		}
	}
	return starts
}

// TestInputErrorByte: each bad line's InputError gives the offset of the line's first
// byte in its input, after a byte order mark, "\r\n" lines, a line over MaxLine and many
// chunks, on one worker or several, read in one piece or byte by byte, sharded or not.
func TestInputErrorByte(t *testing.T) {
	good := "AB BE\n"
	many := strings.Repeat(good, 20000) + "AB ZZ\n" + strings.Repeat(good, 5000) + "AB BE\t9 9\n"
	cases := []struct {
		name, in string
		bad      int // bad lines the input holds
	}{
		{"first", "AB ZZ\n" + good, 1},
		{"plain", good + "\n" + "AB ZZ\n" + good + "AB ZZ", 2},
		{"bom", "\xef\xbb\xbfAB ZZ\n" + good + "AB ZZ\n", 2},
		{"crlf", "AB BE\r\n\r\nAB ZZ\r\nAB BE\r\nAB ZZ\r\n", 2},
		{"long", good + strings.Repeat("A", MaxLine+7) + "\n" + good + "AB ZZ\n", 2},
		{"longer", strings.Repeat("B", 3*MaxLine) + "\r\nAB ZZ\n", 2},
		{"chunks", many, 2},
		{"bom chunks", "\xef\xbb\xbf" + many, 2},
	}
	for _, tc := range cases {
		starts := lineStarts(tc.in)
		if strings.HasPrefix(tc.in, "\xef\xbb\xbf") {
			starts[0] = 3
		}
		for _, workers := range []int{1, 3} {
			for _, oneByte := range []bool{false, true} {
				if oneByte && len(tc.in) > 1<<16 && testing.Short() {
					continue
				}
				sharded := 0
				for _, sh := range []shard.Shard{{}, {K: 0, N: 2}, {K: 1, N: 2}} {
					var r io.Reader = strings.NewReader(tc.in)
					if oneByte {
						r = iotest.OneByteReader(r)
					}
					var errs []*InputError
					opt := Options{Workers: workers, Shard: sh, OnError: func(err error) error {
						var ie *InputError
						if !errors.As(err, &ie) {
							t.Fatalf("%T %v", err, err)
						}
						errs = append(errs, ie)
						return nil
					}}
					if _, err := WriteScores(context.Background(), stdinInput, r, io.Discard, false, opt); err != nil {
						t.Fatal(err)
					}
					if sh.Enabled() {
						sharded += len(errs)
					} else if len(errs) != tc.bad {
						t.Errorf("%s, %d workers, one byte %v: %d errors, want %d", tc.name, workers, oneByte, len(errs), tc.bad)
					}
					for _, e := range errs {
						if e.Line < 1 || e.Line > int64(len(starts)) || e.Byte != starts[e.Line-1] {
							t.Errorf("%s, %d workers, one byte %v, shard %v: %v: Byte %d, want the start of line %d", tc.name, workers, oneByte, sh, e, e.Byte, e.Line)
						}
					}
				}
				if sharded != tc.bad {
					t.Errorf("%s, %d workers, one byte %v: %d errors over the shards, want %d", tc.name, workers, oneByte, sharded, tc.bad)
				}
			}
		}
	}
}
