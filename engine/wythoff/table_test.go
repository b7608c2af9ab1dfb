package wythoff

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

// refTable formats the table the slow, obvious way: exact big-integer pairs and fmt.
func refTable(n uint64, opt TableOptions) []byte {
	var b bytes.Buffer
	if opt.Format == TableCSV {
		b.WriteString("k,a_k,b_k\n")
	}
	for k := uint64(0); k < n; k++ {
		bk := new(big.Int).SetUint64(k)
		a, u := LowerBig(bk).Uint64(), UpperBig(bk).Uint64()
		switch opt.Format {
		case TablePairs:
			fmt.Fprintf(&b, "%d %d %d\n", k, a, u)
		case TableCSV:
			fmt.Fprintf(&b, "%d,%d,%d\n", k, a, u)
		case TableBinary:
			b.Write(binary.LittleEndian.AppendUint64(nil, a))
			b.Write(binary.LittleEndian.AppendUint64(nil, u))
		case TableBFile:
			n := k + 1
			bn := new(big.Int).SetUint64(n)
			v := LowerBig(bn)
			if opt.Upper {
				v = UpperBig(bn)
			}
			fmt.Fprintf(&b, "%d %s\n", n, v)
		}
	}
	return b.Bytes()
}

func TestWriteTable(t *testing.T) {
	formats := []TableOptions{{Format: TablePairs}, {Format: TableCSV}, {Format: TableBinary},
		{Format: TableBFile}, {Format: TableBFile, Upper: true}}
	for _, opt := range formats {
		for _, n := range []uint64{0, 1, 2, 3, 10, 89, 1000, 123457} {
			var got bytes.Buffer
			if err := WriteTable(context.Background(), &got, n, opt); err != nil {
				t.Fatal(err)
			}
			if want := refTable(n, opt); !bytes.Equal(got.Bytes(), want) {
				t.Fatalf("%+v n=%d: got %d bytes, want %d; first difference at byte %d", opt, n, got.Len(), len(want), firstDiff(got.Bytes(), want))
			}
		}
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestWriteTableStart checks that a table from any start is the matching slice of the
// table from 0.
func TestWriteTableStart(t *testing.T) {
	for _, opt := range []TableOptions{{Format: TablePairs}, {Format: TableBinary}, {Format: TableBFile, Upper: true}} {
		var full bytes.Buffer
		WriteTable(context.Background(), &full, 5000, opt)
		rowsOf := func(b []byte) [][]byte {
			if opt.Format == TableBinary {
				var r [][]byte
				for i := 0; i < len(b); i += 16 {
					r = append(r, b[i:i+16])
				}
				return r
			}
			return bytes.SplitAfter(b, []byte("\n"))
		}
		all := rowsOf(full.Bytes())
		for _, start := range []uint64{1, 9, 99, 4000} {
			opt.Start = start
			var part bytes.Buffer
			if err := WriteTable(context.Background(), &part, 1000, opt); err != nil {
				t.Fatal(err)
			}
			if want := bytes.Join(all[start:start+1000], nil); !bytes.Equal(part.Bytes(), want) {
				t.Fatalf("%+v: rows from %d differ at byte %d", opt, start, firstDiff(part.Bytes(), want))
			}
		}
	}
	if err := WriteTable(context.Background(), io.Discard, 10, TableOptions{Start: MaxTablePairs - 10}); err == nil {
		t.Fatal("no error for rows reaching MaxTablePairs")
	}
}

func TestBFileKnownTerms(t *testing.T) {
	var lo, up bytes.Buffer
	WriteTable(context.Background(), &lo, 8, TableOptions{Format: TableBFile})
	WriteTable(context.Background(), &up, 8, TableOptions{Format: TableBFile, Upper: true})
	wantLo := "1 1\n2 3\n3 4\n4 6\n5 8\n6 9\n7 11\n8 12\n"
	wantUp := "1 2\n2 5\n3 7\n4 10\n5 13\n6 15\n7 18\n8 20\n"
	if lo.String() != wantLo || up.String() != wantUp {
		t.Fatalf("A000201 b-file %q\nA001950 b-file %q", lo.String(), up.String())
	}
}

// TestPairsFarOut runs the generator from random far-out starts (and across decimal
// length changes) and compares every pair with the exact per-index computation.
func TestPairsFarOut(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	starts := []uint64{MaxTablePairs - 5000, 999_999_000, 1<<32 - 100}
	for i := 0; i < 20; i++ {
		starts = append(starts, r.Uint64N(MaxTablePairs-5000))
	}
	for _, k0 := range starts {
		g := NewPairs(k0)
		var tt textTable
		tt.init(k0, ' ', '\n', false)
		buf := make([]byte, 1<<16)
		text, rows := tt.fill(buf, 2000)
		lines := strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
		if uint64(len(lines)) != rows {
			t.Fatalf("k0=%d: %d lines for %d rows", k0, len(lines), rows)
		}
		for i := uint64(0); i < 2000; i++ {
			k, a, b := g.Next()
			wa, _ := Lower(k)
			wb, _ := Upper(k)
			if k != k0+i || a != wa || b != wb {
				t.Fatalf("Next at k=%d: (%d,%d,%d), want (%d,%d)", k0+i, k, a, b, wa, wb)
			}
			if i < rows && lines[i] != fmt.Sprintf("%d %d %d", k, a, b) {
				t.Fatalf("text row %q, want %d %d %d", lines[i], k, a, b)
			}
		}
	}
}

func TestDecCounter(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < 2000; i++ {
		v := r.Uint64N(1 << 62)
		if i%3 == 0 {
			v = 999_999_990 + uint64(i%10)
		}
		var c decCounter
		c.set(v, '|')
		for j := 0; j < 30; j++ {
			inc := byte(1 + r.IntN(3))
			c.add(inc)
			v += uint64(inc)
			if got := string(c.d[:c.n]); got != fmt.Sprintf("%d|", v) {
				t.Fatalf("counter %q, want %d|", got, v)
			}
		}
	}
}

func TestWriteTableCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var b bytes.Buffer
	if err := WriteTable(ctx, &b, 1<<30, TableOptions{Format: TablePairs}); err == nil {
		t.Fatal("cancelled table did not stop")
	}
	if b.Len() > 2*tableChunk {
		t.Fatalf("wrote %d bytes after cancel", b.Len())
	}
	if err := WriteTable(context.Background(), &b, MaxTablePairs, TableOptions{}); err == nil {
		t.Fatal("no error for a table beyond MaxTablePairs")
	}
}

// FuzzPairs runs the incremental generator from any start below MaxTablePairs and
// compares it with the exact per-index Lower and Upper.
func FuzzPairs(f *testing.F) {
	f.Add(uint64(0))
	f.Add(uint64(MaxTablePairs - 100))
	f.Fuzz(func(t *testing.T, k0 uint64) {
		k0 %= MaxTablePairs - 100
		g := NewPairs(k0)
		for i := 0; i < 100; i++ {
			k, a, b := g.Next()
			wa, _ := Lower(k)
			wb, _ := Upper(k)
			if a != wa || b != wb {
				t.Fatalf("k=%d: generator (%d,%d), exact (%d,%d)", k, a, b, wa, wb)
			}
		}
	})
}

func TestErrTableSizeText(t *testing.T) {
	if want := fmt.Sprintf("table size must be below %d", uint64(MaxTablePairs)); ErrTableSize.Error() != want {
		t.Errorf("ErrTableSize = %q, want %q", ErrTableSize, want)
	}
}
