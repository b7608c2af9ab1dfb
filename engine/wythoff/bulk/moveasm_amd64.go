//go:build amd64 && !purego

package bulk

import (
	"github.com/boardlab/boardlab/engine/wythoff"
	"github.com/boardlab/boardlab/internal/cpu"
)

// haveAsm reports whether this CPU and OS run the AVX-512 passes of the fast path
// (F, BW, DQ, VL, IFMA, VBMI and VBMI2 for the byte permutes and compression, POPCNT,
// BMI1 and BMI2 for the bit counts and shifts). internal/cpu asks the CPU on first use
// rather than at start-up: a one-position command does not pay for it.
func haveAsm() bool {
	f := cpu.Get()
	return f.AVX512 && f.POPCNT && f.BMI1 && f.BMI2
}

// parseBlockAVX512 parses up to max lines "A B\n" (1 to 20 digits each, values below
// 2^64) starting at p into ps, and stops before the first line of any other form or
// when the next line would start at or after p+avail. Every line starting before
// p+avail must have 64 readable bytes. n is the number of lines parsed, used their
// bytes. nl is scratch for 2*max+64 offsets: a first pass finds the bytes other than
// digits (a line's space and newline) 64 bytes at a time, so that parsing a line does
// not wait for the previous one.
//
//go:noescape
func parseBlockAVX512(p *byte, avail int, ps *wythoff.Position, max int, nl *uint32) (n, used int)

// emitBlockAVX512 writes the answers of the n moves ps[i]: "X Y\n" in decimal, or
// "lose\n" for a cold position (hot[i] == 0). It takes four lines at a time (ps must
// have room for n rounded up to a multiple of 4) and stores 32 bytes at a time: out
// needs 32 bytes of room beyond the 42 bytes a line can take. lines, zm and dig are
// scratch for n rounded up to a multiple of 4 lines (64 bytes, 8 bytes and, every
// four lines, 192 bytes each), and the 8 bytes after lines must be readable.
//
//go:noescape
func emitBlockAVX512(out *byte, ps *wythoff.Position, hot *byte, n int, lines *[64]byte, zm *uint64, dig *[3][64]byte) (written int)
