// Package bytepos tests the Byte of the bulk packages' InputErrors: that each bad line
// reported is placed at its line's first byte in the input, whatever the reads, the
// workers and the shard.
package bytepos

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/boardlab/boardlab/shard"
)

// bom is the UTF-8 byte order mark.
const bom = "\xef\xbb\xbf"

// Case is an input and the number of bad lines it holds.
type Case struct {
	Name, In string
	Bad      int
}

// Pos is where a reported bad line is: its Line (from 1) and Byte.
type Pos struct{ Line, Byte int64 }

// Starts returns the offset of each line's first byte in in, from 0; with dropBOM, a
// leading byte order mark is not part of the first line.
func Starts(in string, dropBOM bool) []int64 {
	starts := []int64{0}
	if dropBOM && strings.HasPrefix(in, bom) {
		starts[0] = int64(len(bom))
	}
	for i := 0; i < len(in); i++ {
		if in[i] == '\n' && i+1 < len(in) {
			starts = append(starts, int64(i+1))
		}
	}
	return starts
}

// Run runs each case with run on each of workers, whole and (for inputs up to oneByte
// bytes) a byte a read, unsharded and as shards 0/2 and 1/2: the bad lines reported
// must be the case's (over the shards too), each at the start of its line. dropBOM says
// whether run drops a leading byte order mark; what names the run in failures.
func Run(t *testing.T, what string, cases []Case, workers []int, oneByte int, dropBOM bool, run func(r io.Reader, workers int, sh shard.Shard) ([]Pos, error)) {
	t.Helper()
	for _, tc := range cases {
		starts := Starts(tc.In, dropBOM)
		for _, w := range workers {
			for _, byByte := range []bool{false, true} {
				if byByte && len(tc.In) > oneByte {
					continue
				}
				sharded := 0
				for _, sh := range []shard.Shard{{}, {K: 0, N: 2}, {K: 1, N: 2}} {
					name := fmt.Sprintf("%s%s, %d workers, a byte a read %v, shard %v", what, tc.Name, w, byByte, sh)
					var r io.Reader = strings.NewReader(tc.In)
					if byByte {
						r = iotest.OneByteReader(r)
					}
					got, err := run(r, w, sh)
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					if sh.Enabled() {
						sharded += len(got)
					} else if len(got) != tc.Bad {
						t.Errorf("%s: %d bad lines, want %d", name, len(got), tc.Bad)
					}
					for _, p := range got {
						if p.Line < 1 || p.Line > int64(len(starts)) || p.Byte != starts[p.Line-1] {
							t.Errorf("%s: line %d at byte %d, want the start of the line", name, p.Line, p.Byte)
						}
					}
				}
				if sharded != tc.Bad {
					t.Errorf("%s%s, %d workers, a byte a read %v: %d bad lines over the shards, want %d", what, tc.Name, w, byByte, sharded, tc.Bad)
				}
			}
		}
	}
}
