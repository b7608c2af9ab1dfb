package bulk

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

// randomPieces joins up to most-1 random pieces, each followed by a newline except
// one time in nl.
func randomPieces(r *rand.Rand, pieces []string, most, nl int) string {
	var b strings.Builder
	for k := r.IntN(most); k > 0; k-- {
		b.WriteString(pieces[r.IntN(len(pieces))])
		if r.IntN(nl) > 0 {
			b.WriteString("\n")
		}
	}
	return b.String()
}

// TestMoveParallelRandom: random short inputs of good, bad, blank, long and CRLF lines,
// cut into tiny blocks: the parallel path prints what the sequential one prints, and
// never hangs (a watchdog panics after 10 s).
func TestMoveParallelRandom(t *testing.T) {
	saved := blockBytes
	defer func() { blockBytes = saved }()
	r := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"13 9", "1 2", "x", "", "#c", "(3,5)", "\r", strings.Repeat("9", 90), "2,2", " ", "\u2000", "18446744073709551616 1"}
	for iter := 0; iter < 1000; iter++ {
		in := randomPieces(r, pieces, 30, 5)
		blockBytes = 1 + r.IntN(100)
		maxLine := fmt.Sprint(64 + r.IntN(60))
		done := make(chan struct{})
		go func() {
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				panic(fmt.Sprintf("hang on %q block %d max %s", in, blockBytes, maxLine))
			}
		}()
		want, wantErr, wantCode := runPlain(t, in, "move", "--all", "--max-line", maxLine, "--jobs", "1")
		got, gotErr, code := run(t, in, "move", "--all", "--max-line", maxLine, "--jobs", "3")
		close(done)
		if got != want || gotErr != wantErr || code != wantCode {
			t.Fatalf("differs on %q block %d max %s:\n%q %q %d\n%q %q %d", in, blockBytes, maxLine, got, gotErr, code, want, wantErr, wantCode)
		}
	}
}

// BenchmarkMoveParallel is BenchmarkMoveBatch on GOMAXPROCS workers: the same lines
// per CPU second, more lines per second of wall time when cores are free.
func BenchmarkMoveParallel(b *testing.B) {
	benchMove(b, func(m *mover, in io.Reader) (Stats, error) {
		return m.batchParallel(context.Background(), in, io.Discard, DefaultMaxLine, Options{})
	})
}

// TestMoveParallelReadError: a read error after random lines (bad, long and good ones)
// is reported with the number of the line it stopped in, as the plain path reports
// it, with or without --shard (where the reader counts the lines itself) and whatever
// the block size; so are the bad lines before it.
func TestMoveParallelReadError(t *testing.T) {
	saved := blockBytes
	defer func() { blockBytes = saved; plainPath = false }()
	r := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"13 9", "1 2", "x", "", "#c", strings.Repeat("9", 90), "18446744073709551616 1", "5 3"}
	runErr := func(plain bool, in string, args ...string) (string, string, int) {
		plainPath = plain
		defer func() { plainPath = false }()
		var o, e bytes.Buffer
		stdin := io.MultiReader(strings.NewReader(in), iotest.ErrReader(errors.New("disk on fire")))
		code := runCtx(context.Background(), append([]string{"move", "--max-line", "64"}, args...), stdin, &o, &e)
		return o.String(), e.String(), code
	}
	for iter := 0; iter < 300; iter++ {
		in := randomPieces(r, pieces, 40, 6)
		blockBytes = 1 + r.IntN(100)
		args := [][]string{{"--jobs", "2"}, {"--jobs", "1", "--shard", "1/2"}}[iter%2]
		_, wantErr, wantCode := runErr(true, in, args...)
		_, gotErr, code := runErr(false, in, args...)
		if gotErr != wantErr || code != wantCode || !strings.Contains(gotErr, "disk on fire") {
			t.Fatalf("differs on %q block %d %v:\n%q %d\n%q %d", in, blockBytes, args, gotErr, code, wantErr, wantCode)
		}
	}
}
