//go:build linux

package machine

import (
	"bufio"
	"os"
	"runtime"
	"strings"
)

// detect reads /proc/cpuinfo. Linking a CPUID package instead would run its detection
// at every process start (0.5 ms, a third of a one-board command); the kernel's flags
// say the same.
func detect() cpuInfo {
	c := cpuInfo{has: map[string]bool{}}
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return c
	}
	defer f.Close()
	flags := map[string]bool{}
	cores := map[string]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	phys := ""
	first := true
	for sc.Scan() {
		key, val, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		switch key {
		case "processor":
			c.logical++
			if c.logical > 1 {
				first = false
			}
		case "model name":
			if first {
				c.brand = val
			}
		case "vendor_id":
			if first {
				c.vendor = val
			}
		case "flags", "Features":
			if first {
				for _, fl := range strings.Fields(val) {
					flags[fl] = true
				}
			}
		case "physical id":
			phys = val
		case "core id":
			cores[phys+"/"+val] = true
		}
	}
	c.physical = len(cores)
	if c.physical == 0 {
		c.physical = c.logical
	}
	if c.logical == 0 {
		c.logical = runtime.NumCPU()
	}
	c.vm = flags["hypervisor"]
	for name, flag := range map[string]string{"POPCNT": "popcnt", "BMI1": "bmi1", "BMI2": "bmi2",
		"LZCNT": "abm", "AVX2": "avx2", "AVX512F": "avx512f", "ADX": "adx"} {
		c.has[name] = flags[flag]
	}
	if runtime.GOARCH == "amd64" || runtime.GOARCH == "386" {
		c.x64Level = x64Level(flags)
	}
	return c
}

// x64Level is the x86-64 micro-architecture level (1 to 4) the flags meet, by the
// same feature lists as the cpuid package; 0 when even level 1 is not met.
func x64Level(flags map[string]bool) int {
	all := func(names string) bool {
		for _, n := range strings.Fields(names) {
			if !flags[n] {
				return false
			}
		}
		return true
	}
	if !flags["sep"] && !flags["syscall"] {
		return 0
	}
	const (
		v1 = "cmov cx8 fpu fxsr mmx sse sse2"
		v2 = v1 + " cx16 lahf_lm popcnt pni sse4_1 sse4_2 ssse3"
		v3 = v2 + " avx avx2 bmi1 bmi2 f16c fma abm movbe xsave"
		v4 = v3 + " avx512f avx512bw avx512cd avx512dq avx512vl"
	)
	switch {
	case all(v4):
		return 4
	case all(v3):
		return 3
	case all(v2):
		return 2
	case all(v1):
		return 1
	}
	return 0
}
