package goban

import (
	"bytes"
	"fmt"
	"runtime"
	"testing"

	"github.com/boardlab/boardlab/internal/machine"
)

// benchBoards are the boards every scorer benchmark runs on; the first three are the
// issue's. The -x16 ones cycle through 16 different boards, so that the branch predictor
// cannot learn one board by heart as it does when the same board is scored again and
// again. Large boards are built on first use.
var benchBoards = []struct {
	name string
	make func() []*Board
}{
	{"19x19", func() []*Board { b, _ := Parse([]byte(SpecCases[4].Input)); return []*Board{b} }},
	{"255x255-random", func() []*Board { return []*Board{RandomBoard(255, 1)} }},
	{"255x255-corridor", func() []*Board { return []*Board{CorridorBoard(255)} }},
	{"19x19-random-x16", func() []*Board { return randomBoards(19, 16) }},
	{"255x255-random-x16", func() []*Board { return randomBoards(255, 16) }},
	{"255x255-spiral", func() []*Board { return []*Board{SpiralBoard(255)} }},
	{"255x255-vcorridor", func() []*Board { return []*Board{transpose(CorridorBoard(255))} }},
	{"1000x1000-random", func() []*Board { return []*Board{RandomBoard(1000, 1)} }},
	{"4096x4096-random", func() []*Board { return []*Board{RandomBoard(4096, 1)} }},
	{"4096x4096-spiral", func() []*Board { return []*Board{SpiralBoard(4096)} }},
}

func randomBoards(n, k int) []*Board {
	bs := make([]*Board, k)
	for i := range bs {
		bs[i] = RandomBoard(n, uint64(100+i))
	}
	return bs
}

var boardCache = map[string][]*Board{}

func benchBoard(i int) []*Board {
	bb := benchBoards[i]
	if b := boardCache[bb.name]; b != nil {
		return b
	}
	b := bb.make()
	boardCache[bb.name] = b
	return b
}

func benchScorer(b *testing.B, score func(*Scorer, *Board) Result) {
	machine.LogOnce(b.Logf)
	for i, bb := range benchBoards {
		b.Run(bb.name, func(b *testing.B) {
			boards := benchBoard(i)
			var s Scorer
			for _, board := range boards {
				score(&s, board) // size the buffers
			}
			cpu := startCPU()
			b.ReportAllocs()
			b.ResetTimer()
			k := 0
			for b.Loop() {
				score(&s, boards[k])
				if k++; k == len(boards) {
					k = 0
				}
			}
			sec := b.Elapsed().Seconds()
			n := boards[0].N
			b.ReportMetric(float64(b.N)/sec, "boards/s")
			b.ReportMetric(float64(b.N)*float64(n*n)/sec/1e6, "Mpoints/s")
			if c := cpu(); c > 0 {
				b.ReportMetric(float64(b.N)/c, "cpu-boards/s")
			}
		})
	}
}

// startCPU locks the benchmark to its thread and returns a function that gives the
// thread's CPU seconds since, or 0 where that is unknown: the cpu- metrics divide by it,
// so they hold on a machine that other processes load, where ns/op does not.
func startCPU() func() float64 {
	runtime.LockOSThread()
	t0, ok := machine.ThreadCPU()
	return func() float64 {
		t1, _ := machine.ThreadCPU()
		runtime.UnlockOSThread()
		if !ok {
			return 0
		}
		return (t1 - t0).Seconds()
	}
}

// BenchmarkScore times the default scorer (Scorer.Score).
func BenchmarkScore(b *testing.B) { benchScorer(b, (*Scorer).Score) }

// BenchmarkScoreFill times the bit-parallel fill scorer.
func BenchmarkScoreFill(b *testing.B) { benchScorer(b, (*Scorer).ScoreFill) }

// BenchmarkScoreUnionFind times the union-find scorer.
func BenchmarkScoreUnionFind(b *testing.B) { benchScorer(b, (*Scorer).ScoreUnionFind) }

// BenchmarkParse times parsing the spec's text format with the assembly parser (asm,
// where the CPU has it) and the portable one (go); MB/s is input bytes.
func BenchmarkParse(b *testing.B) {
	machine.LogOnce(b.Logf)
	inputs := []struct {
		name string
		text func() []byte
	}{
		{"19x19", func() []byte { return []byte(SpecCases[4].Input) }},
		{"255x255-spaced", func() []byte { return RandomBoard(255, 1).AppendText(nil) }},
		{"255x255-dense", func() []byte { return dense(RandomBoard(255, 1).AppendText(nil)) }},
		{"255x255-noisy", func() []byte { return noisy(RandomBoard(255, 1).AppendText(nil)) }},
		{"4096x4096-spaced", func() []byte { return RandomBoard(4096, 1).AppendText(nil) }},
	}
	paths := []struct {
		name string
		asm  bool
	}{{"asm", true}, {"go", false}}
	for _, in := range inputs {
		for _, path := range paths {
			if path.asm && !useAsm {
				continue
			}
			b.Run(in.name+"/"+path.name, func(b *testing.B) {
				old, oldMin := useAsm, asmMin
				useAsm, asmMin = path.asm, 0
				defer func() { useAsm, asmMin = old, oldMin }()
				text := in.text()
				var board Board
				if err := board.Parse(text); err != nil {
					b.Fatal(err)
				}
				cpu := startCPU()
				b.SetBytes(int64(len(text)))
				b.ReportAllocs()
				b.ResetTimer()
				for b.Loop() {
					board.Parse(text)
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "boards/s")
				if c := cpu(); c > 0 {
					b.ReportMetric(float64(b.N)*float64(len(text))/c/1e6, "cpu-MB/s")
				}
			})
		}
	}
}

// BenchmarkParseScore times the whole job of one input: parse the text, then score.
func BenchmarkParseScore(b *testing.B) {
	for _, n := range []int{19, 255} {
		b.Run(fmt.Sprintf("%dx%d-random", n, n), func(b *testing.B) {
			text := RandomBoard(n, 1).AppendText(nil)
			var board Board
			var s Scorer
			board.Parse(text)
			s.Score(&board) // size the buffers
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for b.Loop() {
				board.Parse(text)
				s.Score(&board)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "boards/s")
		})
	}
}

// BenchmarkParseText times ParseText (Parse with the NUL test) on a 19x19 board against
// bytes.IndexByte followed by Parse, the test it replaces.
func BenchmarkParseText(b *testing.B) {
	text := RandomBoard(19, 1).AppendText(nil)
	var board Board
	b.Run("ParseText", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			board.ParseText(text)
		}
	})
	b.Run("IndexByte+Parse", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			if bytes.IndexByte(text, 0) < 0 {
				board.Parse(text)
			}
		}
	})
}
