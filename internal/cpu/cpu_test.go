package cpu

import (
	"testing"
)

func TestFastPEXT(t *testing.T) {
	for _, c := range []struct {
		name string
		eax1 uint32
		fast bool
	}{
		{"Intel Sapphire Rapids (family 6)", 0x000806f8, true},
		{"Intel Skylake (family 6)", 0x000506e3, true},
		{"Intel Haswell (family 6)", 0x000306c3, true},
		{"AMD Excavator (0x15)", 0x00660f01, false},
		{"AMD Excavator (0x15, model 0x65)", 0x00660f51, false},
		{"AMD Zen 1 (0x17)", 0x00800f11, false},
		{"AMD Zen 2 (0x17)", 0x00870f10, false},
		{"AMD Zen 2 (0x17, model 0x30)", 0x00830f10, false},
		{"Hygon Dhyana (0x18)", 0x00900f01, false},
		{"AMD Zen 3 (0x19)", 0x00a20f10, true},
		{"AMD Zen 4 (0x19)", 0x00a60f12, true},
		{"AMD Zen 4 (0x19, model 0x11)", 0x00a10f11, true},
		{"AMD Zen 5 (0x1a)", 0x00b40f40, true},
	} {
		if got := fastPEXT(c.eax1); got != c.fast {
			t.Errorf("%s: fastPEXT(%#x) = %v, want %v", c.name, c.eax1, got, c.fast)
		}
	}
}

// bits sets the numbered bits.
func bits(ns ...uint) uint32 {
	var r uint32
	for _, n := range ns {
		r |= 1 << n
	}
	return r
}

// vendorRegs is a vendor string as CPUID 0 returns it (EBX, EDX, ECX).
func vendorRegs(s string) [3]uint32 {
	var w [3]uint32
	for i := range 12 {
		w[i/4] |= uint32(s[i]) << (8 * (i % 4))
	}
	return w
}

// zen4 is the registers of an AMD EPYC of the Zen 4 family (0x19) under a hypervisor,
// with every feature of x86-64-v4: LZCNT only in CPUID 0x80000001 ECX bit 5 (ABM), as
// AMD reports it.
func zen4() regs {
	return regs{
		maxLeaf: 0x10, maxExt: 0x80000021,
		vendor: vendorRegs("AuthenticAMD"),
		eax1:   0x00a10f11,
		// SSE3 0, FMA 12, CX16 13, SSSE3 9, SSE4.1 19, SSE4.2 20, MOVBE 22, POPCNT 23,
		// XSAVE 26, OSXSAVE 27, AVX 28, F16C 29, hypervisor 31.
		ecx1: bits(0, 9, 12, 13, 19, 20, 22, 23, 26, 27, 28, 29, 31),
		// x87 0, CX8 8, SEP 11, CMOV 15, MMX 23, FXSR 24, SSE 25, SSE2 26.
		edx1: bits(0, 8, 11, 15, 23, 24, 25, 26),
		// BMI1 3, AVX2 5, BMI2 8, ADX 19, AVX512F 16, DQ 17, IFMA 21, CD 28, BW 30, VL 31.
		ebx7: bits(3, 5, 8, 16, 17, 19, 21, 28, 30, 31),
		ecx7: bits(1, 6), // VBMI, VBMI2
		// LAHF 0, ABM (LZCNT) 5; SYSCALL 11.
		ecxExt1: bits(0, 5), edxExt1: bits(11),
		xcr0: 0xe7, // x87, SSE, AVX, opmask, ZMM_Hi256, Hi16_ZMM
	}
}

// TestDecode checks the decoding of CPUID registers, AMD's way of reporting LZCNT and
// the features the operating system or hypervisor withholds included.
func TestDecode(t *testing.T) {
	all := Info{Vendor: "AuthenticAMD", VM: true, Level: 4, POPCNT: true, BMI1: true, BMI2: true, LZCNT: true,
		ADX: true, AVX2: true, AVX512F: true, AVX512: true, FastPEXT: true}
	for _, c := range []struct {
		name string
		edit func(*regs)
		want func(*Info)
	}{
		{"AMD Zen 4, every feature", func(*regs) {}, func(*Info) {}},
		{"Intel, the same features", func(r *regs) { r.vendor = vendorRegs("GenuineIntel"); r.eax1 = 0x000806f8 },
			func(i *Info) { i.Vendor = "GenuineIntel" }},
		{"AMD Zen 2: slow PEXT", func(r *regs) { r.eax1 = 0x00830f10 }, func(i *Info) { i.FastPEXT = false }},
		{"no hypervisor bit", func(r *regs) { r.ecx1 &^= bits(31) }, func(i *Info) { i.VM = false }},
		{"ZMM registers not saved", func(r *regs) { r.xcr0 = 7 },
			func(i *Info) { i.AVX512F, i.AVX512, i.Level = false, false, 3 }},
		{"no VBMI2: AVX512F and level 4, not the AVX-512 paths", func(r *regs) { r.ecx7 &^= bits(6) },
			func(i *Info) { i.AVX512 = false }},
		{"no OSXSAVE: no AVX at all", func(r *regs) { r.ecx1 &^= bits(27); r.xcr0 = 0 },
			func(i *Info) { i.AVX2, i.AVX512F, i.AVX512, i.Level = false, false, false, 2 }},
		{"ABM hidden: no LZCNT, level 2", func(r *regs) { r.ecxExt1 &^= bits(5) },
			func(i *Info) { i.LZCNT, i.Level = false, 2 }},
		{"no POPCNT bit, but ABM", func(r *regs) { r.ecx1 &^= bits(23) }, func(*Info) {}},
		{"no leaf 7", func(r *regs) { r.maxLeaf = 6 },
			func(i *Info) {
				i.BMI1, i.BMI2, i.ADX, i.AVX2, i.AVX512F, i.AVX512, i.FastPEXT, i.Level = false, false, false, false, false, false, false, 2
			}},
		{"no extended leaves", func(r *regs) { r.maxExt = 0x80000000 },
			func(i *Info) { i.LZCNT, i.Level = false, 1 }},
		{"no SYSCALL nor SYSENTER: level 0", func(r *regs) { r.edx1 &^= bits(11); r.edxExt1 = 0 },
			func(i *Info) { i.Level = 0 }},
		{"no leaf 1", func(r *regs) { r.maxLeaf = 0 }, func(i *Info) { *i = Info{} }},
	} {
		r := zen4()
		c.edit(&r)
		want := all
		c.want(&want)
		if got := decode(r); got != want {
			t.Errorf("%s:\n got %+v\nwant %+v", c.name, got, want)
		}
	}
}

func TestBrandString(t *testing.T) {
	var w [12]uint32
	s := "  AMD EPYC 9R14 96-Core Processor"
	for i := range len(s) {
		w[i/4] |= uint32(s[i]) << (8 * (i % 4))
	}
	if got := brandString(w); got != "AMD EPYC 9R14 96-Core Processor" {
		t.Errorf("brandString = %q", got)
	}
	if got := brandString([12]uint32{}); got != "" {
		t.Errorf("no brand: %q", got)
	}
}
