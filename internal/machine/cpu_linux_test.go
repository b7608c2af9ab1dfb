//go:build linux && amd64

package machine

import (
	"reflect"
	"strings"
	"testing"

	"github.com/klauspost/cpuid/v2"
)

// TestProcMatchesCPUID: the report read from /proc/cpuinfo says what the CPU itself
// says through the cpuid package (the package the report used before).
func TestProcMatchesCPUID(t *testing.T) {
	c := detect()
	if got, want := strings.TrimSpace(c.brand), strings.TrimSpace(cpuid.CPU.BrandName); got != want {
		t.Errorf("brand %q, cpuid says %q", got, want)
	}
	if c.vendor != cpuid.CPU.VendorString {
		t.Errorf("vendor %q, cpuid says %q", c.vendor, cpuid.CPU.VendorString)
	}
	if c.x64Level != cpuid.CPU.X64Level() {
		t.Errorf("x86-64 level %d, cpuid says %d", c.x64Level, cpuid.CPU.X64Level())
	}
	if c.vm != cpuid.CPU.VM() {
		t.Errorf("vm %v, cpuid says %v", c.vm, cpuid.CPU.VM())
	}
	want := map[string]bool{"POPCNT": cpuid.CPU.Supports(cpuid.POPCNT), "BMI1": cpuid.CPU.Supports(cpuid.BMI1),
		"BMI2": cpuid.CPU.Supports(cpuid.BMI2), "LZCNT": cpuid.CPU.Supports(cpuid.LZCNT), "AVX2": cpuid.CPU.Supports(cpuid.AVX2),
		"AVX512F": cpuid.CPU.Supports(cpuid.AVX512F), "ADX": cpuid.CPU.Supports(cpuid.ADX)}
	if !reflect.DeepEqual(c.has, want) {
		t.Errorf("features %v, cpuid says %v", c.has, want)
	}
	t.Logf("cores: /proc %d physical, %d logical; cpuid %d, %d", c.physical, c.logical, cpuid.CPU.PhysicalCores, cpuid.CPU.LogicalCores)
}
