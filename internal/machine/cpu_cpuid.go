//go:build !linux

package machine

import "github.com/klauspost/cpuid/v2"

// detect asks the CPU itself (the cpuid package) where /proc/cpuinfo is not available.
func detect() cpuInfo {
	ids := map[string]cpuid.FeatureID{"POPCNT": cpuid.POPCNT, "BMI1": cpuid.BMI1, "BMI2": cpuid.BMI2,
		"LZCNT": cpuid.LZCNT, "AVX2": cpuid.AVX2, "AVX512F": cpuid.AVX512F, "ADX": cpuid.ADX}
	c := cpuInfo{
		brand:    cpuid.CPU.BrandName,
		vendor:   cpuid.CPU.VendorString,
		physical: cpuid.CPU.PhysicalCores,
		logical:  cpuid.CPU.LogicalCores,
		x64Level: cpuid.CPU.X64Level(),
		vm:       cpuid.CPU.VM(),
		has:      map[string]bool{},
	}
	for name, id := range ids {
		c.has[name] = cpuid.CPU.Supports(id)
	}
	return c
}
