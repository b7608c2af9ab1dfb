//go:build !amd64

package cpu

// read finds nothing: there is no CPUID here.
func read() regs { return regs{} }

// readBrand finds nothing: there is no CPUID here.
func readBrand() (w [12]uint32) { return w }
