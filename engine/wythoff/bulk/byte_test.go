package bulk

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/internal/bytepos"
	"github.com/boardlab/boardlab/shard"
)

// TestInputErrorByte: Answer and Moves place a bad position line at its first byte in
// the input (InputError.Byte) on the plain path and in blocks of every size, on one
// worker or several, with a byte order mark, "\r\n" lines and lines over MaxLine.
func TestInputErrorByte(t *testing.T) {
	saved := blockBytes
	defer func() { blockBytes = saved }()
	good := "3 5\n"
	cases := []bytepos.Case{
		{Name: "first", In: "x\n" + good, Bad: 1},
		{Name: "plain", In: good + "\n#c\n" + "1 x\n" + good + "(3,5)\n" + "y", Bad: 2},
		{Name: "bom", In: "\xef\xbb\xbfx 1\n" + good + "z\n", Bad: 2},
		{Name: "crlf", In: "3 5\r\n\r\nx\r\n1 2\r\ny\r\n", Bad: 2},
		{Name: "long", In: good + strings.Repeat("9", 200) + "\n" + good + "x\n", Bad: 2},
		{Name: "longer", In: strings.Repeat("9", 5000) + "\r\nx\n", Bad: 2},
		{Name: "many", In: strings.Repeat(good, 3000) + "x\n" + strings.Repeat("1 2\r\n", 700) + "y\n" + good, Bad: 2},
		{Name: "bom many", In: "\xef\xbb\xbf" + strings.Repeat(good, 3000) + "x\n" + strings.Repeat("12 20\n", 500) + "y\n", Bad: 2},
	}
	for _, bb := range []int{saved, 1, 7, 64, 1000} {
		blockBytes = bb
		for _, typed := range []bool{false, true} {
			// 0 workers: the plain path
			bytepos.Run(t, fmt.Sprintf("block %d, typed %v: ", bb, typed), cases, []int{0, 1, 3}, 1<<30, true, func(r io.Reader, workers int, sh shard.Shard) ([]bytepos.Pos, error) {
				var got []bytepos.Pos
				a := Answerer{MaxLine: 100, plain: workers == 0, Options: Options{Workers: max(workers, 1), Shard: sh, OnError: func(err error) error {
					var ie *InputError
					if !errors.As(err, &ie) {
						return err
					}
					got = append(got, bytepos.Pos{Line: ie.Line, Byte: ie.Byte})
					return nil
				}}}
				var err error
				if typed {
					_, err = a.Moves(context.Background(), r, func(Result) error { return nil })
				} else {
					_, err = a.Answer(context.Background(), r, io.Discard)
				}
				return got, err
			})
		}
	}
}
