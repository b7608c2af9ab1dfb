package bulk

import (
	"context"
	"errors"
	"fmt"
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
// byte in its input, after a byte order mark, "\r\n" lines and lines over MaxLine, in
// blocks of every size, on the plain path and on one worker or several, text or typed,
// read in one piece or byte by byte, sharded or not.
func TestInputErrorByte(t *testing.T) {
	saved := blockBytes
	defer func() { blockBytes = saved }()
	good := "3 5\n"
	cases := []struct {
		name, in string
		bad      int // bad lines the input holds
	}{
		{"first", "x\n" + good, 1},
		{"plain", good + "\n#c\n" + "1 x\n" + good + "(3,5)\n" + "y", 2},
		{"bom", "\xef\xbb\xbfx 1\n" + good + "z\n", 2},
		{"crlf", "3 5\r\n\r\nx\r\n1 2\r\ny\r\n", 2},
		{"long", good + strings.Repeat("9", 200) + "\n" + good + "x\n", 2},
		{"longer", strings.Repeat("9", 5000) + "\r\nx\n", 2},
		{"many", strings.Repeat(good, 3000) + "x\n" + strings.Repeat("1 2\r\n", 700) + "y\n" + good, 2},
		{"bom many", "\xef\xbb\xbf" + strings.Repeat(good, 3000) + "x\n" + strings.Repeat("12 20\n", 500) + "y\n", 2},
	}
	for _, tc := range cases {
		starts := lineStarts(tc.in)
		if strings.HasPrefix(tc.in, "\xef\xbb\xbf") {
			starts[0] = 3
		}
		for _, bb := range []int{saved, 1, 7, 64, 1000} {
			blockBytes = bb
			for _, workers := range []int{0, 1, 3} { // 0: the plain path
				for _, typed := range []bool{false, true} {
					for _, oneByte := range []bool{false, true} {
						sharded := 0
						for _, sh := range []shard.Shard{{}, {K: 0, N: 2}, {K: 1, N: 2}} {
							what := fmt.Sprintf("%s, block %d, %d workers, typed %v, one byte %v, shard %v", tc.name, bb, workers, typed, oneByte, sh)
							var r io.Reader = strings.NewReader(tc.in)
							if oneByte {
								r = iotest.OneByteReader(r)
							}
							var errs []*InputError
							a := Answerer{MaxLine: 100, plain: workers == 0, Options: Options{Workers: max(workers, 1), Shard: sh, OnError: func(err error) error {
								var ie *InputError
								if !errors.As(err, &ie) {
									t.Fatalf("%s: %T %v", what, err, err)
								}
								errs = append(errs, ie)
								return nil
							}}}
							var err error
							if typed {
								_, err = a.Moves(context.Background(), r, func(Result) error { return nil })
							} else {
								_, err = a.Answer(context.Background(), r, io.Discard)
							}
							if err != nil {
								t.Fatalf("%s: %v", what, err)
							}
							if sh.Enabled() {
								sharded += len(errs)
							} else if len(errs) != tc.bad {
								t.Errorf("%s: %d errors, want %d", what, len(errs), tc.bad)
							}
							for _, e := range errs {
								if e.Line < 1 || e.Line > int64(len(starts)) || e.Byte != starts[e.Line-1] {
									t.Errorf("%s: %v: Byte %d, want the start of line %d", what, e, e.Byte, e.Line)
								}
							}
						}
						if sharded != tc.bad {
							t.Errorf("%s, block %d, %d workers: %d errors over the shards, want %d", tc.name, bb, workers, sharded, tc.bad)
						}
					}
				}
			}
		}
	}
}
