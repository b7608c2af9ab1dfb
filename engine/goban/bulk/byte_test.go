package bulk_test

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/engine/goban/bulk"
	"github.com/boardlab/boardlab/internal/bytepos"
	"github.com/boardlab/boardlab/shard"
)

// TestWriteLinesInputErrorByte: each bad --lines board's InputError gives the offset of
// the line's first byte in its input, after "\r\n" lines, a byte order mark (kept in the
// first line) and a line longer than a chunk, across chunk boundaries (read byte by
// byte, each read makes a chunk), on one worker or several, sharded or not.
func TestWriteLinesInputErrorByte(t *testing.T) {
	good := strings.ReplaceAll(goban.RandomBoard(9, 1).String(), "\n", "") + "\n"
	big := strings.ReplaceAll(goban.RandomBoard(800, 7).String(), "\n", "") // more than a chunk
	cases := []bytepos.Case{
		{Name: "first", In: "XO\n" + good, Bad: 1},
		{Name: "plain", In: good + "\n# c\nXO\n" + good + "XXO", Bad: 2},
		{Name: "crlf", In: strings.TrimSuffix(good, "\n") + "\r\n\r\nXO\r\n" + good + "OOX\r\n", Bad: 2},
		{Name: "long", In: good + big + "\nXO\n" + big[:len(big)-1] + "\n" + good + "XO\n", Bad: 3},
		{Name: "bom", In: "\xef\xbb\xbf" + good + "XO\n", Bad: 1},
		{Name: "many", In: strings.Repeat(good, 2000) + "XO\n" + strings.Repeat(good, 500) + "OX\n", Bad: 2},
	}
	// a byte a read makes a chunk a byte: only for the short inputs
	bytepos.Run(t, "", cases, []int{1, 3}, 1<<16, false, func(r io.Reader, workers int, sh shard.Shard) ([]bytepos.Pos, error) {
		var got []bytepos.Pos
		_, err := bulk.WriteLines(context.Background(), paths("-"), r, io.Discard, bulk.Options{Workers: workers, Shard: sh,
			OnError: func(err error) error {
				var ie *bulk.InputError
				if !errors.As(err, &ie) {
					return err
				}
				got = append(got, bytepos.Pos{Line: ie.Line, Byte: ie.Byte})
				return nil
			}})
		return got, err
	})
}
