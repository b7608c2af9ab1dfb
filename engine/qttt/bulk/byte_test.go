package bulk

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/internal/bytepos"
	"github.com/boardlab/boardlab/shard"
)

// TestInputErrorByte: each bad line's InputError gives the offset of the line's first
// byte in its input, after a byte order mark, "\r\n" lines, a line over MaxLine and many
// chunks, on one worker or several, read in one piece or byte by byte, sharded or not.
func TestInputErrorByte(t *testing.T) {
	good := "AB BE\n"
	many := strings.Repeat(good, 20000) + "AB ZZ\n" + strings.Repeat(good, 5000) + "AB BE\t9 9\n"
	cases := []bytepos.Case{
		{Name: "first", In: "AB ZZ\n" + good, Bad: 1},
		{Name: "plain", In: good + "\n" + "AB ZZ\n" + good + "AB ZZ", Bad: 2},
		{Name: "bom", In: "\xef\xbb\xbfAB ZZ\n" + good + "AB ZZ\n", Bad: 2},
		{Name: "crlf", In: "AB BE\r\n\r\nAB ZZ\r\nAB BE\r\nAB ZZ\r\n", Bad: 2},
		{Name: "long", In: good + strings.Repeat("A", MaxLine+7) + "\n" + good + "AB ZZ\n", Bad: 2},
		{Name: "longer", In: strings.Repeat("B", 3*MaxLine) + "\r\nAB ZZ\n", Bad: 2},
		{Name: "chunks", In: many, Bad: 2},
		{Name: "bom chunks", In: "\xef\xbb\xbf" + many, Bad: 2},
	}
	oneByte := 1 << 30
	if testing.Short() {
		oneByte = 1 << 16
	}
	bytepos.Run(t, "", cases, []int{1, 3}, oneByte, true, func(r io.Reader, workers int, sh shard.Shard) ([]bytepos.Pos, error) {
		var got []bytepos.Pos
		opt := Options{Workers: workers, Shard: sh, OnError: func(err error) error {
			var ie *InputError
			if !errors.As(err, &ie) {
				return err
			}
			got = append(got, bytepos.Pos{Line: ie.Line, Byte: ie.Byte})
			return nil
		}}
		_, err := WriteScores(context.Background(), stdinInput, r, io.Discard, false, opt)
		return got, err
	})
}
