package qtttcmd

import (
	"bytes"
	"os"
	"strconv"
	"syscall"
)

// readMemoryFree reads MemAvailable (plus free swap) from /proc/meminfo and the address
// space left under RLIMIT_AS, and returns the smaller.
func readMemoryFree() (int64, string, bool) {
	mi, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0, "", false
	}
	free := meminfo(mi, "MemAvailable:") + meminfo(mi, "SwapFree:")
	what := "the machine's available memory"
	var lim syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_AS, &lim) == nil && lim.Cur < 1<<62 {
		st, _ := os.ReadFile("/proc/self/status")
		if left := int64(lim.Cur) - meminfo(st, "VmSize:"); left < free {
			free, what = left, "the process limit RLIMIT_AS (ulimit -v)"
		}
	}
	return free, what, true
}

// meminfo returns the value in bytes of a "Key:   123 kB" line, 0 if absent.
func meminfo(text []byte, key string) int64 {
	i := bytes.Index(text, []byte(key))
	if i < 0 {
		return 0
	}
	rest := text[i+len(key):]
	if j := bytes.IndexByte(rest, '\n'); j >= 0 {
		rest = rest[:j]
	}
	f := bytes.Fields(rest)
	if len(f) == 0 {
		return 0
	}
	v, _ := strconv.ParseInt(string(f[0]), 10, 64)
	return v << 10
}
