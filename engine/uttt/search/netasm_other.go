//go:build !amd64 || purego

package search

// useNetAsm is false: there are no network kernels in assembly on this architecture.
var useNetAsm = false

// netAsmEnabled reports that the assembly kernels cannot run.
func netAsmEnabled() bool { return false }

// NetAsm reports that the network evaluation's assembly kernels cannot run here.
func NetAsm() bool { return false }

// netUpdate sets to[s] = from[s] + cur[s] - old[s] for both sides s.
func netUpdate(to, from *[2][NetHidden]int32, oldX, curX, oldO, curO *[NetHidden]int16) {
	netUpdateGo(to, from, oldX, curX, oldO, curO)
}

// netOut is the output layer's sum: see netOutGo.
func netOut(acc, x1, x2 *[NetHidden]int32, cur, old, fr *[NetHidden]int16, w2 *[NetHidden]int32) int32 {
	return netOutGo(acc, x1, x2, cur, old, fr, w2)
}

// netUpdate16 is netUpdate with the sums in int16.
func netUpdate16(to, from *[2][NetHidden]int16, oldX, curX, oldO, curO *[NetHidden]int16) {
	netUpdate16Go(to, from, oldX, curX, oldO, curO)
}

// netOut16 is netOut with the sums in int16: see netOut16Go.
func netOut16(acc, x1, x2, cur, old, fr, w2 *[NetHidden]int16) int32 {
	return netOut16Go(acc, x1, x2, cur, old, fr, w2)
}
