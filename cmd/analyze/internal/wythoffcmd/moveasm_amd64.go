//go:build amd64 && !purego

package wythoffcmd

import (
	"golang.org/x/sys/cpu"

	"github.com/boardlab/boardlab/engine/wythoff"
)

// haveAsm reports whether this CPU runs the AVX-512 passes of the fast path (F, BW,
// DQ, VBMI and VBMI2 for the byte permutes and compression; BMI1/2 for TZCNT, SHLX, BZHI).
var haveAsm = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512DQ &&
	cpu.X86.HasAVX512VBMI && cpu.X86.HasAVX512VBMI2 && cpu.X86.HasAVX512VL && cpu.X86.HasBMI1 && cpu.X86.HasBMI2

// parseBlockAVX512 parses up to max lines "A B\n" (1 to 20 digits each, values below
// 2^64) starting at p into ps, and stops before the first line of any other form or
// when the next line would start at or after p+avail. Every line starting before
// p+avail must have 64 readable bytes. n is the number of lines parsed, used their
// bytes. nl is scratch for max+64 newline offsets: a first pass finds the lines'
// ends 64 bytes at a time, so that parsing a line does not wait for the previous one.
//
//go:noescape
func parseBlockAVX512(p *byte, avail int, ps *wythoff.Position, max int, nl *uint32) (n, used int)

// splitBlock cuts each of the n moves ps[i] (hot[i] != 0) into eight 8-digit chunks,
// ch[i] = [0, X/1e16, X/1e8%1e8, X%1e8, 0, Y/1e16, ...]; a cold position (hot[i] == 0)
// gets ch[i][0] = 1.
//
//go:noescape
func splitBlock(ps *wythoff.Position, hot *byte, ch *[8]uint64, n int)

// formatBlockAVX512 writes the answers of the n lines whose chunks are ch: "X Y\n" in
// decimal, or "lose\n" for a cold position. It stores 64 bytes at a time: out needs 64
// bytes of room beyond the 42 bytes a line can take.
//
//go:noescape
func formatBlockAVX512(out *byte, ch *[8]uint64, n int) (written int)
