package machine

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// MemoryBounds returns the limits on this process's memory that can be read here:
// the available memory of the machine (MemAvailable plus free swap), RLIMIT_AS and
// RLIMIT_DATA less the process's current virtual and data size, and the cgroup's
// memory limit (memory.max, or memory.limit_in_bytes under cgroup v1) less the
// process's resident size.
func MemoryBounds() []MemoryBound {
	var bs []MemoryBound
	status, _ := os.ReadFile("/proc/self/status")
	if mi, err := os.ReadFile("/proc/meminfo"); err == nil {
		avail, ok := parseKB(string(mi), "MemAvailable")
		total, _ := parseKB(string(mi), "MemTotal")
		if swap, ok := parseKB(string(mi), "SwapFree"); ok {
			avail += swap
		}
		if ok {
			bs = append(bs, MemoryBound{"the machine's available memory", total, avail})
		}
	}
	for _, r := range []struct {
		res  int
		name string
		used string
	}{{syscall.RLIMIT_AS, "the process limit RLIMIT_AS (ulimit -v)", "VmSize"},
		{syscall.RLIMIT_DATA, "the process limit RLIMIT_DATA (ulimit -d)", "VmData"}} {
		var lim syscall.Rlimit
		if syscall.Getrlimit(r.res, &lim) != nil || lim.Cur == ^uint64(0) || lim.Cur > 1<<62 {
			continue
		}
		used, _ := parseKB(string(status), r.used)
		bs = append(bs, MemoryBound{r.name, int64(lim.Cur), int64(lim.Cur) - used})
	}
	if lim, ok := cgroupLimit(); ok {
		rss, _ := parseKB(string(status), "VmRSS")
		bs = append(bs, MemoryBound{"the cgroup memory limit", lim, lim - rss})
	}
	return bs
}

// cgroupLimit reads this process's cgroup memory limit, v2 or v1; ok is false when
// there is none or it cannot be read.
func cgroupLimit() (int64, bool) {
	cg, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return 0, false
	}
	var cands []string
	for _, line := range strings.Split(strings.TrimSpace(string(cg)), "\n") {
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 {
			continue
		}
		switch {
		case parts[0] == "0" && parts[1] == "":
			cands = append(cands, filepath.Join("/sys/fs/cgroup", parts[2], "memory.max"),
				"/sys/fs/cgroup/memory.max")
		case strings.Contains(","+parts[1]+",", ",memory,"):
			cands = append(cands, filepath.Join("/sys/fs/cgroup/memory", parts[2], "memory.limit_in_bytes"),
				"/sys/fs/cgroup/memory/memory.limit_in_bytes")
		}
	}
	for _, c := range cands {
		b, err := os.ReadFile(c)
		if err != nil {
			continue
		}
		s := strings.TrimSpace(string(b))
		if s == "max" {
			continue
		}
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil || v >= 1<<62 { // cgroup v1 writes "no limit" as a huge number
			continue
		}
		return v, true
	}
	return 0, false
}
