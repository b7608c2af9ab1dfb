//go:build amd64 && !purego

#include "textflag.h"

// The network's 32-wide row arithmetic in AVX2; see netasm_amd64.go. In int32, each of
// the 32 sums is a lane: four YMM registers of eight, the int16 rows widened with
// VPMOVSXWD; in int16, two YMM registers of sixteen. Each function runs its Go loop
// instead (a tail jump, same arguments) when useNetAsm is off.

// UPDATE8 sets eight int32 lanes of a side's sums: the int16 rows at off16(cur) and
// off16(old), widened, give to = from + cur - old at off32 of DI and SI (R, T scratch).
#define UPDATE8(cur, old, off16, off32, R, T) \
	VPMOVSXWD off16(cur), R    \
	VPMOVSXWD off16(old), T    \
	VPSUBD    T, R, R          \
	VPADDD    off32(SI), R, R  \
	VMOVDQU   R, off32(DI)

// OUT8 computes eight lanes of netOut's products into R: clamp(acc + x1 + x2 + cur -
// old + fr, 0, netQA) * w2, with acc, x1, x2, w2 (int32) at off32 of AX, BX, CX, DI,
// cur, old and fr (int16) at off16 of DX, SI and R9, Y14 = 0 and Y15 = netQA (T
// scratch).
#define OUT8(off32, off16, R, T) \
	VMOVDQU   off32(AX), R     \
	VPADDD    off32(BX), R, R  \
	VPADDD    off32(CX), R, R  \
	VPMOVSXWD off16(DX), T     \
	VPADDD    T, R, R          \
	VPMOVSXWD off16(SI), T     \
	VPSUBD    T, R, R          \
	VPMOVSXWD off16(R9), T     \
	VPADDD    T, R, R          \
	VPMAXSD   Y14, R, R        \
	VPMINSD   Y15, R, R        \
	VPMULLD   off32(DI), R, R

// OUT_ARGS loads netOut's and netOut16's arguments (acc, x1, x2, cur, old, fr, w2 into
// AX, BX, CX, DX, SI, R9, DI), zeroes Y14 and puts netQA in X15, for the caller to
// broadcast.
#define OUT_ARGS \
	MOVQ  acc+0(FP), AX  \
	MOVQ  x1+8(FP), BX   \
	MOVQ  x2+16(FP), CX  \
	MOVQ  cur+24(FP), DX \
	MOVQ  old+32(FP), SI \
	MOVQ  fr+40(FP), R9  \
	MOVQ  w2+48(FP), DI  \
	VPXOR Y14, Y14, Y14  \
	MOVL  $1024, R8      \
	VMOVD R8, X15

// HSUM_Y0_AX adds Y0's eight int32 lanes into AX (X1 scratch).
#define HSUM_Y0_AX \
	VEXTRACTI128 $1, Y0, X1 \
	VPADDD  X1, X0, X0      \
	VPSHUFD $0x4e, X0, X1   \
	VPADDD  X1, X0, X0      \
	VPSHUFD $0xb1, X0, X1   \
	VPADDD  X1, X0, X0      \
	VMOVD   X0, AX

// func netUpdate(to, from *[2][32]int32, oldX, curX, oldO, curO *[32]int16)
TEXT ·netUpdate(SB), NOSPLIT, $0-48
	CMPB ·useNetAsm(SB), $0
	JNE 2(PC)
	JMP ·netUpdateGo(SB)
	MOVQ to+0(FP), DI
	MOVQ from+8(FP), SI
	MOVQ oldX+16(FP), AX
	MOVQ curX+24(FP), BX
	MOVQ oldO+32(FP), CX
	MOVQ curO+40(FP), DX
	// side X: to[0] = from[0] + cur - old
	UPDATE8(BX, AX, 0, 0, Y0, Y1)
	UPDATE8(BX, AX, 16, 32, Y2, Y3)
	UPDATE8(BX, AX, 32, 64, Y4, Y5)
	UPDATE8(BX, AX, 48, 96, Y6, Y7)
	// side O: to[1] = from[1] + cur - old
	UPDATE8(DX, CX, 0, 128, Y0, Y1)
	UPDATE8(DX, CX, 16, 160, Y2, Y3)
	UPDATE8(DX, CX, 32, 192, Y4, Y5)
	UPDATE8(DX, CX, 48, 224, Y6, Y7)
	VZEROUPPER
	RET

// func netOut(acc, x1, x2 *[32]int32, cur, old, fr *[32]int16, w2 *[32]int32) int32
TEXT ·netOut(SB), NOSPLIT, $0-60
	CMPB ·useNetAsm(SB), $0
	JNE 2(PC)
	JMP ·netOutGo(SB)
	OUT_ARGS // and Y14 = 0, X15 = netQA
	VPBROADCASTD X15, Y15 // netQA
	OUT8(0, 0, Y0, Y4)    // lanes 0..7
	OUT8(32, 16, Y1, Y5)  // lanes 8..15
	OUT8(64, 32, Y2, Y6)  // lanes 16..23
	OUT8(96, 48, Y3, Y7)  // lanes 24..31
	// the horizontal sum
	VPADDD Y1, Y0, Y0
	VPADDD Y3, Y2, Y2
	VPADDD Y2, Y0, Y0
	HSUM_Y0_AX
	VZEROUPPER
	MOVL AX, ret+56(FP)
	RET

// func netUpdate16(to, from *[2][32]int16, oldX, curX, oldO, curO *[32]int16)
TEXT ·netUpdate16(SB), NOSPLIT, $0-48
	CMPB ·useNetAsm(SB), $0
	JNE 2(PC)
	JMP ·netUpdate16Go(SB)
	MOVQ to+0(FP), DI
	MOVQ from+8(FP), SI
	MOVQ oldX+16(FP), AX
	MOVQ curX+24(FP), BX
	MOVQ oldO+32(FP), CX
	MOVQ curO+40(FP), DX
	// side X: to[0] = from[0] + curX - oldX
	VMOVDQU 0(SI), Y0
	VMOVDQU 32(SI), Y1
	VPADDW 0(BX), Y0, Y0
	VPADDW 32(BX), Y1, Y1
	VPSUBW 0(AX), Y0, Y0
	VPSUBW 32(AX), Y1, Y1
	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 32(DI)
	// side O: to[1] = from[1] + curO - oldO
	VMOVDQU 64(SI), Y2
	VMOVDQU 96(SI), Y3
	VPADDW 0(DX), Y2, Y2
	VPADDW 32(DX), Y3, Y3
	VPSUBW 0(CX), Y2, Y2
	VPSUBW 32(CX), Y3, Y3
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	VZEROUPPER
	RET

// func netOut16(acc, x1, x2, cur, old, fr, w2 *[32]int16) int32
TEXT ·netOut16(SB), NOSPLIT, $0-60
	CMPB ·useNetAsm(SB), $0
	JNE 2(PC)
	JMP ·netOut16Go(SB)
	OUT_ARGS // and Y14 = 0, X15 = netQA
	VPBROADCASTW X15, Y15 // netQA
	VMOVDQU 0(AX), Y0
	VMOVDQU 32(AX), Y1
	VPADDW 0(BX), Y0, Y0
	VPADDW 32(BX), Y1, Y1
	VPADDW 0(CX), Y0, Y0
	VPADDW 32(CX), Y1, Y1
	VPADDW 0(DX), Y0, Y0
	VPADDW 32(DX), Y1, Y1
	VPSUBW 0(SI), Y0, Y0
	VPSUBW 32(SI), Y1, Y1
	VPADDW 0(R9), Y0, Y0
	VPADDW 32(R9), Y1, Y1
	VPMAXSW Y14, Y0, Y0
	VPMAXSW Y14, Y1, Y1
	VPMINSW Y15, Y0, Y0
	VPMINSW Y15, Y1, Y1
	// pairs of products, summed in int32 (each at most 2^10 * 2^15)
	VPMADDWD 0(DI), Y0, Y0
	VPMADDWD 32(DI), Y1, Y1
	VPADDD Y1, Y0, Y0
	HSUM_Y0_AX
	VZEROUPPER
	MOVL AX, ret+56(FP)
	RET
