package bulk

import (
	"encoding/binary"
	"testing"

	"github.com/boardlab/boardlab/engine/wythoff"
	"github.com/boardlab/boardlab/internal/machine"
)

// BenchmarkMoveFastPhases splits the fast path's cost per line on lines held in
// memory (CPU ns per line): parsing alone (parse20 over both piles), the engine alone
// (wythoff.Move over the parsed positions), formatting alone (the fast loop's output
// code over the computed moves) and the whole fused loop (fastLines). "e2e" are
// bench/'s end-to-end positions (random piles of every magnitude, almost none cold),
// "cold4" BenchmarkMoveBatch's (a quarter cold).
func BenchmarkMoveFastPhases(b *testing.B) {
	for _, c := range []struct {
		name      string
		coldEvery int
	}{{"e2e", 0}, {"cold4", 4}} {
		b.Run(c.name, func(b *testing.B) { benchFastPhases(b, benchLinesCold(1<<20, c.coldEvery)) })
	}
}

func benchFastPhases(b *testing.B, in []byte) {
	const nl = 1 << 20
	in = append(in, make([]byte, fastSlack)...)[:len(in)]
	full := in[:cap(in)]
	xs, ys := make([]uint64, 0, nl), make([]uint64, 0, nl)
	starts, lens := make([]int, 0, nl), make([]int, 0, nl)
	for pos := 0; pos < len(in); {
		x, na, _ := parse20(full[pos:])
		y, nb, _ := parse20(full[pos+na+1:])
		xs, ys = append(xs, x), append(ys, y)
		starts, lens = append(starts, pos), append(lens, na)
		pos += na + nb + 2
	}
	mvs, hots := make([]wythoff.Position, nl), make([]bool, nl)
	for i := range xs {
		mvs[i], hots[i] = wythoff.Move(xs[i], ys[i], false)
	}
	out := make([]byte, 2*len(in)+fastSlack)
	var sink uint64
	phase := func(name string, f func()) {
		b.Run(name, func(b *testing.B) {
			c0, _ := machine.ProcessCPU()
			for b.Loop() {
				f()
			}
			c1, _ := machine.ProcessCPU()
			b.ReportMetric(float64((c1-c0).Nanoseconds())/float64(b.N*nl), "cpu-ns/line")
		})
	}
	phase("parse", func() {
		for pos := 0; pos < len(in); {
			x, na, _ := parse20(full[pos:])
			y, nb, _ := parse20(full[pos+na+1:])
			sink += x ^ y
			pos += na + nb + 2
		}
	})
	phase("engine", func() {
		for i := range xs {
			m, _ := wythoff.Move(xs[i], ys[i], false)
			sink += m.X
		}
	})
	phase("format", func() { // as in fastLines
		o := 0
		for i, mv := range mvs {
			if !hots[i] {
				binary.LittleEndian.PutUint64(out[o:], 0x0a65736f6c)
				o += 5
				continue
			}
			pos, na := starts[i], lens[i]
			if mv.X == xs[i] && (na == 1 || full[pos] != '0') {
				copy24(out[o:], full[pos:])
				o += na
			} else {
				o = putDec(out, o, mv.X)
			}
			out[o] = ' '
			o++
			sp := pos + na + 1
			if mv.Y == ys[i] && full[sp] != '0' {
				copy24(out[o:], full[sp:])
				o += decLen(ys[i])
			} else {
				o = putDec(out, o, mv.Y)
			}
			out[o] = '\n'
			o++
		}
	})
	phase("fused", func() {
		m := mover{}
		if _, used, _ := m.fastLines(out[:0], in); used != len(in) {
			b.Fatalf("used %d of %d bytes", used, len(in))
		}
	})
	_ = sink
}
