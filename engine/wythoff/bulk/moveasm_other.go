//go:build !amd64 || purego

package bulk

import "github.com/boardlab/boardlab/engine/wythoff"

func haveAsm() bool { return false }

func parseBlockAVX512(p *byte, avail int, ps *wythoff.Position, max int, nl *uint32) (n, used int) {
	panic("lines: no AVX-512 path on this architecture")
}

func emitBlockAVX512(out *byte, ps *wythoff.Position, hot *byte, n int, lines *[64]byte, zm *uint64, dig *[3][64]byte) int {
	panic("lines: no AVX-512 path on this architecture")
}
