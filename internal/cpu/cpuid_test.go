//go:build amd64

package cpu

import (
	"strings"
	"testing"

	"github.com/klauspost/cpuid/v2"
)

// TestMatchesCPUID compares the detection with github.com/klauspost/cpuid/v2 on this
// machine, whatever it is: the same vendor, brand, level and features.
func TestMatchesCPUID(t *testing.T) {
	c := &cpuid.CPU
	i := Get()
	if i.Vendor != c.VendorString {
		t.Errorf("vendor %q, cpuid says %q", i.Vendor, c.VendorString)
	}
	if got, want := Brand(), strings.TrimSpace(c.BrandName); got != want {
		t.Errorf("brand %q, cpuid says %q", got, want)
	}
	if i.Level != c.X64Level() {
		t.Errorf("x86-64 level %d, cpuid says %d", i.Level, c.X64Level())
	}
	if i.VM != c.Supports(cpuid.HYPERVISOR) {
		t.Errorf("VM %v, cpuid says %v", i.VM, c.Supports(cpuid.HYPERVISOR))
	}
	for _, f := range []struct {
		name string
		got  bool
		ids  []cpuid.FeatureID
	}{
		{"POPCNT", i.POPCNT, []cpuid.FeatureID{cpuid.POPCNT}},
		{"BMI1", i.BMI1, []cpuid.FeatureID{cpuid.BMI1}},
		{"BMI2", i.BMI2, []cpuid.FeatureID{cpuid.BMI2}},
		{"LZCNT", i.LZCNT, []cpuid.FeatureID{cpuid.LZCNT}},
		{"ADX", i.ADX, []cpuid.FeatureID{cpuid.ADX}},
		{"AVX2", i.AVX2, []cpuid.FeatureID{cpuid.AVX2}},
		{"AVX512F", i.AVX512F, []cpuid.FeatureID{cpuid.AVX512F}},
		{"AVX512", i.AVX512, []cpuid.FeatureID{cpuid.AVX512F, cpuid.AVX512BW, cpuid.AVX512DQ, cpuid.AVX512VL,
			cpuid.AVX512IFMA, cpuid.AVX512VBMI, cpuid.AVX512VBMI2}},
	} {
		if want := c.Supports(f.ids...); f.got != want {
			t.Errorf("%s = %v, cpuid says %v", f.name, f.got, want)
		}
	}
	if i.FastPEXT && !i.BMI2 {
		t.Error("FastPEXT without BMI2")
	}
	t.Logf("%s (%s): %+v", Brand(), i.Vendor, i)
}
