package goban

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/fileio/textin"
)

// streamInputs are texts the streaming parser must read exactly as Parse does.
func streamInputs() [][]byte {
	var ins [][]byte
	for _, c := range SpecCases {
		ins = append(ins, []byte(c.Input))
	}
	ins = append(ins,
		nil,
		[]byte("XO"),
		RandomBoard(70, 3).AppendText(nil),
		dense(RandomBoard(129, 4).AppendText(nil)),
		bytes.ReplaceAll(noisy(RandomBoard(65, 5).AppendText(nil)), []byte{0}, []byte{1}),
		[]byte(strings.Repeat(" ", 1000)+"X"),
	)
	return ins
}

// feedPieces writes data to p in pieces of random lengths (some empty, some long).
func feedPieces(t *testing.T, p *Parser, data []byte, r *rand.Rand) {
	t.Helper()
	for len(data) > 0 {
		n := r.IntN(40)
		if r.IntN(4) == 0 {
			n = r.IntN(3000)
		}
		n = min(n, len(data))
		if m, err := p.Write(data[:n]); err != nil || m != n {
			t.Fatalf("Write(%d bytes): %d, %v", n, m, err)
		}
		data = data[n:]
	}
}

func TestParserMatchesParse(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var p Parser
	for i, in := range streamInputs() {
		want, werr := Parse(in)
		for rep := 0; rep < 5; rep++ {
			p.Reset()
			feedPieces(t, &p, in, r)
			var got Board
			gerr := p.Board(&got)
			if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
				t.Fatalf("input %d: error %v, want %v", i, gerr, werr)
			}
			if werr == nil && !equalBoards(&got, want) {
				t.Fatalf("input %d: board differs:\n%s\nwant\n%s", i, got.String(), want.String())
			}
		}
		b, err := ReadBoard(bytes.NewReader(in), 0)
		if (err == nil) != (werr == nil) || err == nil && !equalBoards(b, want) {
			t.Fatalf("input %d: ReadBoard %v", i, err)
		}
	}
}

// endless is a reader of an endless repetition of one byte, counting what it gave.
type endless struct {
	c byte
	n int64
}

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = e.c
	}
	e.n += int64(len(p))
	return len(p), nil
}

func TestParserLimits(t *testing.T) {
	// A board over the size limit is refused by its count, soon after the limit.
	src := &endless{c: 'X'}
	_, err := ReadBoard(src, 100)
	var se *SizeError
	if !errors.As(err, &se) || se.MaxSize != 100 || !strings.Contains(err.Error(), "100x100") {
		t.Fatalf("endless X: %v", err)
	}
	if src.n > 4<<20 {
		t.Errorf("read %d bytes before refusing a board over 100x100", src.n)
	}
	// Exactly at the limit is fine; one more symbol is not.
	if b, err := ReadBoard(strings.NewReader(strings.Repeat("X", 100*100)), 100); err != nil || b.N != 100 {
		t.Errorf("100x100 at limit 100: %v", err)
	}
	if _, err := ReadBoard(strings.NewReader(strings.Repeat("X", 100*100+1)), 100); !errors.As(err, &se) {
		t.Errorf("10001 symbols at limit 100: %v", err)
	}
	// A NUL byte is binary data, reported with its offset.
	_, err = ReadBoard(io.MultiReader(strings.NewReader("X O -\n"), &endless{}), 0)
	var be *textin.BinaryError
	if !errors.As(err, &be) || be.Offset != 6 || be.What != TextWhat {
		t.Fatalf("NUL: %v", err)
	}
	// A long stream without symbols is the empty board, read in bounded memory.
	b, err := ReadBoard(io.LimitReader(&endless{c: ' '}, 50<<20), 10)
	if err != nil || b.N != 0 {
		t.Errorf("50 MB of spaces: %v", err)
	}
	// After an error, Write refuses more until Reset.
	p := Parser{MaxSize: 1}
	if _, err := p.Write([]byte("XX")); err != nil {
		t.Fatal(err)
	}
	if err := p.Board(&Board{}); !errors.As(err, &se) {
		t.Errorf("2 symbols at limit 1: %v", err)
	}
	if _, err := p.Write([]byte("X")); err == nil {
		t.Error("Write after an error succeeded")
	}
	p.Reset()
	p.Write([]byte("X"))
	if err := p.Board(&Board{}); err != nil {
		t.Errorf("after Reset: %v", err)
	}
}

// TestParserMemory streams a 200 MB non-square board and checks that the parser held
// about two bits per symbol, not the text.
func TestParserMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("streams 200 MB")
	}
	var p Parser
	n, err := p.ReadFrom(io.LimitReader(&endless{c: 'O'}, 200<<20+1))
	if err != nil || n != 200<<20+1 {
		t.Fatal(n, err)
	}
	var pe *ParseError
	if err := p.Board(&Board{}); !errors.As(err, &pe) || pe.Count != 200<<20+1 {
		t.Fatalf("non-square: %v", err)
	}
	held := 8 * (cap(p.xs) + cap(p.os))
	for i := range p.xb {
		held += 8 * (cap(p.xb[i]) + cap(p.ob[i]))
	}
	if want := 2 * (200 << 20) / 8; held > want*11/10 {
		t.Errorf("held %d bytes for 200 MB of symbols, want about %d", held, want)
	}
}

// TestParserBlocks reads boards larger than a block of the symbol streams.
func TestParserBlocks(t *testing.T) {
	if testing.Short() {
		t.Skip("boards of 9 M points")
	}
	for _, n := range []int{2898, 3001} { // 2897*2897 < 64*blockWords < 2898*2898
		want := RandomBoard(n, uint64(n))
		text := want.AppendText(nil)
		if n == 3001 {
			text = dense(text)
		}
		var p Parser
		if _, err := p.ReadFrom(bytes.NewReader(text)); err != nil {
			t.Fatal(err)
		}
		var got Board
		if err := p.Board(&got); err != nil {
			t.Fatal(err)
		}
		if len(p.xb) == 0 {
			t.Fatalf("%d: no full block", n)
		}
		if got.N != n || !slices.Equal(got.Black, want.Black) || !slices.Equal(got.White, want.White) {
			t.Fatalf("%dx%d board read in blocks differs", n, n)
		}
	}
}

func FuzzParser(f *testing.F) {
	for _, in := range streamInputs() {
		f.Add(in, uint64(1))
	}
	f.Fuzz(func(t *testing.T, data []byte, seed uint64) {
		if bytes.IndexByte(data, 0) >= 0 {
			return
		}
		want, werr := Parse(data)
		var p Parser
		feedPieces(t, &p, data, rand.New(rand.NewPCG(seed, 0)))
		var got Board
		gerr := p.Board(&got)
		if (werr == nil) != (gerr == nil) || werr == nil && !equalBoards(&got, want) {
			t.Fatalf("Parser %v, Parse %v", gerr, werr)
		}
	})
}
