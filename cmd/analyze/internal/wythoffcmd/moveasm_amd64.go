//go:build amd64 && !purego

package wythoffcmd

import (
	"sync"

	"github.com/boardlab/boardlab/engine/wythoff"
)

// haveAsm reports whether this CPU and OS run the AVX-512 passes of the fast path
// (F, BW, DQ, VL, IFMA, VBMI and VBMI2 for the byte permutes and compression, POPCNT, BMI1
// and BMI2 for the bit counts and shifts). It asks the CPU on first use rather than
// at start-up: a one-position command does not pay for it.
var haveAsm = sync.OnceValue(func() bool {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return false
	}
	_, _, c1, _ := cpuid(1, 0)
	const osxsave, popcnt = 1 << 27, 1 << 23
	if c1&osxsave == 0 || c1&popcnt == 0 {
		return false
	}
	// the OS saves the AVX and AVX-512 registers: XCR0 bits 1, 2 and 5 to 7
	if xcr0, _ := xgetbv(); xcr0&0xe6 != 0xe6 {
		return false
	}
	_, b7, c7, _ := cpuid(7, 0)
	const (
		bmi1, bmi2, f, dq, ifma, bw, vl = 1 << 3, 1 << 8, 1 << 16, 1 << 17, 1 << 21, 1 << 30, 1 << 31
		vbmi, vbmi2                     = 1 << 1, 1 << 6
	)
	const wantB, wantC = bmi1 | bmi2 | f | dq | ifma | bw | vl, vbmi | vbmi2
	return b7&wantB == wantB && c7&wantC == wantC
})

func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)

func xgetbv() (eax, edx uint32)

// parseBlockAVX512 parses up to max lines "A B\n" (1 to 20 digits each, values below
// 2^64) starting at p into ps, and stops before the first line of any other form or
// when the next line would start at or after p+avail. Every line starting before
// p+avail must have 64 readable bytes. n is the number of lines parsed, used their
// bytes. nl is scratch for max+64 newline offsets: a first pass finds the lines'
// ends 64 bytes at a time, so that parsing a line does not wait for the previous one.
//
//go:noescape
func parseBlockAVX512(p *byte, avail int, ps *wythoff.Position, max int, nl *uint32) (n, used int)

// splitBlockAVX512 cuts each of the n moves ps[i] into 2-digit chunks, the leading
// ones first: ch[i][0:16] are X's 20 digits two by two after 12 zero digits (X/1e18,
// X/1e16%100, ..., X%100 in words 6 to 15), ch[i][16:32] the same for Y. It takes four
// lines at a time: ps and ch must have room for n rounded up to a multiple of 4.
//
//go:noescape
func splitBlockAVX512(ps *wythoff.Position, ch *[32]uint16, n int)

// formatBlockAVX512 writes the answers of the n lines whose 2-digit chunks are ch:
// "X Y\n" in decimal, or "lose\n" for a cold position (hot[i] == 0). It stores 64
// bytes at a time: out needs 64 bytes of room beyond the 42 bytes a line can take.
//
//go:noescape
func formatBlockAVX512(out *byte, ch *[32]uint16, hot *byte, n int) (written int)
