package pipeline

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// lineBlock is a block of whole lines and their transformed form.
type lineBlock struct {
	data []byte // whole lines, each ending in '\n'
	out  []byte
}

// lineStream returns a Stream reading r into blocks of about size bytes of whole lines,
// upper-casing them on the workers and writing them to w; made counts the blocks made.
func lineStream(r io.Reader, w io.Writer, workers, size int, made *atomic.Int64) Stream[lineBlock] {
	return Stream[lineBlock]{
		Workers: workers,
		New: func() *lineBlock {
			made.Add(1)
			return &lineBlock{data: make([]byte, 0, size), out: make([]byte, 0, size)}
		},
		Produce: func(ctx context.Context, take func() *lineBlock, send func(*lineBlock) bool) error {
			br := bufio.NewReader(r)
			for {
				b := take()
				if b == nil {
					return ctx.Err()
				}
				b.data = b.data[:0]
				for len(b.data) < size {
					line, err := br.ReadSlice('\n')
					b.data = append(b.data, line...)
					if err != nil && err != bufio.ErrBufferFull {
						if len(b.data) > 0 {
							send(b)
						}
						if err == io.EOF {
							return nil
						}
						return err
					}
				}
				if !send(b) {
					return ctx.Err()
				}
			}
		},
		Work: func(_ int, b *lineBlock) {
			b.out = b.out[:0]
			for _, c := range b.data {
				if 'a' <= c && c <= 'z' {
					c -= 'a' - 'A'
				}
				b.out = append(b.out, c)
			}
		},
		Consume: func(b *lineBlock) error {
			_, err := w.Write(b.out)
			return err
		},
	}
}

// TestStream: the output is the input transformed in order, for any number of workers
// and block size, and no more than 2*workers+2 blocks are made.
func TestStream(t *testing.T) {
	var in strings.Builder
	for i := range 5000 {
		fmt.Fprintf(&in, "line %d %s\n", i, strings.Repeat("x", i%37))
	}
	for _, c := range []struct {
		name          string
		input         string
		workers, size int
	}{
		{"empty", "", 4, 64},
		{"one line", "a\n", 4, 64},
		{"no final newline", "a\nb", 3, 1},
		{"serial", in.String(), 1, 100},
		{"two workers", in.String(), 2, 100},
		{"seven workers small blocks", in.String(), 7, 1},
		{"many workers big blocks", in.String(), 16, 1 << 16},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out bytes.Buffer
			var made atomic.Int64
			if err := lineStream(strings.NewReader(c.input), &out, c.workers, c.size, &made).Run(context.Background()); err != nil {
				t.Fatal(err)
			}
			if want := strings.ToUpper(c.input); out.String() != want {
				t.Fatalf("output differs: %d bytes, want %d", out.Len(), len(want))
			}
			if n := made.Load(); n > int64(2*c.workers+2) {
				t.Fatalf("%d blocks made with %d workers", n, c.workers)
			}
		})
	}
}

// TestStreamRace gives many small blocks to workers keeping their own scratch state;
// run with -race it checks that blocks are handed over without data races.
func TestStreamRace(t *testing.T) {
	const workers, n = 8, 20000
	scratch := make([][]int, workers)
	next := 0
	s := Stream[[]int]{
		Workers: workers,
		New:     func() *[]int { b := make([]int, 0, 4); return &b },
		Produce: func(ctx context.Context, take func() *[]int, send func(*[]int) bool) error {
			for i := range n {
				b := take()
				if b == nil {
					return ctx.Err()
				}
				*b = append((*b)[:0], i)
				if !send(b) {
					return ctx.Err()
				}
			}
			return nil
		},
		Work: func(w int, b *[]int) {
			scratch[w] = append(scratch[w], (*b)[0])
			*b = append(*b, (*b)[0]*2)
		},
		Consume: func(b *[]int) error {
			if (*b)[0] != next || (*b)[1] != 2*next {
				return fmt.Errorf("block %v after %d", *b, next)
			}
			next++
			return nil
		},
	}
	if err := s.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, sc := range scratch {
		total += len(sc)
	}
	if next != n || total != n {
		t.Fatalf("%d consumed, %d worked, want %d", next, total, n)
	}
}

// endless is a Stream whose producer never ends: block i holds i.
func endless(workers int, consume func(i int) error) Stream[int] {
	return Stream[int]{
		Workers: workers,
		New:     func() *int { return new(int) },
		Produce: func(ctx context.Context, take func() *int, send func(*int) bool) error {
			for i := 0; ; i++ {
				b := take()
				if b == nil {
					return ctx.Err()
				}
				*b = i
				if !send(b) {
					return ctx.Err()
				}
			}
		},
		Work:    func(int, *int) {},
		Consume: func(b *int) error { return consume(*b) },
	}
}

// runWithin runs s and fails the test if it has not returned within a generous deadline.
func runWithin(t *testing.T, ctx context.Context, s Stream[int]) error {
	t.Helper()
	res := make(chan error, 1)
	go func() { res <- s.Run(ctx) }()
	select {
	case err := <-res:
		return err
	case <-time.After(30 * time.Second):
		t.Fatal("Run did not return within 30 s of the stop")
		return nil
	}
}

// TestStreamCancel: an endless stream stops when its context is cancelled, after
// consuming blocks in order and none after the cancellation.
func TestStreamCancel(t *testing.T) {
	for _, workers := range []int{1, 2, 8} {
		ctx, cancel := context.WithCancel(context.Background())
		next, after := 0, 0
		cancelled := false
		err := runWithin(t, ctx, endless(workers, func(i int) error {
			if cancelled {
				after++
			}
			if i != next {
				t.Errorf("workers=%d: block %d after %d", workers, i, next)
			}
			next++
			if i == 1000 {
				cancel()
				cancelled = true
			}
			return nil
		}))
		if !errors.Is(err, context.Canceled) || next != 1001 || after != 0 {
			t.Fatalf("workers=%d: err %v, %d consumed, %d after the cancellation", workers, err, next, after)
		}
	}
}

// TestStreamErrors: Consume's error stops the run and is returned; Produce's error is
// returned after every block sent before it is consumed.
func TestStreamErrors(t *testing.T) {
	stop := errors.New("disk full")
	for _, workers := range []int{1, 3} {
		n := 0
		err := runWithin(t, context.Background(), endless(workers, func(i int) error {
			n++
			if i == 50 {
				return stop
			}
			return nil
		}))
		if err != stop || n != 51 {
			t.Fatalf("workers=%d: consume error: %v after %d", workers, err, n)
		}
		var out bytes.Buffer
		var made atomic.Int64
		bad := errors.New("read failed")
		r := io.MultiReader(strings.NewReader(strings.Repeat("abc\n", 1000)), iotestErr{bad})
		err = lineStream(r, &out, workers, 10, &made).Run(context.Background())
		if err != bad || out.String() != strings.Repeat("ABC\n", 1000) {
			t.Fatalf("workers=%d: produce error: %v, %d bytes out", workers, err, out.Len())
		}
	}
}

type iotestErr struct{ err error }

func (r iotestErr) Read([]byte) (int, error) { return 0, r.err }

// BenchmarkStream upper-cases 8 MiB of short lines in 64 KiB blocks.
func BenchmarkStream(b *testing.B) {
	var in bytes.Buffer
	for i := 0; in.Len() < 8<<20; i++ {
		fmt.Fprintf(&in, "%d %d\n", i, i*7)
	}
	data := in.Bytes()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		var made atomic.Int64
		if err := lineStream(bytes.NewReader(data), io.Discard, 0, 64<<10, &made).Run(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}
