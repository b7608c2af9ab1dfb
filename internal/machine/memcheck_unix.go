//go:build unix

package machine

import "syscall"

// processLimits returns the finite RLIMIT_AS and RLIMIT_DATA soft limits.
func processLimits() []processLimit {
	var out []processLimit
	for _, r := range []struct {
		res  int
		name string
		used string
	}{{syscall.RLIMIT_AS, "RLIMIT_AS (ulimit -v)", "VmSize"}, {syscall.RLIMIT_DATA, "RLIMIT_DATA (ulimit -d)", "VmData"}} {
		var lim syscall.Rlimit
		if syscall.Getrlimit(r.res, &lim) == nil && lim.Cur != ^uint64(0) && lim.Cur < 1<<62 {
			out = append(out, processLimit{r.name, int64(lim.Cur), r.used})
		}
	}
	return out
}
