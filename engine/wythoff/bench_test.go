package wythoff

import (
	"context"
	"io"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/boardlab/boardlab/internal/machine"
	"github.com/boardlab/boardlab/internal/wythoffref"
)

// benchPositions are random positions over the whole uint64 range, a quarter of them
// cold, so both outcomes are measured.
func benchPositions(n int) []Position {
	r := rand.New(rand.NewPCG(11, 12))
	ps := make([]Position, n)
	for i := range ps {
		x, y := r.Uint64()>>r.IntN(64), r.Uint64()>>r.IntN(64)
		if i%4 == 0 {
			k := x >> 2
			x, _ = Lower(k)
			y, _ = Upper(k)
		}
		ps[i] = Position{x, y}
	}
	return ps
}

func BenchmarkMove(b *testing.B) {
	machine.LogOnce(b.Logf)
	ps := benchPositions(1024)
	b.Run("uint64", func(b *testing.B) {
		b.ReportAllocs()
		var sink uint64
		i := 0
		for b.Loop() {
			p := ps[i&1023]
			m, _ := Move(p.X, p.Y, false)
			sink += m.X
			i++
		}
		_ = sink
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
	})
	b.Run("uint64-all", func(b *testing.B) {
		b.ReportAllocs()
		var sink int
		i := 0
		for b.Loop() {
			p := ps[i&1023]
			_, n := Moves(p.X, p.Y, false)
			sink += n
			i++
		}
		_ = sink
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
	})
	b.Run("cold", func(b *testing.B) {
		var sink int
		i := 0
		for b.Loop() {
			p := ps[i&1023]
			if Cold(p.X, p.Y, false) {
				sink++
			}
			i++
		}
		_ = sink
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "positions/s")
	})
	for _, digits := range []int{20, 100, 1000} {
		bx, by := big.NewInt(10), big.NewInt(10)
		bx.Exp(bx, big.NewInt(int64(digits-1)), nil)
		by.Mul(bx, big.NewInt(7))
		bx.Add(bx, big.NewInt(12345))
		b.Run("big-"+itoa(digits)+"digits", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				MovesBig(bx, by, false)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
		})
	}
}

func itoa(n int) string { return big.NewInt(int64(n)).String() }

func BenchmarkTable(b *testing.B) {
	machine.LogOnce(b.Logf)
	for _, f := range []struct {
		name string
		opt  TableOptions
	}{{"binary", TableOptions{Format: TableBinary}}, {"pairs", TableOptions{Format: TablePairs}},
		{"csv", TableOptions{Format: TableCSV}}, {"bfile", TableOptions{Format: TableBFile}}} {
		b.Run(f.name, func(b *testing.B) {
			const n = 1 << 24
			b.ReportAllocs()
			var cw countWriter
			for b.Loop() {
				if err := WriteTable(context.Background(), &cw, n, f.opt); err != nil {
					b.Fatal(err)
				}
			}
			s := b.Elapsed().Seconds()
			b.SetBytes(int64(cw.n) / int64(b.N))
			b.ReportMetric(float64(n)*float64(b.N)/s, "pairs/s")
		})
	}
	b.Run("fill-binary", func(b *testing.B) {
		buf := make([]byte, 1<<20)
		g := NewPairs(1 << 40)
		b.SetBytes(int64(len(buf)))
		for b.Loop() {
			g.FillBinary(buf)
		}
		b.ReportMetric(float64(len(buf)/16)*float64(b.N)/b.Elapsed().Seconds(), "pairs/s")
	})
}

// countWriter counts bytes and discards them.
type countWriter struct{ n int }

func (w *countWriter) Write(p []byte) (int, error) { w.n += len(p); return len(p), nil }

var _ io.Writer = (*countWriter)(nil)

func BenchmarkGrundy(b *testing.B) {
	machine.LogOnce(b.Logf)
	for _, n := range []int{1024, 8192} {
		b.Run("n="+itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Grundy(context.Background(), n, 0, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n*n)*float64(b.N)/b.Elapsed().Seconds(), "cells/s")
		})
	}
	// The cost must stay close to N^2: 16384 within 4.5x the CPU time of 8192 (one
	// worker, so the ratio does not depend on how loaded the other core is).
	b.Run("scaling-8192-16384", func(b *testing.B) {
		cpu := func(n int) float64 {
			c0, _ := machine.ProcessCPU()
			if _, err := Grundy(context.Background(), n, 1, nil); err != nil {
				b.Fatal(err)
			}
			c1, _ := machine.ProcessCPU()
			return (c1 - c0).Seconds()
		}
		var t8, t16 float64
		for b.Loop() {
			t8 += cpu(8192)
			t16 += cpu(16384)
		}
		b.ReportMetric(t16/t8, "t16384/t8192")
		b.ReportMetric(float64(8192*8192)*float64(b.N)/t8, "cells/cpu-s@8192")
		b.ReportMetric(float64(16384*16384)*float64(b.N)/t16, "cells/cpu-s@16384")
	})
	b.Run("plain-n=1024", func(b *testing.B) {
		for b.Loop() {
			wythoffref.GrundyBitset(1024)
		}
		b.ReportMetric(float64(1024*1024)*float64(b.N)/b.Elapsed().Seconds(), "cells/s")
	})
}

// BenchmarkGrundyWrite writes a 2048x2048 table in each format to a counting writer.
func BenchmarkGrundyWrite(b *testing.B) {
	t, err := Grundy(context.Background(), 2048, 0, nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, f := range []struct {
		name string
		f    GrundyFormat
	}{{"grid", GrundyGrid}, {"csv", GrundyCSV}, {"binary", GrundyBinary}, {"bfile", GrundyBFile}} {
		b.Run(f.name, func(b *testing.B) {
			b.ReportAllocs()
			var w countWriter
			for b.Loop() {
				if err := t.Write(context.Background(), &w, f.f, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(2048*2048)*float64(b.N)/b.Elapsed().Seconds(), "cells/s")
			b.SetBytes(int64(w.n / b.N))
		})
	}
}
