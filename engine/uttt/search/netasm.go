package search

import "github.com/boardlab/boardlab/engine/uttt"

// The network's row arithmetic in plain Go: the reference for the assembly kernels
// (netasm_amd64.s) and the path where they do not run (the kernels jump here when
// useNetAsm is off).

// netUpdateGo sets to[s] = from[s] + cur[s] - old[s] for both sides s: the board sums
// of a child whose move changed one board, from its parent's.
func netUpdateGo(to, from *[2][NetHidden]int32, oldX, curX, oldO, curO *[NetHidden]int16) {
	for j := range to[uttt.X] {
		to[uttt.X][j] = from[uttt.X][j] + int32(curX[j]) - int32(oldX[j])
	}
	for j := range to[uttt.O] {
		to[uttt.O][j] = from[uttt.O][j] + int32(curO[j]) - int32(oldO[j])
	}
}

// netOutGo returns the sum over j of clamp(acc[j]+x1[j]+x2[j]+cur[j]-old[j]+fr[j], 0,
// netQA) times w2[j]: the output layer over the hidden sums acc with the extra inputs'
// rows x1 and x2, one board's row cur in place of old, and the row fr of the board to
// play in. No step overflows int32: the clamped value is at most 2^10, |w2[j]| at most
// 2^15, and there are 32 terms.
func netOutGo(acc, x1, x2 *[NetHidden]int32, cur, old, fr *[NetHidden]int16, w2 *[NetHidden]int32) int32 {
	var out int32
	for j, v := range acc {
		out += min(max(v+x1[j]+x2[j]+int32(cur[j])-int32(old[j])+int32(fr[j]), 0), netQA) * w2[j]
	}
	return out
}

// netUpdate16Go is netUpdateGo with the sums in int16 (wrapping).
func netUpdate16Go(to, from *[2][NetHidden]int16, oldX, curX, oldO, curO *[NetHidden]int16) {
	for j := range to[uttt.X] {
		to[uttt.X][j] = from[uttt.X][j] + curX[j] - oldX[j]
	}
	for j := range to[uttt.O] {
		to[uttt.O][j] = from[uttt.O][j] + curO[j] - oldO[j]
	}
}

// netOut16Go is netOutGo with the sums, the extra inputs' rows and the output weights
// in int16: the hidden sum acc[j]+x1[j]+x2[j]+cur[j]-old[j]+fr[j] wraps modulo 2^16, so
// it equals netOutGo's when the true sum lies in the int16 range (Network.fits16).
func netOut16Go(acc, x1, x2, cur, old, fr, w2 *[NetHidden]int16) int32 {
	var out int32
	for j, v := range acc {
		h := v + x1[j] + x2[j] + cur[j] - old[j] + fr[j]
		out += int32(min(max(h, 0), netQA)) * int32(w2[j])
	}
	return out
}
