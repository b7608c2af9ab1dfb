package bulk_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/engine/goban/bulk"
	"github.com/boardlab/boardlab/shard"
)

// TestWriteLinesInputErrorByte: each bad --lines board's InputError gives the offset of
// the line's first byte in its input, after "\r\n" lines and a line longer than a chunk,
// across chunk boundaries (read byte by byte, each read makes a chunk), on one worker
// or several, sharded or not.
func TestWriteLinesInputErrorByte(t *testing.T) {
	good := strings.ReplaceAll(goban.RandomBoard(9, 1).String(), "\n", "") + "\n"
	big := strings.ReplaceAll(goban.RandomBoard(800, 7).String(), "\n", "") // more than a chunk
	cases := []struct {
		name, in string
		bad      int // bad lines the input holds
	}{
		{"first", "XO\n" + good, 1},
		{"plain", good + "\n# c\nXO\n" + good + "XXO", 2},
		{"crlf", strings.TrimSuffix(good, "\n") + "\r\n\r\nXO\r\n" + good + "OOX\r\n", 2},
		{"long", good + big + "\nXO\n" + big[:len(big)-1] + "\n" + good + "XO\n", 3},
		{"bom", "\xef\xbb\xbf" + good + "XO\n", 1},
		{"many", strings.Repeat(good, 2000) + "XO\n" + strings.Repeat(good, 500) + "OX\n", 2},
	}
	for _, tc := range cases {
		starts := lineStarts(tc.in)
		for _, workers := range []int{1, 3} {
			for _, oneByte := range []bool{false, true} {
				if oneByte && len(tc.in) > 1<<16 {
					continue // a chunk per byte: too slow for a long input
				}
				sharded := 0
				for _, sh := range []shard.Shard{{}, {K: 0, N: 2}, {K: 1, N: 2}} {
					what := fmt.Sprintf("%s, %d workers, one byte %v, shard %v", tc.name, workers, oneByte, sh)
					var r io.Reader = strings.NewReader(tc.in)
					if oneByte {
						r = iotest.OneByteReader(r)
					}
					var errs []*bulk.InputError
					_, err := bulk.WriteLines(context.Background(), paths("-"), r, io.Discard, bulk.Options{Workers: workers, Shard: sh,
						OnError: func(err error) error {
							var ie *bulk.InputError
							if !errors.As(err, &ie) {
								t.Fatalf("%s: %T %v", what, err, err)
							}
							errs = append(errs, ie)
							return nil
						}})
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
					t.Errorf("%s, %d workers, one byte %v: %d errors over the shards, want %d", tc.name, workers, oneByte, sharded, tc.bad)
				}
			}
		}
	}
}

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
