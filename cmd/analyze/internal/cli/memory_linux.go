package cli

import (
	"bufio"
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// systemMemoryLimits lists the machine's RAM, RLIMIT_AS and the cgroup v2 memory.max
// of this process's cgroup; unknown or unlimited ones are left out.
func systemMemoryLimits() []int64 {
	var out []int64
	var si unix.Sysinfo_t
	if unix.Sysinfo(&si) == nil {
		out = append(out, int64(si.Totalram)*int64(si.Unit))
	}
	var rl unix.Rlimit
	if unix.Getrlimit(unix.RLIMIT_AS, &rl) == nil && rl.Cur != unix.RLIM_INFINITY && rl.Cur < 1<<62 {
		out = append(out, int64(rl.Cur))
	}
	if l := cgroupMemoryMax(); l > 0 {
		out = append(out, l)
	}
	return out
}

func cgroupMemoryMax() int64 {
	paths := []string{"/sys/fs/cgroup/memory.max"}
	if f, err := os.Open("/proc/self/cgroup"); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if p, ok := strings.CutPrefix(sc.Text(), "0::"); ok && p != "/" {
				paths = append([]string{"/sys/fs/cgroup" + p + "/memory.max"}, paths...)
			}
		}
		f.Close()
	}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		v, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
		if err == nil && v > 0 {
			return v
		}
	}
	return 0
}
