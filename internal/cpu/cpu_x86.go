//go:build amd64

package cpu

func cpuidex(eax, ecx uint32) (a, b, c, d uint32)
func xgetbv0() (eax, edx uint32)

// read asks the CPU for the leaves decode needs.
func read() regs {
	var r regs
	r.maxLeaf, r.vendor[0], r.vendor[2], r.vendor[1] = cpuidex(0, 0)
	if r.maxLeaf < 1 {
		return r
	}
	r.eax1, _, r.ecx1, r.edx1 = cpuidex(1, 0)
	if r.ecx1>>27&1 != 0 { // OSXSAVE: XGETBV is there
		r.xcr0, _ = xgetbv0()
	}
	if r.maxLeaf >= 7 {
		_, r.ebx7, r.ecx7, _ = cpuidex(7, 0)
	}
	r.maxExt, _, _, _ = cpuidex(0x80000000, 0)
	if r.maxExt >= 0x80000001 {
		_, _, r.ecxExt1, r.edxExt1 = cpuidex(0x80000001, 0)
	}
	return r
}

// readBrand asks the CPU for its brand string's registers, zero where it has none.
func readBrand() (w [12]uint32) {
	if max, _, _, _ := cpuidex(0x80000000, 0); max < 0x80000004 {
		return w
	}
	for i := range 3 {
		w[4*i], w[4*i+1], w[4*i+2], w[4*i+3] = cpuidex(0x80000002+uint32(i), 0)
	}
	return w
}
