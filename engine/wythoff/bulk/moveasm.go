package bulk

import (
	"slices"

	"github.com/boardlab/boardlab/engine/wythoff"
)

// AsmPasses reports whether Answer takes the AVX-512 passes for the common lines on
// this machine; it asks the CPU on first use.
func AsmPasses() bool { return haveAsm() }

// noAsm turns the AVX-512 passes (asmLines) off where the CPU has them: tests compare
// them with fastLines.
var noAsm bool

// asmBlock is the number of lines each pass of asmLines takes at a time: 32 keeps the
// passes' scratch (5 KiB) and their input and output in L1 (with the earlier split and
// format passes, 256 lines a pass took 1.4 ns a line more in
// BenchmarkMoveAsmPhases/all, 8 and 16 lines more too).
const asmBlock = 32

// maxFastAnswer is the longest answer of a fast line: two 20-digit piles, a space and
// a newline.
const maxFastAnswer = 42

// asmScratch is a worker's room for the passes of asmLines.
type asmScratch struct {
	ps    [asmBlock]wythoff.Position
	hot   [asmBlock]byte
	nl    [2*asmBlock + 64]uint32   // parseBlockAVX512's separator offsets
	lines [asmBlock][64]byte        // emitBlockAVX512's lines with leading zeros
	zm    [asmBlock]uint64          // their masks of bytes other than '0' (emit reads 8 bytes past lines)
	dig   [asmBlock / 4][3][64]byte // and the digits of each four lines
}

// asmLines is fastLines (same lines taken, same answers, byte for byte) in three
// passes over up to asmBlock lines at a time, so that no pass has a branch on the
// data that a random input would mispredict: parseBlockAVX512 reads the piles of
// every line into an array (the offsets of every space and newline found 64 bytes at
// a time, then two masked loads and a few multiply-adds a line, two lines at a time),
// the engine answers them in a plain loop (wythoff.Move, the call bench/'s in-process
// pass makes), and emitBlockAVX512 writes the answers (four lines' 160 digits
// converted at once, each line put together by a byte permute and its leading zeros
// skipped by unaligned loads). A pile the move leaves as it is is formatted again
// rather than copied: its digits are the same as the input's when those have no
// leading zero, and the copy's branch would mispredict.
func (m *mover) asmLines(out, data []byte, sc *asmScratch) ([]byte, int, int) {
	full := data[:cap(data)]
	limit := min(len(data), len(full)-fastSlack+1) // lines starting before limit have 64 readable bytes
	pos, lines := 0, 0
	misere := m.misere
	for pos < limit {
		n, used := parseBlockAVX512(&full[pos], limit-pos, &sc.ps[0], asmBlock, &sc.nl[0])
		if n == 0 {
			break
		}
		if misere {
			// stop before misère's (0,0), which fastLines leaves to the plain path
			for i, p := range sc.ps[:n] {
				if p.X|p.Y == 0 {
					if i == 0 {
						return out, pos, lines
					}
					n, used = parseBlockAVX512(&full[pos], limit-pos, &sc.ps[0], i, &sc.nl[0])
					break
				}
			}
		}
		ps, hot := sc.ps[:n], sc.hot[:n]
		hot = hot[:len(ps)]
		for i := range ps {
			// the call BenchmarkMoveEngine and bench/'s in-process pass make
			mv, h := wythoff.Move(ps[i].X, ps[i].Y, misere)
			ps[i] = mv
			hot[i] = b2u8(h)
		}
		out = slices.Grow(out, n*maxFastAnswer+fastSlack)
		ob := out[:cap(out)]
		w := emitBlockAVX512(&ob[len(out)], &ps[0], &hot[0], n, &sc.lines[0], &sc.zm[0], &sc.dig[0])
		out = out[:len(out)+w]
		pos += used
		lines += n
		if n < asmBlock {
			break // stopped at a line of another form, misère's (0,0), or at limit
		}
	}
	return out, pos, lines
}

func b2u8(b bool) byte {
	if b {
		return 1
	}
	return 0
}
