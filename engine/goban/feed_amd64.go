//go:build amd64 && !purego

package goban

import (
	"sync"

	"github.com/boardlab/boardlab/internal/cpu"
)

// The amd64 parser streams 64 bytes a step with AVX2 and BMI2 (feedAVX2, feed_amd64.s):
// three byte compares give the X, O and - masks, PEXT compacts the X and O masks by
// the counted ones, POPCNT counts them. It is used when the CPU has AVX2, BMI2 and
// POPCNT, the operating system saves the YMM registers, and PEXT is fast: on AMD CPUs
// before Zen 3 (family 0x19) PEXT is microcode taking hundreds of cycles, and the
// portable parser is faster there.

// useAsm says whether feedAVX2 runs, once asmOnce has set it from detectAsm; tests
// flip it (after asmEnabled) to check both paths. Detection (internal/cpu) is left to
// the first input that is worth it: CPUID takes 8-11 µs an instruction in a virtual
// machine (34 µs for the three this used to make at start-up, 2% of a one-board
// command).
var (
	useAsm  bool
	asmOnce sync.Once
)

// AsmParser reports whether the assembly parser reads this machine's larger inputs
// (amd64 with AVX2 and fast BMI2); it asks the CPU on first use.
func AsmParser() bool { return detectAsm() }

// asmEnabled reports whether feedAVX2 can and should run, detecting it on first use.
func asmEnabled() bool {
	asmOnce.Do(func() { useAsm = detectAsm() })
	return useAsm
}

// asmBlock is the number of bytes feedAVX2 takes a step.
const asmBlock = 64

// feedAVX2 is feed for n bytes at p, n a multiple of 64, into xs and os, which must
// have room for n/64 + 1 words from index s.k on. It may write the word at s.k at any
// step (the pending bits); the words before it are final. nul reports whether the
// bytes held a NUL byte.
//
//go:noescape
func feedAVX2(s *bitStream, xs, os *uint64, p *byte, n int) (nul bool)

// detectAsm tells whether feedAVX2 can and should run on this CPU.
func detectAsm() bool {
	f := cpu.Get()
	return f.AVX2 && f.POPCNT && f.FastPEXT
}

// feed streams the symbols of data (whose length is a multiple of 16) into xs and os,
// which must have room for len(data)/64 + 2 more words after the k stored; asm says
// the assembly parser may run (asmFor). nul reports a NUL byte in the part the
// assembly parser read (all of data when asm is set and its length is a multiple of
// 64).
func (s *bitStream) feed(xs, os []uint64, data []byte, asm bool) (nul bool) {
	if n := len(data) &^ (asmBlock - 1); asm && n > 0 {
		// feedAVX2 writes words s.k to s.k + n/64 at most.
		_, _ = xs[s.k+n/64], os[s.k+n/64]
		nul = feedAVX2(s, &xs[0], &os[0], &data[0], n)
		data = data[n:]
	}
	s.feedGo(xs, os, data)
	return nul
}

// asmMin is the length from which an input goes through the assembly parser: below
// it, the time saved (a fraction of a microsecond) does not pay for detecting the
// CPU, so a one-board command on a small board never runs CPUID. Tests lower it.
var asmMin = 256

// asmFor reports whether an input of n bytes goes through the assembly parser.
func asmFor(n int) bool { return n >= asmMin && asmEnabled() }
