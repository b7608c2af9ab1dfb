//go:build amd64 && !purego

package x86

// asmBuild says whether this build asks the CPU (amd64 without the purego tag).
const asmBuild = true

func cpuid(eax, ecx uint32) (a, b, c, d uint32)
func xgetbv0() (eax, edx uint32)

func detect() Features {
	var f Features
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 1 {
		return f
	}
	eax1, _, ecx1, _ := cpuid(1, 0)
	const popcnt, osxsave, avx = 1 << 23, 1 << 27, 1 << 28
	f.POPCNT = ecx1&popcnt != 0
	if maxLeaf < 7 {
		return f
	}
	_, b7, c7, _ := cpuid(7, 0)
	const (
		bmi1, avx2, bmi2, f512, dq, ifma, bw, vl = 1 << 3, 1 << 5, 1 << 8, 1 << 16, 1 << 17, 1 << 21, 1 << 30, 1 << 31
		vbmi, vbmi2                              = 1 << 1, 1 << 6
	)
	f.BMI1 = b7&bmi1 != 0
	f.BMI2 = b7&bmi2 != 0
	f.FastPEXT = f.BMI2 && fastPEXT(eax1)
	if ecx1&(osxsave|avx) != osxsave|avx {
		return f
	}
	xcr0, _ := xgetbv0()
	ymm := xcr0&6 == 6       // XMM and YMM state
	zmm := xcr0&0xe6 == 0xe6 // and the opmask and ZMM state
	f.AVX2 = ymm && b7&avx2 != 0
	const want512 = f512 | dq | ifma | bw | vl
	f.AVX512 = zmm && b7&want512 == want512 && c7&(vbmi|vbmi2) == vbmi|vbmi2
	return f
}
