//go:build amd64 && !purego

#include "textflag.h"

// The AVX-512 (F, BW, DQ, IFMA, VBMI, VBMI2) passes of the fast path of "wythoff
// move"; see moveasm_amd64.go.

// iota64: bytes 0..63.
DATA iota64<>+0(SB)/8, $0x0706050403020100
DATA iota64<>+8(SB)/8, $0x0f0e0d0c0b0a0908
DATA iota64<>+16(SB)/8, $0x1716151413121110
DATA iota64<>+24(SB)/8, $0x1f1e1d1c1b1a1918
DATA iota64<>+32(SB)/8, $0x2726252423222120
DATA iota64<>+40(SB)/8, $0x2f2e2d2c2b2a2928
DATA iota64<>+48(SB)/8, $0x3736353433323130
DATA iota64<>+56(SB)/8, $0x3f3e3d3c3b3a3938
GLOBL iota64<>(SB), RODATA|NOPTR, $64

// pickAB2: qword indices 0, 4, 1 and 5 first (the piles of two parsed lines).
DATA pickAB2<>+0(SB)/8, $0
DATA pickAB2<>+8(SB)/8, $4
DATA pickAB2<>+16(SB)/8, $1
DATA pickAB2<>+24(SB)/8, $5
DATA pickAB2<>+32(SB)/8, $0
DATA pickAB2<>+40(SB)/8, $0
DATA pickAB2<>+48(SB)/8, $0
DATA pickAB2<>+56(SB)/8, $0
GLOBL pickAB2<>(SB), RODATA|NOPTR, $64

// pickAB: qword indices 0 and 4 first (the two piles of a parsed line).
DATA pickAB<>+0(SB)/8, $0
DATA pickAB<>+8(SB)/8, $4
DATA pickAB<>+16(SB)/8, $0
DATA pickAB<>+24(SB)/8, $0
DATA pickAB<>+32(SB)/8, $0
DATA pickAB<>+40(SB)/8, $0
DATA pickAB<>+48(SB)/8, $0
DATA pickAB<>+56(SB)/8, $0
GLOBL pickAB<>(SB), RODATA|NOPTR, $64

// masks: at 8n, bits 64-n..63 (the last n bytes of 64); at 168+4n, bits 32-n..31 (the
// last n bytes of a 32-byte half); n = 0..20.
DATA masks<>+0(SB)/8, $0x0000000000000000
DATA masks<>+8(SB)/8, $0x8000000000000000
DATA masks<>+16(SB)/8, $0xc000000000000000
DATA masks<>+24(SB)/8, $0xe000000000000000
DATA masks<>+32(SB)/8, $0xf000000000000000
DATA masks<>+40(SB)/8, $0xf800000000000000
DATA masks<>+48(SB)/8, $0xfc00000000000000
DATA masks<>+56(SB)/8, $0xfe00000000000000
DATA masks<>+64(SB)/8, $0xff00000000000000
DATA masks<>+72(SB)/8, $0xff80000000000000
DATA masks<>+80(SB)/8, $0xffc0000000000000
DATA masks<>+88(SB)/8, $0xffe0000000000000
DATA masks<>+96(SB)/8, $0xfff0000000000000
DATA masks<>+104(SB)/8, $0xfff8000000000000
DATA masks<>+112(SB)/8, $0xfffc000000000000
DATA masks<>+120(SB)/8, $0xfffe000000000000
DATA masks<>+128(SB)/8, $0xffff000000000000
DATA masks<>+136(SB)/8, $0xffff800000000000
DATA masks<>+144(SB)/8, $0xffffc00000000000
DATA masks<>+152(SB)/8, $0xffffe00000000000
DATA masks<>+160(SB)/8, $0xfffff00000000000
DATA masks<>+168(SB)/4, $0x00000000
DATA masks<>+172(SB)/4, $0x80000000
DATA masks<>+176(SB)/4, $0xc0000000
DATA masks<>+180(SB)/4, $0xe0000000
DATA masks<>+184(SB)/4, $0xf0000000
DATA masks<>+188(SB)/4, $0xf8000000
DATA masks<>+192(SB)/4, $0xfc000000
DATA masks<>+196(SB)/4, $0xfe000000
DATA masks<>+200(SB)/4, $0xff000000
DATA masks<>+204(SB)/4, $0xff800000
DATA masks<>+208(SB)/4, $0xffc00000
DATA masks<>+212(SB)/4, $0xffe00000
DATA masks<>+216(SB)/4, $0xfff00000
DATA masks<>+220(SB)/4, $0xfff80000
DATA masks<>+224(SB)/4, $0xfffc0000
DATA masks<>+228(SB)/4, $0xfffe0000
DATA masks<>+232(SB)/4, $0xffff0000
DATA masks<>+236(SB)/4, $0xffff8000
DATA masks<>+240(SB)/4, $0xffffc000
DATA masks<>+244(SB)/4, $0xffffe000
DATA masks<>+248(SB)/4, $0xfffff000
GLOBL masks<>(SB), RODATA|NOPTR, $252

// func parseBlockAVX512(p *byte, avail int, ps *wythoff.Position, max int, nl *uint32) (n, used int)
TEXT ·parseBlockAVX512(SB), NOSPLIT, $72-56
	MOVQ p+0(FP), SI
	MOVQ avail+8(FP), R8
	MOVQ ps+16(FP), DI
	MOVQ max+24(FP), R9
	MOVQ nl+32(FP), BX
	SHLQ $1, R9             // separators wanted: a space and a newline a line

	// 1. the offsets of the bytes other than digits (in lines of the common form, a
	// line's space and newline) in the 64-byte chunks that start before avail, until
	// 2*max of them: a chunk's mask compresses a vector of byte indices
	MOVL $0x30303030, AX
	VPBROADCASTD AX, Z22    // '0'
	MOVL $0x09090909, AX
	VPBROADCASTD AX, Z18    // 9
	VMOVDQU64 iota64<>(SB), Z21
	MOVL $64, AX
	VPBROADCASTD AX, Z20
	VPXORD Z19, Z19, Z19    // chunk offset in every dword
	XORQ CX, CX             // separators found
	XORQ DX, DX             // chunk offset
scan:
	CMPQ CX, R9
	JAE scanned
	CMPQ DX, R8
	JAE scanlast
	VMOVDQU8 (SI)(DX*1), Z17
	VPSUBB Z22, Z17, Z17
	VPCMPUB $6, Z18, Z17, K1 // byte - '0' > 9: not a digit
	KMOVQ K1, AX
scanchunk:
	VPCOMPRESSB.Z Z21, K1, Z2
	POPCNTQ AX, AX
	VPMOVZXBD X2, Z3
	VPADDD Z19, Z3, Z3
	VMOVDQU32 Z3, (BX)(CX*4)
	CMPQ AX, $16
	JA scanmore
scanned1:
	ADDQ AX, CX
	ADDQ $64, DX
	VPADDD Z20, Z19, Z19
	JMP scan
scanmore:
	// more than 16 newlines in a chunk (short or blank lines)
	VEXTRACTI32X4 $1, Z2, X4
	VPMOVZXBD X4, Z3
	VPADDD Z19, Z3, Z3
	VMOVDQU32 Z3, 64(BX)(CX*4)
	VEXTRACTI32X4 $2, Z2, X4
	VPMOVZXBD X4, Z3
	VPADDD Z19, Z3, Z3
	VMOVDQU32 Z3, 128(BX)(CX*4)
	VEXTRACTI32X4 $3, Z2, X4
	VPMOVZXBD X4, Z3
	VPADDD Z19, Z3, Z3
	VMOVDQU32 Z3, 192(BX)(CX*4)
	JMP scanned1
scanlast:
	// a chunk at or after avail may not be readable whole, but a line starting
	// before avail ends in it: read the 64 bytes from avail-1 instead, without the
	// separators already counted
	LEAQ 63(R8), AX
	CMPQ DX, AX
	JAE scanned             // no line starting before avail ends here
	LEAQ -1(R8), AX
	VMOVDQU8 (SI)(AX*1), Z17
	VPSUBB Z22, Z17, Z17
	VPCMPUB $6, Z18, Z17, K1
	MOVQ DX, R10
	SUBQ AX, R10            // bytes already scanned: 1..63
	KMOVQ K1, AX
	SHRXQ R10, AX, AX
	KMOVQ AX, K1
	XORQ R8, R8             // last chunk: leave the loop after it
	JMP scanchunk
scanned:
	MOVQ avail+8(FP), R8
	SHRQ $1, CX
	SHRQ $1, R9
	CMPQ CX, R9
	CMOVQHI R9, CX          // lines to parse: at most max
	MOVQ CX, 64(SP)
	LEAQ masks<>(SB), R9

	// 2. each line from its start (the previous newline + 1) to its newline; no
	// dependence between lines but the index
	MOVL $0x30303030, AX
	VPBROADCASTD AX, Z31   // '0'
	MOVL $0x010a010a, AX
	VPBROADCASTD AX, Z28   // byte weights 10, 1
	MOVL $0x00010064, AX
	VPBROADCASTD AX, Z27   // word weights 100, 1
	MOVL $0x00012710, AX
	VPBROADCASTD AX, Z26   // word weights 10000, 1
	MOVQ $100000000, AX
	VPBROADCASTQ AX, Z25
	MOVQ $152587890625, AX
	VPBROADCASTQ AX, Z24    // 5^16
	VMOVDQU64 pickAB<>(SB), Z23
	VMOVDQU64 pickAB2<>(SB), Z14
	XORQ CX, CX            // lines parsed
	XORQ R12, R12          // start of line CX

	// two lines at a time, with piles of 1 to 19 digits (else one line at psingle):
	// their 4-digit words packed into one register, the rest of the multiplies done
	// for both at once
ploop:
	LEAQ 2(CX), AX
	CMPQ AX, 64(SP)
	JA psingle
	CMPQ R12, R8
	JAE pdone
	MOVL (BX)(CX*8), R14
	MOVL 4(BX)(CX*8), R11
	MOVQ R14, R10
	SUBQ R12, R10
	LEAQ -1(R10), DX
	CMPQ DX, $19
	JAE psingle
	LEAQ -1(R11), R13
	SUBQ R14, R13
	LEAQ -1(R13), DX
	CMPQ DX, $19
	JAE psingle
	CMPB (SI)(R14*1), $0x20
	JNE pdone
	CMPB (SI)(R11*1), $0x0a
	JNE pdone
	KMOVD 168(R9)(R10*4), K2
	VMOVDQU8.Z -32(SI)(R14*1), K2, Z3
	KMOVQ (R9)(R13*8), K3
	VMOVDQU8 -64(SI)(R11*1), K3, Z3
	LEAQ 1(R11), R15        // the second line's start
	CMPQ R15, R8
	JAE psingle
	MOVL 8(BX)(CX*8), R14
	MOVL 12(BX)(CX*8), R11
	MOVQ R14, R10
	SUBQ R15, R10
	LEAQ -1(R10), DX
	CMPQ DX, $19
	JAE psingle
	LEAQ -1(R11), R13
	SUBQ R14, R13
	LEAQ -1(R13), DX
	CMPQ DX, $19
	JAE psingle
	CMPB (SI)(R14*1), $0x20
	JNE psingle
	CMPB (SI)(R11*1), $0x0a
	JNE psingle
	KMOVD 168(R9)(R10*4), K2
	VMOVDQU8.Z -32(SI)(R14*1), K2, Z13
	KMOVQ (R9)(R13*8), K3
	VMOVDQU8 -64(SI)(R11*1), K3, Z13
	VPSUBUSB Z31, Z3, Z3
	VPSUBUSB Z31, Z13, Z13
	VPMADDUBSW Z28, Z3, Z3
	VPMADDUBSW Z28, Z13, Z13
	VPMADDWD Z27, Z3, Z3
	VPMADDWD Z27, Z13, Z13
	VPACKUSDW Z13, Z3, Z3   // each lane: the first line's four 4-digit words, the second's
	VPMADDWD Z26, Z3, Z3
	VPMULUDQ Z25, Z3, Z4
	VPSRLQ $32, Z3, Z3
	VPADDQ Z4, Z3, Z3       // each lane: the first line's 16-digit value, the second's
	VPXORQ Z4, Z4, Z4
	VPMADD52LUQ Z24, Z3, Z4
	VPSLLQ $16, Z4, Z4
	VALIGNQ $2, Z3, Z3, Z5
	VPADDQ Z5, Z4, Z4       // A, A' in qwords 0, 1; B, B' in 4, 5
	VPERMQ Z4, Z14, Z4
	VMOVDQU Y4, (DI)
	ADDQ $32, DI
	LEAQ 1(R11), R12
	ADDQ $2, CX
	JMP ploop

	// one line
psingle:
	CMPQ CX, 64(SP)
	JAE pdone
	CMPQ R12, R8
	JAE pdone
	// the line's space and newline: A's digits between the line's start and the
	// space, B's between the space and the newline, all digits
	MOVL (BX)(CX*8), R14    // the space's offset
	MOVL 4(BX)(CX*8), R11   // the newline's
	MOVQ R14, R10
	SUBQ R12, R10           // na
	LEAQ -1(R10), DX
	CMPQ DX, $20
	JAE pdone               // na not in 1..20
	LEAQ -1(R11), R13
	SUBQ R14, R13           // nb
	LEAQ -1(R13), DX
	CMPQ DX, $20
	JAE pdone
	CMPB (SI)(R14*1), $0x20
	JNE pdone               // not a space after A
	CMPB (SI)(R11*1), $0x0a
	JNE pdone               // not a newline after B

	// A's digits right-aligned in bytes 0..31 and B's in 32..63, zeros before them:
	// masked loads of the 32 (64) bytes that end at each pile's last digit (bytes
	// masked out are neither read nor faulted on)
	KMOVD 168(R9)(R10*4), K2
	VMOVDQU8.Z -32(SI)(R14*1), K2, Z3
	KMOVQ (R9)(R13*8), K3
	VMOVDQU8 -64(SI)(R11*1), K3, Z3
	VPSUBUSB Z31, Z3, Z3

	VPMADDUBSW Z28, Z3, Z3  // 2-digit words
	VPMADDWD Z27, Z3, Z3    // 4-digit dwords
	VPACKUSDW Z3, Z3, Z3    // the lane's four 4-digit words, twice
	VPMADDWD Z26, Z3, Z3    // 8-digit dwords
	VPMULUDQ Z25, Z3, Z4
	VPSRLQ $32, Z3, Z3
	VPADDQ Z4, Z3, Z3       // 16-digit value in qword 0 of each lane
	VPXORQ Z4, Z4, Z4
	VPMADD52LUQ Z24, Z3, Z4 // the 4 leading digits times 5^16 (below 2^52)
	VPSLLQ $16, Z4, Z4      // times 10^16
	VALIGNQ $2, Z3, Z3, Z5
	VPADDQ Z5, Z4, Z4       // A in qword 0, B in qword 4
	CMPQ R10, $20
	JEQ pcheck
	CMPQ R13, $20
	JEQ pcheck
pstore:
	VPERMQ Z4, Z23, Z4
	VMOVDQU X4, (DI)
	ADDQ $16, DI
	LEAQ 1(R11), R12
	INCQ CX
	JMP ploop

pcheck:
	// a pile of 20 digits: below 2^64 = 18446744073709551616?
	VMOVDQU64 Z3, 0(SP)
	MOVQ $6744073709551615, AX
	MOVQ 0(SP), DX
	CMPQ DX, $1844
	JA pdone
	JB pcheckB
	CMPQ 16(SP), AX
	JA pdone
pcheckB:
	MOVQ 32(SP), DX
	CMPQ DX, $1844
	JA pdone
	JB pstore
	CMPQ 48(SP), AX
	JA pdone
	JMP pstore

pdone:
	VZEROUPPER
	MOVQ CX, n+40(FP)
	MOVQ R12, used+48(FP)
	RET

// tens128, ones128: the ASCII tens and ones digits of 0..99 (0..127: the tables of a VPERMI2B)
DATA tens128<>+0(SB)/8, $0x3030303030303030
DATA tens128<>+8(SB)/8, $0x3131313131313030
DATA tens128<>+16(SB)/8, $0x3232323231313131
DATA tens128<>+24(SB)/8, $0x3333323232323232
DATA tens128<>+32(SB)/8, $0x3333333333333333
DATA tens128<>+40(SB)/8, $0x3434343434343434
DATA tens128<>+48(SB)/8, $0x3535353535353434
DATA tens128<>+56(SB)/8, $0x3636363635353535
DATA tens128<>+64(SB)/8, $0x3737363636363636
DATA tens128<>+72(SB)/8, $0x3737373737373737
DATA tens128<>+80(SB)/8, $0x3838383838383838
DATA tens128<>+88(SB)/8, $0x3939393939393838
DATA tens128<>+96(SB)/8, $0x3030303039393939
DATA tens128<>+104(SB)/8, $0x3131303030303030
DATA tens128<>+112(SB)/8, $0x3131313131313131
DATA tens128<>+120(SB)/8, $0x3232323232323232
GLOBL tens128<>(SB), RODATA|NOPTR, $128

// 
DATA ones128<>+0(SB)/8, $0x3736353433323130
DATA ones128<>+8(SB)/8, $0x3534333231303938
DATA ones128<>+16(SB)/8, $0x3332313039383736
DATA ones128<>+24(SB)/8, $0x3130393837363534
DATA ones128<>+32(SB)/8, $0x3938373635343332
DATA ones128<>+40(SB)/8, $0x3736353433323130
DATA ones128<>+48(SB)/8, $0x3534333231303938
DATA ones128<>+56(SB)/8, $0x3332313039383736
DATA ones128<>+64(SB)/8, $0x3130393837363534
DATA ones128<>+72(SB)/8, $0x3938373635343332
DATA ones128<>+80(SB)/8, $0x3736353433323130
DATA ones128<>+88(SB)/8, $0x3534333231303938
DATA ones128<>+96(SB)/8, $0x3332313039383736
DATA ones128<>+104(SB)/8, $0x3130393837363534
DATA ones128<>+112(SB)/8, $0x3938373635343332
DATA ones128<>+120(SB)/8, $0x3736353433323130
GLOBL ones128<>(SB), RODATA|NOPTR, $128

// emitIdx: for line j of four (64 bytes each), where VPERMI2B finds the tens (0..63) and ones (64..127) of its last 16 digits of each pile in the 2-digit bytes
DATA emitIdx<>+0(SB)/8, $0x4202430300000000
DATA emitIdx<>+8(SB)/8, $0x4a0a4b0b40004101
DATA emitIdx<>+16(SB)/8, $0x0000000048084909
DATA emitIdx<>+24(SB)/8, $0x0445054606470700
DATA emitIdx<>+32(SB)/8, $0x0c4d0d4e0e4f0f44
DATA emitIdx<>+40(SB)/8, $0x000000000000004c
DATA emitIdx<>+48(SB)/8, $0x0000000000000000
DATA emitIdx<>+56(SB)/8, $0x0000000000000000
DATA emitIdx<>+64(SB)/8, $0x5212531300000000
DATA emitIdx<>+72(SB)/8, $0x5a1a5b1b50105111
DATA emitIdx<>+80(SB)/8, $0x0000000058185919
DATA emitIdx<>+88(SB)/8, $0x1455155616571700
DATA emitIdx<>+96(SB)/8, $0x1c5d1d5e1e5f1f54
DATA emitIdx<>+104(SB)/8, $0x000000000000005c
DATA emitIdx<>+112(SB)/8, $0x0000000000000000
DATA emitIdx<>+120(SB)/8, $0x0000000000000000
DATA emitIdx<>+128(SB)/8, $0x6222632300000000
DATA emitIdx<>+136(SB)/8, $0x6a2a6b2b60206121
DATA emitIdx<>+144(SB)/8, $0x0000000068286929
DATA emitIdx<>+152(SB)/8, $0x2465256626672700
DATA emitIdx<>+160(SB)/8, $0x2c6d2d6e2e6f2f64
DATA emitIdx<>+168(SB)/8, $0x000000000000006c
DATA emitIdx<>+176(SB)/8, $0x0000000000000000
DATA emitIdx<>+184(SB)/8, $0x0000000000000000
DATA emitIdx<>+192(SB)/8, $0x7232733300000000
DATA emitIdx<>+200(SB)/8, $0x7a3a7b3b70307131
DATA emitIdx<>+208(SB)/8, $0x0000000078387939
DATA emitIdx<>+216(SB)/8, $0x3475357636773700
DATA emitIdx<>+224(SB)/8, $0x3c7d3d7e3e7f3f74
DATA emitIdx<>+232(SB)/8, $0x000000000000007c
DATA emitIdx<>+240(SB)/8, $0x0000000000000000
DATA emitIdx<>+248(SB)/8, $0x0000000000000000
GLOBL emitIdx<>(SB), RODATA|NOPTR, $256

// emitIdxT: for line j of four, where VPERMB finds its leading 4 digits of each pile, the space and the newline in TD
DATA emitIdxT<>+0(SB)/8, $0x0000000003020100
DATA emitIdxT<>+8(SB)/8, $0x0000000000000000
DATA emitIdxT<>+16(SB)/8, $0x0605042000000000
DATA emitIdxT<>+24(SB)/8, $0x0000000000000007
DATA emitIdxT<>+32(SB)/8, $0x0000000000000000
DATA emitIdxT<>+40(SB)/8, $0x0000000000002100
DATA emitIdxT<>+48(SB)/8, $0x0000000000000000
DATA emitIdxT<>+56(SB)/8, $0x0000000000000000
DATA emitIdxT<>+64(SB)/8, $0x000000000b0a0908
DATA emitIdxT<>+72(SB)/8, $0x0000000000000000
DATA emitIdxT<>+80(SB)/8, $0x0e0d0c2000000000
DATA emitIdxT<>+88(SB)/8, $0x000000000000000f
DATA emitIdxT<>+96(SB)/8, $0x0000000000000000
DATA emitIdxT<>+104(SB)/8, $0x0000000000002100
DATA emitIdxT<>+112(SB)/8, $0x0000000000000000
DATA emitIdxT<>+120(SB)/8, $0x0000000000000000
DATA emitIdxT<>+128(SB)/8, $0x0000000013121110
DATA emitIdxT<>+136(SB)/8, $0x0000000000000000
DATA emitIdxT<>+144(SB)/8, $0x1615142000000000
DATA emitIdxT<>+152(SB)/8, $0x0000000000000017
DATA emitIdxT<>+160(SB)/8, $0x0000000000000000
DATA emitIdxT<>+168(SB)/8, $0x0000000000002100
DATA emitIdxT<>+176(SB)/8, $0x0000000000000000
DATA emitIdxT<>+184(SB)/8, $0x0000000000000000
DATA emitIdxT<>+192(SB)/8, $0x000000001b1a1918
DATA emitIdxT<>+200(SB)/8, $0x0000000000000000
DATA emitIdxT<>+208(SB)/8, $0x1e1d1c2000000000
DATA emitIdxT<>+216(SB)/8, $0x000000000000001f
DATA emitIdxT<>+224(SB)/8, $0x0000000000000000
DATA emitIdxT<>+232(SB)/8, $0x0000000000002100
DATA emitIdxT<>+240(SB)/8, $0x0000000000000000
DATA emitIdxT<>+248(SB)/8, $0x0000000000000000
GLOBL emitIdxT<>(SB), RODATA|NOPTR, $256

// emitTD: the leading 4 digits of pile p at bytes 4p..4p+3 from the tens (0..63) and ones (64..127) of its 2-digit bytes 8p+1 and 8p; a space and a newline at 32 and 33 (kept by the mask)
DATA emitTD<>+0(SB)/8, $0x4808490940004101
DATA emitTD<>+8(SB)/8, $0x5818591950105111
DATA emitTD<>+16(SB)/8, $0x6828692960206121
DATA emitTD<>+24(SB)/8, $0x7838793970307131
DATA emitTD<>+32(SB)/8, $0x0000000000000a20
DATA emitTD<>+40(SB)/8, $0x0000000000000000
DATA emitTD<>+48(SB)/8, $0x0000000000000000
DATA emitTD<>+56(SB)/8, $0x0000000000000000
GLOBL emitTD<>(SB), RODATA|NOPTR, $64

// func emitBlockAVX512(out *byte, ps *wythoff.Position, hot *byte, n int, lines *[64]byte, zm *uint64, dig *[3][64]byte) (written int)
//
// Four lines (eight piles) at a time, no branch on a value: each pile is cut into
// T = v/1e16 (4 digits), M = v/1e8%1e8 and L = v%1e8; M and L into 4-digit halves and
// those into 2-digit bytes, whose ASCII tens and ones two table look-ups give; each
// line is then put together by two byte permutes (X's 20 digits, ' ', Y's 20 digits,
// '\n'), its leading zeros dropped by VPCOMPRESSB, and stored 64 bytes at a time.
TEXT ·emitBlockAVX512(SB), NOSPLIT, $0-64
	MOVQ out+0(FP), DI
	MOVQ ps+8(FP), SI
	MOVQ hot+16(FP), R8
	MOVQ n+24(FP), BX
	MOVQ dig+48(FP), DX
	MOVQ $100000000, AX
	VPBROADCASTQ AX, Z31     // 1e8
	MOVQ $0x3e45798ee2308c32, AX
	VPBROADCASTQ AX, Z30     // 1e-8 less 8 ulps: v*Z30 is below v/1e8, by less than 1e-3
	MOVQ $0xffffffa0a1f00, AX
	VPBROADCASTQ AX, Z29     // 2^52 - 1e8
	MOVQ $1, AX
	VPBROADCASTQ AX, Z28
	MOVQ $0xfffffffffffff, AX
	VPBROADCASTQ AX, Z27     // 2^52 - 1
	MOVQ $0x2af31dc47, AX
	VPBROADCASTQ AX, Z26     // ceil(2^52 / 5^8): x/5^8 = x*Z26 >> 52 for x < 2^30
	MOVQ $0x68db8bac72, AX
	VPBROADCASTQ AX, Z25     // ceil(2^52 / 10^4): x/10^4 = x*Z25 >> 52 for x < 2^27
	MOVL $0xffffd8f0, AX
	VPBROADCASTQ AX, Z24     // 2^32 - 10000
	MOVL $0x147b147b, AX
	VPBROADCASTD AX, Z23     // 5243: w/100 = mulhi(w, 5243) >> 3 for w < 10000
	MOVL $0x009c009c, AX
	VPBROADCASTD AX, Z22     // 156 = 256 - 100
	VMOVDQU64 tens128<>+0(SB), Z21
	VMOVDQU64 tens128<>+64(SB), Z20
	VMOVDQU64 ones128<>+0(SB), Z19
	VMOVDQU64 ones128<>+64(SB), Z18
	MOVL $0x30303030, AX
	VPBROADCASTD AX, Z17     // '0'
	MOVL $0xffffffff, AX
	KMOVQ AX, K4             // TD's bytes 0..31
	MOVQ $0x20001f0000f, AX
	KMOVQ AX, K5             // a line's bytes from TD: 0..3, 20..24, 41
	MOVQ $0x10000080000, R9  // X's and Y's last digits, counted as non-zero
	MOVQ lines+32(FP), R14
	MOVQ zm+40(FP), R15
	LEAQ emitIdx<>(SB), R11
	LEAQ emitIdxT<>(SB), R12
	MOVQ $0x0a65736f6c, R13  // "lose\n"
	TESTQ BX, BX
	JLE edone
eloop:
	VMOVDQU64 (SI), Z0       // X0 Y0 X1 Y1 X2 Y2 X3 Y3

	// q = v/1e8 or one less, from the doubles; L = v - q*1e8 (below 2e8) in the low
	// 52 bits of v + q*(2^52-1e8); then q one more if L >= 1e8
	VCVTUQQ2PD Z0, Z1
	VMULPD Z30, Z1, Z1
	VCVTTPD2UQQ Z1, Z1
	VMOVDQA64 Z0, Z2
	VPMADD52LUQ Z29, Z1, Z2
	VPANDQ Z27, Z2, Z2
	VPCMPUQ $5, Z31, Z2, K1
	VPADDQ Z28, Z1, K1, Z1   // Z1: q = v / 1e8 < 2^38
	VPSUBQ Z31, Z2, K1, Z2   // Z2: L = v % 1e8

	// T = q/1e8 = (q>>8)/5^8, the high 52 bits of (q>>8)*Z26; M = q - T*1e8
	VPSRLQ $8, Z1, Z3
	VPXORQ Z4, Z4, Z4
	VPMADD52HUQ Z26, Z3, Z4  // Z4: T < 1845
	VPMULUDQ Z31, Z4, Z5
	VPSUBQ Z5, Z1, Z1        // Z1: M

	// M and L as x + (x/10000)*(2^32-10000): their 4 trailing digits in the low dword,
	// the 4 leading ones in the high dword
	VPXORQ Z5, Z5, Z5
	VPMADD52HUQ Z25, Z1, Z5
	VPMULUDQ Z24, Z5, Z5
	VPADDQ Z5, Z1, Z1
	VPXORQ Z7, Z7, Z7
	VPMADD52HUQ Z25, Z2, Z7
	VPMULUDQ Z24, Z7, Z7
	VPADDQ Z7, Z2, Z2

	// as words, line j's in lane j: rM(X) hM(X) rM(Y) hM(Y) rL(X) hL(X) rL(Y) hL(Y)
	VPACKUSDW Z2, Z1, Z1

	// each word w (and T) as w + (w/100)*156: w%100 in its low byte, w/100 in its high
	VPMULHUW Z23, Z1, Z5
	VPSRLW $3, Z5, Z5
	VPMULLW Z22, Z5, Z5
	VPADDW Z5, Z1, Z1
	VPMULHUW Z23, Z4, Z5
	VPSRLW $3, Z5, Z5
	VPMULLW Z22, Z5, Z5
	VPADDW Z5, Z4, Z4

	// the ASCII tens and ones of each 2-digit byte
	VMOVDQA64 Z1, Z6
	VPERMI2B Z20, Z21, Z6    // Z6: tens of the 16 trailing digits of each pile
	VPERMI2B Z18, Z19, Z1    // Z1: their ones
	VMOVDQA64 Z4, Z7
	VPERMI2B Z20, Z21, Z7    // tens of T's
	VPERMI2B Z18, Z19, Z4    // ones of T's
	VMOVDQU64 emitTD<>(SB), Z8
	VPERMI2B Z4, Z7, K4, Z8  // Z8: pile p's 4 leading digits at 4p, ' ' at 32, '\n' at 33
	VMOVDQU64 Z6, (DX)
	VMOVDQU64 Z1, 64(DX)
	VMOVDQU64 Z8, 128(DX)
	ADDQ $192, DX
	ADDQ $64, SI
	SUBQ $4, BX
	JGT eloop

	// each line, X's 20 digits, ' ', Y's 20 digits and '\n', into the scratch, with
	// the mask of its bytes other than '0'
	MOVQ n+24(FP), BX
	MOVQ dig+48(FP), DX
egroup:
	VMOVDQU64 (DX), Z6
	VMOVDQU64 64(DX), Z1
	VMOVDQU64 128(DX), Z8
	ADDQ $192, DX
	VMOVDQU64 (R11), Z9
	VPERMI2B Z1, Z6, Z9
	VMOVDQU64 (R12), Z10
	VPERMB Z8, Z10, K5, Z9
	VMOVDQU64 Z9, (R14)
	VPCMPB $4, Z17, Z9, K1
	KMOVQ K1, (R15)
	VMOVDQU64 64(R11), Z9
	VPERMI2B Z1, Z6, Z9
	VMOVDQU64 64(R12), Z10
	VPERMB Z8, Z10, K5, Z9
	VMOVDQU64 Z9, 64(R14)
	VPCMPB $4, Z17, Z9, K1
	KMOVQ K1, 8(R15)
	VMOVDQU64 128(R11), Z9
	VPERMI2B Z1, Z6, Z9
	VMOVDQU64 128(R12), Z10
	VPERMB Z8, Z10, K5, Z9
	VMOVDQU64 Z9, 128(R14)
	VPCMPB $4, Z17, Z9, K1
	KMOVQ K1, 16(R15)
	VMOVDQU64 192(R11), Z9
	VPERMI2B Z1, Z6, Z9
	VMOVDQU64 192(R12), Z10
	VPERMB Z8, Z10, K5, Z9
	VMOVDQU64 Z9, 192(R14)
	VPCMPB $4, Z17, Z9, K1
	KMOVQ K1, 24(R15)
	ADDQ $256, R14
	ADDQ $32, R15
	SUBQ $4, BX
	JGT egroup

	// each line from X's first non-zero digit (or its last digit) and from Y's, by
	// unaligned loads from the scratch
	MOVQ n+24(FP), BX
	MOVQ lines+32(FP), R14
	MOVQ zm+40(FP), R15
ecopy:
	CMPB (R8), $0
	JEQ ecold
	MOVQ (R15), AX
	ORQ R9, AX
	TZCNTQ AX, DX            // X's leading zeros
	SHRQ $21, AX
	TZCNTQ AX, AX            // Y's leading zeros
	VMOVDQU (R14)(DX*1), Y11
	VMOVDQU Y11, (DI)
	SUBQ DX, DI
	VMOVDQU 21(R14)(AX*1), Y12
	VMOVDQU Y12, 21(DI)
	SUBQ AX, DI
	ADDQ $42, DI
enext:
	INCQ R8
	ADDQ $64, R14
	ADDQ $8, R15
	DECQ BX
	JNZ ecopy
	JMP edone
ecold:
	MOVQ R13, (DI)
	ADDQ $5, DI
	JMP enext
edone:
	VZEROUPPER
	SUBQ out+0(FP), DI
	MOVQ DI, written+56(FP)
	RET
