//go:build amd64 && !purego

package goban

// The amd64 parser streams 64 bytes a step with AVX2 and BMI2 (feedAVX2, feed_amd64.s):
// three byte compares give the X, O and - masks, PEXT compacts the X and O masks by
// the counted ones, POPCNT counts them. It is used when the CPU has AVX2, BMI2 and
// POPCNT, the operating system saves the YMM registers, and PEXT is fast: on AMD CPUs
// before Zen 3 (family 0x19) PEXT is microcode taking hundreds of cycles, and the
// portable parser is faster there.

// useAsm says feed runs feedAVX2; tests turn it off to check the portable path.
var useAsm = detectAsm()

// asmBlock is the number of bytes feedAVX2 takes a step.
const asmBlock = 64

func cpuid(eax, ecx uint32) (a, b, c, d uint32)
func xgetbv0() (eax, edx uint32)

// feedAVX2 is feed for n bytes at p, n a multiple of 64, into xs and os, which must
// have room for n/64 + 1 words from index s.k on. It may write the word at s.k at any
// step (the pending bits); the words before it are final. nul reports whether the
// bytes held a NUL byte.
//
//go:noescape
func feedAVX2(s *bitStream, xs, os *uint64, p *byte, n int) (nul bool)

// detectAsm tells whether feedAVX2 can and should run on this CPU.
func detectAsm() bool {
	maxID, ebx, ecx, edx := cpuid(0, 0)
	if maxID < 7 {
		return false
	}
	_, _, ecx1, _ := cpuid(1, 0)
	const (
		popcnt  = 1 << 23
		osxsave = 1 << 27
		avx     = 1 << 28
	)
	if ecx1&(popcnt|osxsave|avx) != popcnt|osxsave|avx {
		return false
	}
	if xcr0, _ := xgetbv0(); xcr0&6 != 6 { // XMM and YMM state saved by the OS
		return false
	}
	_, ebx7, _, _ := cpuid(7, 0)
	const (
		avx2 = 1 << 5
		bmi2 = 1 << 8
	)
	if ebx7&(avx2|bmi2) != avx2|bmi2 {
		return false
	}
	amd := ebx == 0x68747541 && edx == 0x69746e65 && ecx == 0x444d4163   // "AuthenticAMD"
	hygon := ebx == 0x6f677948 && edx == 0x6e65476e && ecx == 0x656e6975 // "HygonGenuine"
	if amd || hygon {
		eax1, _, _, _ := cpuid(1, 0)
		family := eax1 >> 8 & 0xf
		if family == 0xf {
			family += eax1 >> 20 & 0xff
		}
		return family >= 0x19
	}
	return true
}

// feed streams the symbols of data (whose length is a multiple of 16) into xs and os,
// which must have room for len(data)/64 + 2 more words after the k stored. nul
// reports a NUL byte in the part the assembly parser read (all of data when its
// length is a multiple of 64 and useAsm is set).
func (s *bitStream) feed(xs, os []uint64, data []byte) (nul bool) {
	if n := len(data) &^ (asmBlock - 1); useAsm && n > 0 {
		// feedAVX2 writes words s.k to s.k + n/64 at most.
		_, _ = xs[s.k+n/64], os[s.k+n/64]
		nul = feedAVX2(s, &xs[0], &os[0], &data[0], n)
		data = data[n:]
	}
	s.feedGo(xs, os, data)
	return nul
}

// tailBlock is the length Board.Parse pads the end of its input to.
func tailBlock() int {
	if useAsm {
		return asmBlock
	}
	return 16
}
