//go:build amd64 && !purego

#include "textflag.h"

// The bytes counted: 'X', 'O' and '-'.
DATA symX<>+0(SB)/1, $0x58
GLOBL symX<>(SB), RODATA|NOPTR, $1
DATA symO<>+0(SB)/1, $0x4f
GLOBL symO<>(SB), RODATA|NOPTR, $1
DATA symD<>+0(SB)/1, $0x2d
GLOBL symD<>(SB), RODATA|NOPTR, $1

// func feedAVX2(s *bitStream, xs, os *uint64, p *byte, n int) (nul bool)
//
// Registers: R10, R11 the pending bits of the X and O streams (ax, ao), R12 how many
// are valid (off, 0..63), R13 the words stored (k); SI the input, CX the bytes left.
// Each step takes 64 bytes: the masks of X, O and - bytes, PEXT of the X and O masks
// by the counted mask, POPCNT of it (cnt); then ax |= x<<off, and when off+cnt
// reaches 64 the word is full: k++, and ax = x>>(64-off), computed as (x>>1)>>(63-off)
// since a shift by 64 is a shift by 0 on x86. The pending word is stored at k every
// step, without a branch; k only moves on when it is full. Y12 gathers the bytes that
// are NUL: nul reports whether there was one.
TEXT ·feedAVX2(SB), NOSPLIT, $0-41
	MOVQ s+0(FP), DI
	MOVQ xs+8(FP), R8
	MOVQ os+16(FP), R9
	MOVQ p+24(FP), SI
	MOVQ n+32(FP), CX
	MOVQ 0(DI), R10
	MOVQ 8(DI), R11
	MOVQ 16(DI), R12
	MOVQ 24(DI), R13
	MOVB $0, nul+40(FP)
	TESTQ CX, CX
	JZ   done
	VPXOR Y0, Y0, Y0
	VPXOR Y12, Y12, Y12
	VPBROADCASTB symX<>(SB), Y1
	VPBROADCASTB symO<>(SB), Y2
	VPBROADCASTB symD<>(SB), Y3

loop:
	VMOVDQU 0(SI), Y4
	VMOVDQU 32(SI), Y5
	VPCMPEQB Y1, Y4, Y6
	VPCMPEQB Y1, Y5, Y7
	VPCMPEQB Y2, Y4, Y8
	VPCMPEQB Y2, Y5, Y9
	VPCMPEQB Y3, Y4, Y10
	VPCMPEQB Y3, Y5, Y11
	VPMINUB Y4, Y5, Y13
	VPCMPEQB Y0, Y13, Y13
	VPOR Y13, Y12, Y12 // NUL bytes
	VPMOVMSKB Y6, AX
	VPMOVMSKB Y7, BX
	SHLQ $32, BX
	ORQ  BX, AX // X bytes
	VPMOVMSKB Y8, BX
	VPMOVMSKB Y9, DX
	SHLQ $32, DX
	ORQ  DX, BX // O bytes
	VPOR Y6, Y8, Y6
	VPOR Y7, Y9, Y7
	VPOR Y6, Y10, Y6
	VPOR Y7, Y11, Y7
	VPMOVMSKB Y6, DX
	VPMOVMSKB Y7, DI
	SHLQ $32, DI
	ORQ  DI, DX // counted bytes
	PEXTQ DX, AX, AX // x: the X bits of the counted bytes, in order
	PEXTQ DX, BX, BX // o
	POPCNTQ DX, DX // cnt
	SHLXQ R12, AX, DI
	ORQ  DI, R10 // ax |= x << off
	SHLXQ R12, BX, DI
	ORQ  DI, R11 // ao |= o << off
	MOVQ R10, (R8)(R13*8)
	MOVQ R11, (R9)(R13*8)
	MOVQ $63, DI
	SUBQ R12, DI
	SHRQ $1, AX
	SHRXQ DI, AX, AX // x >> (64-off): the bits left over if the word is full
	SHRQ $1, BX
	SHRXQ DI, BX, BX
	ADDQ DX, R12 // off += cnt
	MOVQ R12, DI
	SHRQ $6, DI // 1 when the word is full
	ADDQ DI, R13
	ANDQ $63, R12
	TESTQ DI, DI
	CMOVQNE AX, R10
	CMOVQNE BX, R11
	ADDQ $64, SI
	SUBQ $64, CX
	JNZ  loop
	VPTEST Y12, Y12
	SETNE nul+40(FP)
	VZEROUPPER

done:
	MOVQ s+0(FP), DI
	MOVQ R10, 0(DI)
	MOVQ R11, 8(DI)
	MOVQ R12, 16(DI)
	MOVQ R13, 24(DI)
	RET
