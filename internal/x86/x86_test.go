package x86

import (
	"os"
	"runtime"
	"strings"
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

// TestCPU checks the detection against the kernel's list of flags, where there is one.
func TestCPU(t *testing.T) {
	f := CPU()
	if !asmBuild {
		if f != (Features{}) {
			t.Fatalf("%s (or the purego tag): %+v, want none", runtime.GOARCH, f)
		}
		return
	}
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Skipf("no /proc/cpuinfo to compare with: %v", err)
	}
	var flags map[string]bool
	for _, line := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "flags" {
			flags = map[string]bool{}
			for _, w := range strings.Fields(v) {
				flags[w] = true
			}
			break
		}
	}
	if flags == nil {
		t.Skip("no flags line in /proc/cpuinfo")
	}
	all := func(names ...string) bool {
		for _, n := range names {
			if !flags[n] {
				return false
			}
		}
		return true
	}
	for _, c := range []struct {
		name string
		got  bool
		want bool
	}{
		{"POPCNT", f.POPCNT, all("popcnt")},
		{"BMI1", f.BMI1, all("bmi1")},
		{"BMI2", f.BMI2, all("bmi2")},
		{"AVX2", f.AVX2, all("avx2")},
		{"AVX512", f.AVX512, all("avx512f", "avx512bw", "avx512dq", "avx512vl", "avx512ifma", "avx512vbmi", "avx512_vbmi2")},
	} {
		if c.got != c.want {
			t.Errorf("%s = %v, /proc/cpuinfo says %v", c.name, c.got, c.want)
		}
	}
	if f.FastPEXT && !f.BMI2 {
		t.Error("FastPEXT without BMI2")
	}
}
