// Package x86 tells which instruction-set extensions this CPU and operating system
// offer, asking the CPU on first use rather than at process start: in a virtual
// machine each CPUID instruction costs 8-11 µs, 2% of a one-board command.
package x86

import "sync"

// Features are the extensions the assembly paths use. Each is true only when the CPU
// has it and the operating system saves the registers it needs.
type Features struct {
	POPCNT, BMI1, BMI2 bool
	AVX2               bool // with the YMM registers saved
	// AVX512 is F, BW, DQ, VL, IFMA, VBMI and VBMI2 together, with the ZMM and mask
	// registers saved.
	AVX512 bool
	// FastPEXT is BMI2 where PEXT and PDEP are fast: not on AMD's families 0x15 to
	// 0x17 (Excavator, Zen 1 and 2) or Hygon's 0x18 (Zen 1), where they are microcode
	// taking hundreds of cycles.
	FastPEXT bool
}

// CPU returns this machine's features, detected once on the first call.
var CPU = sync.OnceValue(detect)

// fastPEXT tells from CPUID leaf 1's EAX (the CPU's signature) whether PEXT is fast.
// Intel's families are 6 and from 0x12 on, AMD's Zen 3 and later 0x19 and up; the
// other makers' CPUs have no BMI2 or not these numbers.
func fastPEXT(eax1 uint32) bool {
	family := eax1 >> 8 & 0xf
	if family == 0xf {
		family += eax1 >> 20 & 0xff
	}
	return family < 0x15 || family > 0x18
}
