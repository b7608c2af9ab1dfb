// Package cpu is boardlab's one CPU-feature detector: it tells which CPU this is and
// which instruction-set extensions it and the operating system offer. It asks the CPU
// itself (CPUID) on first use, once, rather than at process start: in a virtual machine
// each CPUID instruction traps to the hypervisor, and a one-board command should not
// pay for what it never asks.
//
// The answers follow github.com/klauspost/cpuid/v2 (the field's library, which the
// tests compare with): a feature that needs registers the operating system does not
// save (AVX's YMM, AVX-512's ZMM and masks) counts as absent, LZCNT is read where AMD
// reports it (ABM, CPUID 0x80000001 ECX bit 5) as well as Intel, and the x86-64 level
// comes from CPUID, never from the kernel's list of flags.
package cpu

import (
	"strings"
	"sync"
)

// Info is what this CPU and operating system offer. On other architectures than amd64
// it is the zero Info: no x86 feature, level 0.
type Info struct {
	Vendor string // the CPUID vendor string, such as "GenuineIntel" or "AuthenticAMD"
	VM     bool   // a hypervisor announces itself (CPUID 1 ECX bit 31)
	// Level is the x86-64 micro-architecture level, 1 to 4, whose features are all
	// present; 0 when even level 1 is not (or not amd64).
	Level int

	POPCNT, BMI1, BMI2, LZCNT, ADX bool
	AVX2                           bool // with the YMM registers saved
	AVX512F                        bool // with the ZMM and mask registers saved
	// AVX512 is F, BW, DQ, VL, IFMA, VBMI and VBMI2 together, with the ZMM and mask
	// registers saved: what the AVX-512 paths use.
	AVX512 bool
	// FastPEXT is BMI2 where PEXT and PDEP are fast: not on AMD's families 0x15 to
	// 0x17 (Excavator, Zen 1 and 2) or Hygon's 0x18 (Zen 1), where they are microcode
	// taking hundreds of cycles.
	FastPEXT bool
}

// Get returns this machine's Info, detected on the first call only.
func Get() Info {
	infoOnce.Do(func() { info = decode(read()) })
	return info
}

// Brand returns the CPU's brand string (CPUID 0x80000002 to 0x80000004), such as
// "AMD EPYC 9R14 96-Core Processor", or "" where the CPU does not say; asked once.
func Brand() string {
	brandOnce.Do(func() { brand = brandString(readBrand()) })
	return brand
}

// The detected values, set on first use (a plain sync.Once: sync.OnceValue would
// allocate at process start).
var (
	infoOnce, brandOnce sync.Once
	info                Info
	brand               string
)

// regs are the CPUID and XGETBV results decode reads.
type regs struct {
	maxLeaf, maxExt  uint32    // CPUID 0 EAX, CPUID 0x80000000 EAX
	vendor           [3]uint32 // CPUID 0 EBX, EDX, ECX
	eax1, ecx1, edx1 uint32    // CPUID 1
	ebx7, ecx7       uint32    // CPUID 7.0
	ecxExt1, edxExt1 uint32    // CPUID 0x80000001
	xcr0             uint32    // XGETBV 0 EAX, when CPUID 1 says OSXSAVE
}

func bit(r uint32, n uint) bool { return r>>n&1 != 0 }

// decode turns the registers into an Info, by the rules of klauspost/cpuid/v2.
func decode(r regs) Info {
	var i Info
	if r.maxLeaf < 1 {
		return i
	}
	var v strings.Builder
	for _, w := range r.vendor {
		v.WriteString(string([]byte{byte(w), byte(w >> 8), byte(w >> 16), byte(w >> 24)}))
	}
	i.Vendor = v.String()
	c1, d1 := r.ecx1, r.edx1
	ext := r.maxExt >= 0x80000001
	ce, de := uint32(0), uint32(0)
	if ext {
		ce, de = r.ecxExt1, r.edxExt1
	}
	i.VM = bit(c1, 31)
	// POPCNT: CPUID 1 ECX bit 23, or implied by ABM (AMD's LZCNT bit).
	i.LZCNT = bit(ce, 5)
	i.POPCNT = bit(c1, 23) || i.LZCNT
	osxsave := bit(c1, 27)
	ymm := osxsave && bit(c1, 26) && r.xcr0&6 == 6
	zmm := osxsave && bit(c1, 26) && r.xcr0>>5&7 == 7 && r.xcr0>>1&3 == 3
	avx := ymm && bit(c1, 28)
	var b7, c7 uint32
	if r.maxLeaf >= 7 {
		b7, c7 = r.ebx7, r.ecx7
	}
	i.BMI1 = bit(b7, 3)
	i.BMI2 = i.BMI1 && bit(b7, 8)
	i.ADX = bit(b7, 19)
	i.AVX2 = avx && bit(b7, 5)
	if zmm {
		i.AVX512F = bit(b7, 16)
		i.AVX512 = i.AVX512F && bit(b7, 17) && bit(b7, 21) && bit(b7, 30) && bit(b7, 31) && bit(c7, 1) && bit(c7, 6)
	}
	i.FastPEXT = i.BMI2 && fastPEXT(r.eax1)

	// The x86-64 levels: the feature lists of the psABI, as klauspost/cpuid/v2 checks them.
	v1 := (bit(d1, 11) || bit(de, 11)) && // SYSENTER or SYSCALL
		bit(d1, 15) && bit(d1, 8) && bit(d1, 0) && // CMOV, CMPXCHG8B, x87
		(bit(d1, 24) || bit(de, 24)) && (bit(d1, 23) || bit(de, 23)) && // FXSR, MMX
		bit(d1, 25) && bit(d1, 26) // SSE, SSE2
	v2 := v1 && bit(c1, 13) && bit(ce, 0) && i.POPCNT && // CX16, LAHF, POPCNT
		bit(c1, 0) && bit(c1, 19) && bit(c1, 20) && bit(c1, 9) // SSE3, SSE4.1, SSE4.2, SSSE3
	v3 := v2 && avx && i.AVX2 && i.BMI1 && i.BMI2 && bit(c1, 29) && // F16C
		bit(c1, 12) && osxsave && i.LZCNT && bit(c1, 22) // FMA3, LZCNT, MOVBE
	v4 := v3 && zmm && bit(b7, 16) && bit(b7, 30) && bit(b7, 28) && bit(b7, 17) && bit(b7, 31) // F, BW, CD, DQ, VL
	for _, ok := range []bool{v1, v2, v3, v4} {
		if ok {
			i.Level++
		}
	}
	return i
}

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

// brandString reads the 48 bytes of CPUID 0x80000002 to 0x80000004 (EAX, EBX, ECX,
// EDX each), up to the first NUL, without surrounding spaces.
func brandString(w [12]uint32) string {
	b := make([]byte, 0, 48)
	for _, x := range w {
		b = append(b, byte(x), byte(x>>8), byte(x>>16), byte(x>>24))
	}
	if n := strings.IndexByte(string(b), 0); n >= 0 {
		b = b[:n]
	}
	return strings.TrimSpace(string(b))
}
