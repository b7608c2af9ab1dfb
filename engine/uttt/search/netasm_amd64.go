//go:build amd64 && !purego

package search

import (
	"sync"

	"github.com/boardlab/boardlab/internal/cpu"
)

// The network's 32-wide row arithmetic in AVX2 (netasm_amd64.s): the search's update of
// both sides' board sums (netPlay) and the output layer (netChild, evaluateSums), with
// the sums in int32 or int16. They give exactly the integers of the Go loops in
// netasm.go, which stay the reference and the path on other CPUs.

// The kernels are written for 32 hidden units.
var _ [NetHidden - 32]struct{}
var _ [32 - NetHidden]struct{}

// useNetAsm says whether the AVX2 kernels run, once netAsmOnce has set it from the CPU
// (on the network's first load); tests flip it to check both paths.
var (
	useNetAsm  bool
	netAsmOnce sync.Once
)

// netAsmEnabled reports whether the AVX2 kernels run here, asking the CPU on first use.
func netAsmEnabled() bool {
	netAsmOnce.Do(func() { useNetAsm = cpu.Get().AVX2 })
	return useNetAsm
}

// NetAsm reports whether the network evaluation's AVX2 kernels run on this machine.
func NetAsm() bool { return netAsmEnabled() }

// The four kernels are in assembly. Each first tests useNetAsm and, when it is off,
// jumps to the Go loop of the same signature (netUpdateGo and the like), so that the
// search calls them directly.

// netUpdate sets to[s] = from[s] + cur[s] - old[s] for both sides s (int16 rows
// widened to int32): netUpdateGo.
//
//go:noescape
func netUpdate(to, from *[2][NetHidden]int32, oldX, curX, oldO, curO *[NetHidden]int16)

// netOut returns the sum over j of clamp(acc[j]+x1[j]+x2[j]+cur[j]-old[j]+fr[j], 0,
// netQA) times w2[j]: netOutGo.
//
//go:noescape
func netOut(acc, x1, x2 *[NetHidden]int32, cur, old, fr *[NetHidden]int16, w2 *[NetHidden]int32) int32

// netUpdate16 is netUpdate with the sums in int16 (wrapping): netUpdate16Go.
//
//go:noescape
func netUpdate16(to, from *[2][NetHidden]int16, oldX, curX, oldO, curO *[NetHidden]int16)

// netOut16 is netOut with the sums, the extra rows and the weights in int16
// (netOut16Go): VPADDW/VPSUBW for the sums, VPMAXSW/VPMINSW for the clamp, VPMADDWD for
// the products.
//
//go:noescape
func netOut16(acc, x1, x2, cur, old, fr, w2 *[NetHidden]int16) int32
