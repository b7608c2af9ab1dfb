package machine

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// memSlack is kept back beyond an allocation for the Go runtime and the rest of the
// process.
const memSlack = 64 << 20

// CheckAlloc returns nil when this process may allocate bytes more, and otherwise an
// error naming the limit it would break: the machine's memory (MemTotal), the process
// limits RLIMIT_AS (ulimit -v) and RLIMIT_DATA (ulimit -d) less what the process uses,
// or the cgroup's memory limit (memory.max, or memory.limit_in_bytes under cgroup v1).
// A limit that cannot be read is not checked. Call it before a large allocation and
// refuse the work, rather than let the runtime die.
func CheckAlloc(bytes int64) error {
	need := bytes + memSlack
	if bytes < 0 || need < bytes {
		return fmt.Errorf("%s is more memory than any machine has", formatSize(bytes))
	}
	status, _ := os.ReadFile("/proc/self/status")
	if mi, err := os.ReadFile("/proc/meminfo"); err == nil {
		if total, ok := kbField(string(mi), "MemTotal"); ok && need > total {
			return fmt.Errorf("needs %s, but the machine has %s of memory", formatSize(bytes), formatSize(total))
		}
	}
	for _, l := range processLimits() {
		used, _ := kbField(string(status), l.used)
		if need > l.limit-used {
			return fmt.Errorf("needs %s, but the process limit %s is %s (%s in use)", formatSize(bytes), l.name, formatSize(l.limit), formatSize(used))
		}
	}
	if limit, ok := cgroupMemoryLimit(); ok {
		rss, _ := kbField(string(status), "VmRSS")
		if need > limit-rss {
			return fmt.Errorf("needs %s, but the cgroup's memory limit is %s (%s in use)", formatSize(bytes), formatSize(limit), formatSize(rss))
		}
	}
	return nil
}

// processLimit is a finite resource limit and the /proc/self/status field of what
// counts against it.
type processLimit struct {
	name  string
	limit int64
	used  string
}

// formatSize writes n in binary units: "512 B", "64 GiB", "1.5 GiB".
func formatSize(n int64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	v, i := float64(n), 0
	for v >= 1024 && i < len(units)-1 {
		v /= 1024
		i++
	}
	if i == 0 {
		return fmt.Sprintf("%d B", n)
	}
	return strconv.FormatFloat(float64(int64(v*10+0.5))/10, 'f', -1, 64) + " " + units[i]
}

// kbField reads "Key:   123 kB" from /proc/meminfo or /proc/self/status, in bytes.
func kbField(text, key string) (int64, bool) {
	for _, line := range strings.Split(text, "\n") {
		if rest, ok := strings.CutPrefix(line, key+":"); ok {
			f := strings.Fields(rest)
			if len(f) == 0 {
				return 0, false
			}
			v, err := strconv.ParseInt(f[0], 10, 64)
			return v * 1024, err == nil
		}
	}
	return 0, false
}

// cgroupMemoryLimit reads this process's cgroup memory limit (v2 memory.max or v1
// memory.limit_in_bytes); ok is false when there is none or it cannot be read.
func cgroupMemoryLimit() (int64, bool) {
	cg, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return 0, false
	}
	var files []string
	for _, line := range strings.Split(strings.TrimSpace(string(cg)), "\n") {
		parts := strings.SplitN(line, ":", 3)
		switch {
		case len(parts) != 3:
		case parts[0] == "0" && parts[1] == "":
			files = append(files, filepath.Join("/sys/fs/cgroup", parts[2], "memory.max"), filepath.Join("/sys/fs/cgroup/unified", parts[2], "memory.max"))
		case strings.Contains(","+parts[1]+",", ",memory,"):
			files = append(files, filepath.Join("/sys/fs/cgroup/memory", parts[2], "memory.limit_in_bytes"), "/sys/fs/cgroup/memory/memory.limit_in_bytes")
		}
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		v, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
		if err != nil || v <= 0 || v >= 1<<62 { // "max" or the v1 "no limit" value
			continue
		}
		return v, true
	}
	return 0, false
}
