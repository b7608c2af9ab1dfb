package machine

import (
	"bufio"
	"os"
	"strings"
)

// procCPU reads from /proc/cpuinfo what CPUID does not tell simply: the number of
// physical cores (distinct physical and core ids) and logical processors, and the
// model name on CPUs without CPUID. Zero values where it cannot be read.
func procCPU() (model string, physical, logical int) {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return "", 0, 0
	}
	defer f.Close()
	cores := map[string]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	phys := ""
	for sc.Scan() {
		key, val, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		switch key {
		case "processor":
			logical++
		case "model name":
			if model == "" {
				model = val
			}
		case "physical id":
			phys = val
		case "core id":
			cores[phys+"/"+val] = true
		}
	}
	physical = len(cores)
	if physical == 0 {
		physical = logical
	}
	return model, physical, logical
}
